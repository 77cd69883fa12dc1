// JSON and JSONC behind the format-neutral ConfigDocument (document/types.ts). The edits themselves
// are edit.ts's byte-minimal insert/remove/replace; this file only adapts them: a new body becomes a
// TextEdit (the one changed span), paths and values are checked, positions become line:column.
//
// Three tolerances, because hosts parse differently (docs/hosts.md):
//  - 'strict'   JSON only: a comment or a trailing comma is an error (Claude Code's .mcp.json).
//  - 'comments' comments allowed, trailing commas not (Gemini CLI's settings.json).
//  - 'jsonc'    comments and trailing commas (OpenCode, VS Code, Zed, Cursor).
import { findNodeAtLocation, type Node } from 'jsonc-parser';
import type { ConfigDocument, DocPath, DocValue, DocumentCodec, DocumentStyle, TextEdit, ValueType } from '../document/types.js';
import { DocumentEditError } from '../document/types.js';
import { commonPrefixLength, commonSuffixLength } from '../text/common-span.js';
import { parseDocument, type ParsedDocument } from './parse.js';
import { nodeValue } from './value.js';
import { detectFormat, lineColumn, lineIndent } from '../text/text.js';
import { freshDocument, insertAt, removeAt, replaceAt } from './edit.js';
import { nest, printCompact, printValue, type JsonValue } from './print.js';

export type JsonTolerance = 'strict' | 'comments' | 'jsonc';

/** The single span where `before` and `after` differ, as one TextEdit (no-op: an empty list). */
export function spanEdit(before: string, after: string): TextEdit[] {
  if (before === after) return [];
  const start = commonPrefixLength(before, after);
  const suffix = commonSuffixLength(before, after, Math.min(before.length, after.length) - start);
  return [{ offset: start, length: before.length - suffix - start, content: after.slice(start, after.length - suffix) }];
}

function keyPath(path: DocPath, op: string): readonly string[] {
  if (!path.every((p): p is string => typeof p === 'string')) {
    throw new DocumentEditError('invalid-path', `${op}: JSON host files keep servers in objects; a list index is not supported here`);
  }
  return path;
}

class JsonDocument implements ConfigDocument {
  readonly text: string;
  readonly style: DocumentStyle;
  readonly diagnostics;
  readonly empty: boolean;
  private readonly parsed: ParsedDocument;

  constructor(
    readonly kind: 'json' | 'jsonc',
    raw: string,
    tolerance: JsonTolerance,
    filePath: string | undefined,
  ) {
    this.parsed = parseDocument(raw, { strict: tolerance !== 'jsonc', allowComments: tolerance === 'comments', ...(filePath ? { path: filePath } : {}) });
    this.text = this.parsed.split.body;
    const format = detectFormat(raw);
    this.style = { eol: format.eol, indentUnit: format.indentUnit, finalNewline: format.finalNewline, bom: format.bom };
    this.diagnostics = this.parsed.diagnostics;
    this.empty = this.parsed.empty;
  }

  /** The parsed tree, for callers that still need jsonc-parser nodes (comment checks, offsets). */
  get tree(): ParsedDocument {
    return this.parsed;
  }

  private node(path: DocPath): Node | undefined {
    const root = this.parsed.root;
    if (!root || this.diagnostics.some((d) => d.severity === 'error')) return undefined;
    return path.length === 0 ? root : findNodeAtLocation(root, [...path]);
  }

  get(path: DocPath): DocValue | undefined {
    const node = this.node(path);
    return node === undefined ? undefined : (nodeValue(this.parsed, node) as DocValue);
  }

  typeAt(path: DocPath): ValueType | undefined {
    const node = this.node(path);
    return node === undefined ? undefined : (node.type as ValueType);
  }

  position(path: DocPath, at: 'key' | 'value' = 'key'): { line: number; column: number } | undefined {
    const node = this.node(path);
    if (!node) return undefined;
    const offset = at === 'key' && node.parent?.type === 'property' ? node.parent.offset : node.offset;
    return lineColumn(this.text, offset);
  }

  insert(path: DocPath, value: DocValue): TextEdit[] {
    const keys = keyPath(path, 'insert');
    if (this.node(path) !== undefined) throw new DocumentEditError('entry-exists', `${keys.join('.')} already exists`, this.position(path));
    if (this.empty) {
      // Nothing to preserve but the whitespace itself, which stays in front of the new object.
      return [{ offset: this.text.length, length: 0, content: freshDocument(nest(keys, value as JsonValue), this.style) }];
    }
    return spanEdit(this.text, insertAt(this.text, keys, value as JsonValue, this.style));
  }

  remove(path: DocPath): TextEdit[] {
    const keys = keyPath(path, 'remove');
    if (this.node(path) === undefined) return [];
    const body = removeAt(this.text, keys).body;
    // The inverse of an insert into a whitespace-only file: the object we appended after that
    // whitespace (multi-line, as freshDocument prints it) is emptied to `{}`; take it back whole. A
    // user's own `{}` filled by a compact insert (`{"mcpServers": …}`) never matches the first test.
    const leading = /^\s*/.exec(this.text)?.[0] ?? '';
    const createdHere = leading.length > 0 && this.text.startsWith(`{${this.style.eol}`, leading.length);
    if (createdHere && body.slice(leading.length) === freshDocument({}, this.style)) return spanEdit(this.text, leading);
    return spanEdit(this.text, body);
  }

  replace(path: DocPath, value: DocValue): TextEdit[] {
    const node = this.node(path);
    if (!node) throw new DocumentEditError('entry-missing', `nothing at ${path.join('.')} to replace`);
    // A value that sat on one line stays on one line; a multi-line one is printed at its own indent.
    const oneLine = !/[\r\n]/.test(this.text.slice(node.offset, node.offset + node.length));
    const printed = oneLine
      ? printCompact(value as JsonValue)
      : printValue(value as JsonValue, { base: lineIndent(this.text, node.offset), unit: this.style.indentUnit, eol: this.style.eol });
    return spanEdit(this.text, replaceAt(this.text, path, printed));
  }
}

export function jsonCodec(tolerance: JsonTolerance): DocumentCodec & { readonly tolerance: JsonTolerance; parse(text: string, options: { path?: string }): ConfigDocument & { tree: ParsedDocument } } {
  const kind = tolerance === 'jsonc' ? 'jsonc' : 'json';
  return {
    kind,
    tolerance,
    parse: (text, options) => new JsonDocument(kind, text, tolerance, options.path),
    create: (value, style) => freshDocument(value as JsonValue, { eol: style?.eol ?? '\n', indentUnit: style?.indentUnit ?? '  ' }),
  };
}
