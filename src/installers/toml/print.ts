// Writing TOML: keys, inline values and whole table blocks, in TOML 1.0 syntax only. Strings are
// always basic strings ("..."), the one form that can hold any text once escaped.
import { DocumentEditError, type DocValue } from '../document/types.js';

type Table = { [key: string]: DocValue };

export function isTable(value: DocValue | undefined): value is Table {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A key as written in a header or before `=`: bare when TOML 1.0 allows it, quoted otherwise. */
function printKey(key: string): string {
  return /^[A-Za-z0-9_-]+$/.test(key) ? key : printString(key);
}

/** A dotted header path: ['mcp_servers', 'my.server'] → mcp_servers."my.server". */
export function printPath(path: readonly string[]): string {
  return path.map(printKey).join('.');
}

const SHORT_ESCAPES: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\b': '\\b', '\t': '\\t', '\n': '\\n', '\f': '\\f', '\r': '\\r' };

function printString(text: string): string {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    const code = text.charCodeAt(i);
    const short = SHORT_ESCAPES[ch];
    if (short !== undefined) {
      out += short;
    } else if (code < 0x20 || code === 0x7f) {
      // TOML forbids raw control characters in basic strings.
      out += `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      // A surrogate pair is one character, copied as is; a lone half is not Unicode and TOML has no
      // escape for it (\uD800 is invalid), so it cannot be written at all.
      const low = text.charCodeAt(i + 1);
      if (code > 0xdbff || !(low >= 0xdc00 && low <= 0xdfff)) {
        throw new DocumentEditError('toml-unsupported-value', `the string ${JSON.stringify(text)} holds a lone UTF-16 surrogate, which TOML cannot represent`);
      }
      out += ch + text[i + 1];
      i++;
    } else {
      out += ch;
    }
  }
  return `${out}"`;
}

function printNumber(n: number): string {
  if (Number.isNaN(n)) return 'nan';
  if (n === Infinity) return 'inf';
  if (n === -Infinity) return '-inf';
  if (Object.is(n, -0)) return '-0.0';
  const text = String(n);
  // Outside ±2^53 an integer-valued number is written as a float: TOML integers are 64-bit (2^64
  // would be invalid) and the digits past 2^53 are not real anyway. String() gives 1e+21 or a plain
  // digit run; the run needs ".0" to be a float.
  if (Number.isSafeInteger(n) || /[.e]/.test(text)) return text;
  return `${text}.0`;
}

/** A value on the right of `=`: scalar, array of non-tables, or (for replace) an inline table. */
export function printInline(value: DocValue): string {
  if (value === null) throw new DocumentEditError('toml-unsupported-value', 'TOML has no null; leave the key out instead');
  if (typeof value === 'string') return printString(value);
  if (typeof value === 'number') return printNumber(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) {
    if (value.some(isTable)) {
      throw new DocumentEditError('toml-unsupported-value', 'an array of tables is not written by patchbay (host entries hold only strings, numbers, booleans and their arrays)');
    }
    return `[${value.map(printInline).join(', ')}]`;
  }
  const members = Object.entries(value).map(([k, v]) => `${printKey(k)} = ${printInline(v)}`);
  return members.length === 0 ? '{}' : `{ ${members.join(', ')} }`;
}

/**
 * The lines of a table written as header blocks: `[path]` (or `[[path]]` for an array element) and
 * its `key = value` lines, then one block per nested table. TOML needs a table's own keys before its
 * sub-tables, so they are written first whatever the object's key order. A nested table gets a header
 * only when it has keys of its own or is empty; otherwise its sub-tables' headers imply it.
 */
function tableSections(path: readonly string[], table: Table, header: 'table' | 'array-element' | 'if-needed', out: string[][]): void {
  const lines: string[] = [];
  const children: Array<[string, Table]> = [];
  for (const [k, v] of Object.entries(table)) {
    if (isTable(v)) children.push([k, v]);
    else lines.push(`${printKey(k)} = ${printInline(v)}`);
  }
  if (header === 'array-element') lines.unshift(`[[${printPath(path)}]]`);
  else if (header === 'table' || lines.length > 0 || children.length === 0) lines.unshift(`[${printPath(path)}]`);
  if (lines.length > 0) out.push(lines);
  for (const [k, v] of children) tableSections([...path, k], v, 'if-needed', out);
}

/**
 * The block for one new entry: blank-line separated sections, no line break before or after (the
 * caller adds the separators, so that remove can take back exactly what insert added). `path` has
 * names only: an array element's sub-tables are written [list.sub], which TOML reads as the last
 * element's, i.e. this one's.
 */
export function printTableBlock(path: readonly string[], table: Table, arrayElement: boolean, eol: string): string {
  const sections: string[][] = [];
  tableSections(path, table, arrayElement ? 'array-element' : 'table', sections);
  return sections.map((lines) => lines.join(eol)).join(eol + eol);
}

/**
 * A whole new file: the root's own keys, then its tables. A root member that is a non-empty array of
 * tables is written as [[name]] blocks: that is how a list container (Mistral Vibe's [[mcp_servers]])
 * starts; anywhere deeper an array of tables is refused like in insert.
 */
export function printDocument(value: Table, eol: string): string {
  const rootLines: string[] = [];
  const sections: string[][] = [];
  for (const [k, v] of Object.entries(value)) {
    if (isTable(v)) tableSections([k], v, 'if-needed', sections);
    else if (Array.isArray(v) && v.length > 0 && v.every(isTable)) for (const element of v) tableSections([k], element, 'array-element', sections);
    else rootLines.push(`${printKey(k)} = ${printInline(v)}`);
  }
  if (rootLines.length > 0) sections.unshift(rootLines);
  return sections.map((lines) => lines.join(eol)).join(eol + eol);
}
