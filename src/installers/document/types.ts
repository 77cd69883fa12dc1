// The format-neutral document: what the host core needs from a config file, whatever its syntax
// (JSON, JSONC, TOML, YAML). A document is read once; edits come back as DATA (TextEdit[]), never as
// a rewritten file, so several edits can be stacked on one file's text (see overlay.ts) and every
// byte outside an edit is provably untouched.
//
// Rules every implementation keeps (the tests of each format check them):
// - `insert` then `remove` of the same path gives back the exact original text (byte for byte).
// - Edits touch only the span of the member they add/remove/replace (plus the separators that span
//   needs: a comma in JSON, a blank line before a TOML table, ...). Comments elsewhere survive.
// - A text the implementation cannot edit safely is refused with an error Diagnostic (stable code,
//   1-based line/column), never approximated.
import type { Diagnostic } from '../../diagnostics.js';

/** A JSON-compatible value: what host entries are made of in every format. */
export type DocValue = string | number | boolean | null | DocValue[] | { [key: string]: DocValue };

/** A path into the document: object member names and array indices, e.g. ['mcp_servers', 'github']. */
export type DocPath = readonly (string | number)[];

/** Replace `length` characters at `offset` (in the BOM-less text) by `content`. */
export interface TextEdit {
  offset: number;
  length: number;
  content: string;
}

export type DocumentKind = 'json' | 'jsonc' | 'toml' | 'yaml';

/** What a value is, in JSON's terms. */
export type ValueType = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

export interface DocumentStyle {
  eol: '\n' | '\r\n';
  /** One indentation step: '\t' or N spaces. */
  indentUnit: string;
  finalNewline: boolean;
  bom: boolean;
}

export interface ConfigDocument {
  readonly kind: DocumentKind;
  /** The text without a leading BOM; every offset in TextEdits is relative to it. */
  readonly text: string;
  readonly style: DocumentStyle;
  /** Parse problems; any 'error' means the document must not be edited (callers refuse). */
  readonly diagnostics: readonly Diagnostic[];
  /** 0 bytes or whitespace only: present, but holds nothing. */
  readonly empty: boolean;
  /** The plain value at `path`, or undefined when absent (or when the document did not parse). */
  get(path: DocPath): DocValue | undefined;
  /**
   * The JSON type of the value at `path` (what `get` would return, without building it), or
   * undefined when `get` would be. Optional: shape checks fall back to `get`. A type check of a 10 MB
   * `mcp` object should not copy it.
   */
  typeAt?(path: DocPath): ValueType | undefined;
  /**
   * 1-based position of the node at `path`, for diagnostics: its key (default; where people look for
   * an entry), or its value (`at: 'value'`: where a wrong type is).
   */
  position(path: DocPath, at?: 'key' | 'value'): { line: number; column: number } | undefined;
  /**
   * Add `value` at `path`; missing parent containers are created. The last segment is a new member
   * name (must not exist yet) or, for a list, an index equal to its length (append).
   * Throws DocumentEditError when the layout does not allow a safe edit.
   */
  insert(path: DocPath, value: DocValue): TextEdit[];
  /** Remove the member at `path` exactly as `insert` laid it out (the inverse edit). */
  remove(path: DocPath): TextEdit[];
  /** Replace the value at `path` (which exists) with `value`, keeping the member's position. */
  replace(path: DocPath, value: DocValue): TextEdit[];
}

export interface DocumentCodec {
  readonly kind: DocumentKind;
  /** Parse `text` (BOM allowed); `path` is copied into diagnostics. Never throws on bad input. */
  parse(text: string, options: { path?: string }): ConfigDocument;
  /** The full text of a NEW file holding `value`, in `style` (defaults: LF, 2 spaces, final newline). */
  create(value: { [key: string]: DocValue }, style?: Partial<DocumentStyle>): string;
  /** Loads the codec's code when it is lazy (lazy-codec.ts); parse/create may be called once it resolves. */
  ready?(): Promise<void>;
  /**
   * A document for reading only, without loading the codec's code: what `parse` would give for
   * `text` (value, positions, style, no diagnostics), or undefined when only `parse` can tell. Its
   * edits throw. Used by an inspect-only overlay (overlay.ts); YAML's is yaml/simple-read.ts.
   */
  peek?(text: string, options: { path?: string }): Promise<ConfigDocument | undefined>;
}

/** An edit the document cannot make safely (e.g. TOML: our table name is also a dotted key elsewhere). */
export class DocumentEditError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly position?: { line: number; column: number },
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'DocumentEditError';
  }
}

/** Apply non-overlapping edits to `text` (any order given; applied from the end). */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => b.offset - a.offset || b.length - a.length);
  let out = text;
  let limit = Infinity;
  for (const e of sorted) {
    if (e.offset < 0 || e.offset + e.length > out.length || e.offset + e.length > limit) {
      throw new RangeError(`overlapping or out-of-range edit at ${e.offset}+${e.length}`);
    }
    out = out.slice(0, e.offset) + e.content + out.slice(e.offset + e.length);
    limit = e.offset;
  }
  return out;
}
