// The YAML ConfigDocument: a parsed file plus the edit operations, each returning TextEdits on the
// original text. A document with an error diagnostic is never edited (every operation refuses with
// that diagnostic's code and position), and get() answers undefined for it.
import type { Diagnostic } from '../../diagnostics.js';
import { valueAt } from '../document/pointer.js';
import { DocumentEditError, type ConfigDocument, type DocPath, type DocValue, type DocumentStyle, type TextEdit } from '../document/types.js';
import { lineColumn } from '../text/text.js';
import type { BlockLayout } from './print.js';
import { detectStyle } from './layout.js';
import { follow, stepOffset } from './locate.js';
import { insertEdits } from './insert.js';
import { parseYaml, type ParsedYaml } from './parse.js';
import { removeEdits } from './remove.js';
import { replaceEdits } from './replace.js';

export class YamlDocument implements ConfigDocument {
  readonly kind = 'yaml' as const;
  readonly style: DocumentStyle;
  private readonly parsed: ParsedYaml;
  private readonly layout: BlockLayout & { eol: string };

  constructor(text: string, path?: string) {
    this.parsed = parseYaml(text, path);
    const { unit, seqIndent, ...style } = detectStyle(this.parsed.text, this.parsed.bom, this.parsed.root);
    this.style = style;
    this.layout = { unit, seqIndent, eol: style.eol };
  }

  get text(): string {
    return this.parsed.text;
  }

  get diagnostics(): readonly Diagnostic[] {
    return this.parsed.diagnostics;
  }

  get empty(): boolean {
    return /^[ \t\r\n]*$/.test(this.parsed.text);
  }

  get(path: DocPath): DocValue | undefined {
    if (this.parsed.diagnostics.length > 0) return undefined;
    return valueAt(this.parsed.value, path) as DocValue | undefined;
  }

  position(path: DocPath): { line: number; column: number } | undefined {
    const { root, text } = this.parsed;
    const steps = follow(root, path);
    if (steps.length < path.length) return undefined;
    const last = steps[steps.length - 1];
    const offset = last === undefined ? root?.range[0] : stepOffset(last);
    return offset === undefined ? undefined : lineColumn(text, offset);
  }

  insert(path: DocPath, value: DocValue): TextEdit[] {
    this.assertEditable();
    return insertEdits(this.parsed, path, value, this.layout);
  }

  remove(path: DocPath): TextEdit[] {
    this.assertEditable();
    return removeEdits(this.parsed, path);
  }

  replace(path: DocPath, value: DocValue): TextEdit[] {
    this.assertEditable();
    return replaceEdits(this.parsed, path, value, this.layout);
  }

  private assertEditable(): void {
    const error = this.parsed.diagnostics.find((d) => d.severity === 'error');
    if (error) {
      const at = error.line === undefined || error.column === undefined ? undefined : { line: error.line, column: error.column };
      throw new DocumentEditError(error.code, error.message, at, error.hint);
    }
  }
}
