// The parsed shape of a TOML file that the layout index, the value walk and the edits read: every
// table, key and value with its [start, end) offsets in the text, and nothing else (no token list, no
// line/column objects), so a parsed file costs a small multiple of its size (parser.ts).

export type Range = [number, number];

export interface TomlKey {
  /** Bare (`a-b`) or quoted (`"a.b"`, `'x'`): the name is the key's value either way. */
  type: 'TOMLBare' | 'TOMLQuoted';
  name: string;
  range: Range;
}

export interface TomlKeyValue {
  type: 'TOMLKeyValue';
  key: { keys: TomlKey[] };
  value: TomlContent;
  /** From the key's first character to the value's last. */
  range: Range;
}

export type ScalarKind = 'string' | 'integer' | 'float' | 'boolean' | 'offset-date-time' | 'local-date-time' | 'local-date' | 'local-time';

export interface TomlScalar {
  type: 'TOMLValue';
  kind: ScalarKind;
  /** Strings, numbers, booleans; for a date or time its text as written (no Date: it would lose how it was written). */
  value: string | number | boolean;
  range: Range;
}

export interface TomlArray {
  type: 'TOMLArray';
  elements: TomlContent[];
  range: Range;
}

export interface TomlInlineTable {
  type: 'TOMLInlineTable';
  body: TomlKeyValue[];
  range: Range;
}

export type TomlContent = TomlScalar | TomlArray | TomlInlineTable;

export interface TomlTable {
  type: 'TOMLTable';
  /** `[x]` is standard, `[[x]]` an array-of-tables element. */
  kind: 'standard' | 'array';
  key: { keys: TomlKey[] };
  /** The path of the table in the data: `[[a]]` blocks numbered (`['a', 2]` is the third), `[a.b]` under the last `[[a]]` as `['a', n, 'b']`. */
  resolvedKey: (string | number)[];
  body: TomlKeyValue[];
  /** From `[` to the end of its last key/value (or of its header). */
  range: Range;
}

export interface TomlProgram {
  /** Top-level key/values (before the first header) and tables, in document order. */
  items: (TomlKeyValue | TomlTable)[];
}
