// A YAML ConfigDocument for reading only, built by simple-read.ts without the `yaml` package. It answers
// get, position, style and diagnostics exactly as YamlDocument would for the same text (the reader only
// answers when it can tell). Edits need the package's nodes: a read-only overlay never asks for one,
// and this document throws if anything does: a bug in patchbay, not a problem with the file, so not a
// DocumentEditError (which callers report as a refusal naming the file). Formats do not import
// patchbay's errors (test/installers/layering.test.ts); the overlay's own guard throws the typed one.
import type { Diagnostic } from '../../diagnostics.js';
import { valueAt } from '../document/pointer.js';
import type { ConfigDocument, DocPath, DocValue, DocumentStyle, TextEdit } from '../document/types.js';
import { lineColumn, splitBom } from '../text/text.js';
import { indentStep, textStyle } from './text-style.js';
import { pathKey, readSimpleYaml, type SimpleYaml } from './simple-read.js';

/** The read-only document for `input` (BOM allowed), or undefined when the `yaml` package must read it. */
export function simpleYamlDocument(input: string): ConfigDocument | undefined {
  const { bom, body } = splitBom(input);
  const read = readSimpleYaml(body);
  return read === undefined ? undefined : new SimpleYamlDocument(body, bom, read);
}

class SimpleYamlDocument implements ConfigDocument {
  readonly kind = 'yaml' as const;
  readonly diagnostics: readonly Diagnostic[] = [];
  readonly style: DocumentStyle;

  constructor(
    readonly text: string,
    bom: boolean,
    private readonly read: SimpleYaml,
  ) {
    // layout.ts's detectStyle, from the reader's tally instead of the package's nodes.
    this.style = textStyle(text, bom, indentStep(read.steps));
  }

  get empty(): boolean {
    return /^[ \t\r\n]*$/.test(this.text);
  }

  get(path: DocPath): DocValue | undefined {
    return valueAt(this.read.value, path) as DocValue | undefined;
  }

  position(path: DocPath): { line: number; column: number } | undefined {
    const offset = path.length === 0 ? this.read.rootOffset : this.read.offsets.get(pathKey(path));
    return offset === undefined ? undefined : lineColumn(this.text, offset);
  }

  insert(): TextEdit[] {
    return readOnly();
  }

  remove(): TextEdit[] {
    return readOnly();
  }

  replace(): TextEdit[] {
    return readOnly();
  }
}

function readOnly(): never {
  throw new Error('internal: a YAML document read for inspection was asked for an edit; plan edits on a planning overlay, which parses with the full codec');
}
