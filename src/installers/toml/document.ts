// The TOML ConfigDocument: parse once, answer reads from the parsed value and the layout index, and
// plan edits as TextEdits (edit.ts). A document that did not parse answers nothing and edits nothing.
import {
  DocumentEditError,
  type ConfigDocument,
  type DocPath,
  type DocumentCodec,
  type DocumentStyle,
  type DocValue,
  type TextEdit,
} from '../document/types.js';
import type { Diagnostic } from '../../diagnostics.js';
import { detectFormat, lineColumn } from '../text/text.js';
import { planInsert, planRemove, planReplace, type EditContext } from './edit.js';
import { buildLayout, definitionStart, pathKey, type Layout } from './layout.js';
import { isBlank } from './lines.js';
import { parseToml } from './parse.js';
import { printDocument } from './print.js';
import { documentValue, valueAt } from './value.js';

class TomlDocument implements ConfigDocument {
  readonly kind = 'toml' as const;
  readonly text: string;
  readonly style: DocumentStyle;
  readonly diagnostics: readonly Diagnostic[];
  readonly empty: boolean;
  readonly #parsed: { layout: Layout; value: { [key: string]: DocValue } } | undefined;

  constructor(source: string, path: string | undefined) {
    const { split, program, diagnostics } = parseToml(source, path);
    this.text = split.body;
    this.diagnostics = diagnostics;
    this.empty = isBlank(split.body);
    // TOML has no indentation to match: tables are flat and we write arrays on one line.
    this.style = { ...detectFormat(source), indentUnit: '' };
    this.#parsed = program ? { layout: buildLayout(program), value: documentValue(program) } : undefined;
  }

  get(path: DocPath): DocValue | undefined {
    // A copy: a caller that changes what it got must not change what the document answers next.
    const value = this.#parsed ? valueAt(this.#parsed.value, path) : undefined;
    return value === undefined ? undefined : structuredClone(value);
  }

  position(path: DocPath): { line: number; column: number } | undefined {
    const def = this.#parsed?.layout.defs.get(pathKey(path));
    return def ? lineColumn(this.text, definitionStart(def)) : undefined;
  }

  insert(path: DocPath, value: DocValue): TextEdit[] {
    return planInsert(this.#context(), path, value);
  }

  remove(path: DocPath): TextEdit[] {
    return planRemove(this.#context(), path);
  }

  replace(path: DocPath, value: DocValue): TextEdit[] {
    return planReplace(this.#context(), path, value);
  }

  #context(): EditContext {
    if (!this.#parsed) {
      const first = this.diagnostics[0];
      throw new DocumentEditError(first?.code ?? 'parse-error', 'this file did not parse, so patchbay does not edit it', first?.line !== undefined && first.column !== undefined ? { line: first.line, column: first.column } : undefined, first?.hint);
    }
    return { text: this.text, layout: this.#parsed.layout, eol: this.style.eol };
  }
}

export const tomlCodec: DocumentCodec = {
  kind: 'toml',
  parse(text, options) {
    return new TomlDocument(text, options.path);
  },
  create(value, style) {
    const eol = style?.eol ?? '\n';
    const body = printDocument(value, eol);
    // An empty table is an empty file, not a lone line break.
    return body === '' || style?.finalNewline === false ? body : body + eol;
  },
};
