// A validating TOML 1.0 parser that keeps only what editing needs: each table, key and value with its
// offsets (ast.ts). It replaces toml-eslint-parser at run time because that parser keeps a token list
// with line/column objects for every token: a 4 MB config.toml held about 420 MB of parse tree, a
// 16 MB one 1.6 GB (add took 36 s), and it spreads each string's characters into one call, which
// overflows the stack past ~120,000 characters. This one is one linear pass with sticky regexes, an
// object per key and value, and no recursion beyond the nesting that text/limits.ts caps first.
// TOML 1.0, not 1.1 (Codex, Grok and Vibe read 1.0): no newlines in inline tables, no `\e`, seconds
// required in times. The rules of which key may be defined where are TOML's own (tableRules below).
import type { Range, ScalarKind, TomlContent, TomlKey, TomlKeyValue, TomlProgram, TomlTable } from './ast.js';

export class TomlSyntaxError extends Error {
  constructor(message: string, readonly offset: number, readonly duplicate = false) {
    super(message);
  }
}

const BARE_KEY = /[A-Za-z0-9_-]+/y;
const WS = /[ \t]*/y;
/** A scalar that is not a string: the run of characters numbers, booleans and dates are made of. */
const SCALAR_RUN = /[0-9A-Za-z_+\-.:]+/y;
const TIME_AFTER_SPACE = / \d{2}:\d{2}:\d{2}/y;
const DEC_INT = /^[+-]?(?:0|[1-9](?:_?\d)*)$/;
const HEX_INT = /^0x[0-9A-Fa-f](?:_?[0-9A-Fa-f])*$/;
const OCT_INT = /^0o[0-7](?:_?[0-7])*$/;
const BIN_INT = /^0b[01](?:_?[01])*$/;
const FLOAT = /^[+-]?(?:0|[1-9](?:_?\d)*)(?:\.\d(?:_?\d)*)?(?:[eE][+-]?\d(?:_?\d)*)?$/;
const SPECIAL_FLOAT = /^[+-]?(?:inf|nan)$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}:\d{2}(?:\.\d+)?)([Zz]|[+-]\d{2}:\d{2})?$/;
/** Characters no string or comment may hold: C0 controls other than tab, and DEL. */
const CONTROL = /[\u0000-\u0008\u000A-\u001F\u007F]/;

/** How a path of the data came to exist; decides what may be defined there later (tableRules). */
type Origin = 'implicit' | 'header' | 'dotted' | 'inline' | 'value' | 'array-of-tables' | 'static-array';
interface DataNode {
  origin: Origin;
  children: Map<string, DataNode>;
  /** For an array of tables: its elements. */
  elements?: DataNode[];
}
const node = (origin: Origin): DataNode => ({ origin, children: new Map() });

export function parseTomlText(text: string): TomlProgram {
  return new TomlParser(text).parse();
}

class TomlParser {
  private i = 0;
  private readonly root = node('header');
  private readonly items: TomlProgram['items'] = [];

  constructor(private readonly text: string) {}

  parse(): TomlProgram {
    let table: { node: DataNode; body: TomlKeyValue[]; ast?: TomlTable } = { node: this.root, body: [] };
    const { text } = this;
    while (this.i < text.length) {
      this.skipWs();
      const c = text[this.i];
      if (c === undefined) break;
      if (c === '\n' || c === '\r' || c === '#') {
        this.endOfLine();
        continue;
      }
      if (c === '[') {
        const ast = this.header();
        this.items.push(ast);
        table = { node: this.headerNode(ast), body: ast.body, ast };
        this.endOfLine();
        continue;
      }
      const kv = this.keyValue(table.node);
      if (table.ast) {
        table.body.push(kv);
        table.ast.range[1] = kv.range[1];
      } else {
        this.items.push(kv);
      }
      this.endOfLine();
    }
    return { items: this.items };
  }

  // ---- lines -------------------------------------------------------------------------------------

  private skipWs(): void {
    WS.lastIndex = this.i;
    WS.test(this.text);
    this.i = WS.lastIndex;
  }

  /** After a statement: spaces, an optional comment, then a line break or the end. */
  private endOfLine(): void {
    const { text } = this;
    this.skipWs();
    if (text[this.i] === '#') this.comment();
    const c = text[this.i];
    if (c === undefined) return;
    if (c === '\n') {
      this.i++;
      return;
    }
    if (c === '\r' && text[this.i + 1] === '\n') {
      this.i += 2;
      return;
    }
    if (c === '\r') this.fail('a carriage return must be followed by a line feed', this.i);
    this.fail(`expected the end of the line, found ${show(c)}`, this.i);
  }

  private comment(): void {
    const { text } = this;
    let end = text.indexOf('\n', this.i);
    if (end < 0) end = text.length;
    if (text[end - 1] === '\r') end--;
    const body = text.slice(this.i + 1, end);
    const bad = CONTROL.exec(body);
    if (bad) this.fail('a control character is not allowed in a comment', this.i + 1 + bad.index);
    this.i = end;
  }

  /** Spaces, tabs, line breaks and comments (inside an array). */
  private skipWsCommentsNewlines(): void {
    const { text } = this;
    for (;;) {
      this.skipWs();
      const c = text[this.i];
      if (c === '#') this.comment();
      else if (c === '\n') this.i++;
      else if (c === '\r' && text[this.i + 1] === '\n') this.i += 2;
      else return;
    }
  }

  // ---- keys ----------------------------------------------------------------------------------------

  private keyPath(): TomlKey[] {
    const keys = [this.simpleKey()];
    for (;;) {
      const save = this.i;
      this.skipWs();
      if (this.text[this.i] !== '.') {
        this.i = save;
        return keys;
      }
      this.i++;
      this.skipWs();
      keys.push(this.simpleKey());
    }
  }

  private simpleKey(): TomlKey {
    const start = this.i;
    const c = this.text[start];
    if (c === '"') {
      const name = this.basicString();
      return { type: 'TOMLQuoted', name, range: [start, this.i] };
    }
    if (c === "'") {
      const name = this.literalString();
      return { type: 'TOMLQuoted', name, range: [start, this.i] };
    }
    BARE_KEY.lastIndex = start;
    if (!BARE_KEY.test(this.text)) this.fail(c === undefined || c === '\n' || c === '\r' ? 'expected a key' : `expected a key, found ${show(c)}`, start);
    this.i = BARE_KEY.lastIndex;
    return { type: 'TOMLBare', name: this.text.slice(start, this.i), range: [start, this.i] };
  }

  // ---- statements ----------------------------------------------------------------------------------

  private header(): TomlTable {
    const { text } = this;
    const start = this.i;
    const array = text[start + 1] === '[';
    this.i += array ? 2 : 1;
    this.skipWs();
    const keys = this.keyPath();
    this.skipWs();
    if (array ? !(text[this.i] === ']' && text[this.i + 1] === ']') : text[this.i] !== ']') {
      this.fail(array ? 'expected ]] to close the table header' : 'expected ] to close the table header', this.i);
    }
    this.i += array ? 2 : 1;
    return { type: 'TOMLTable', kind: array ? 'array' : 'standard', key: { keys }, resolvedKey: [], body: [], range: [start, this.i] };
  }

  private keyValue(table: DataNode): TomlKeyValue {
    const keys = this.keyPath();
    this.skipWs();
    if (this.text[this.i] !== '=') this.fail(`expected = after the key, found ${show(this.text[this.i])}`, this.i);
    this.i++;
    this.skipWs();
    const value = this.value();
    this.defineKeyValue(table, keys, value);
    return { type: 'TOMLKeyValue', key: { keys }, value, range: [(keys[0] as TomlKey).range[0], value.range[1]] };
  }

  // ---- values --------------------------------------------------------------------------------------

  private value(): TomlContent {
    const { text } = this;
    const start = this.i;
    const c = text[start];
    if (c === '"' || c === "'") {
      const triple = text.startsWith(c.repeat(3), start);
      const value = triple ? (c === '"' ? this.multilineBasic() : this.multilineLiteral()) : c === '"' ? this.basicString() : this.literalString();
      return { type: 'TOMLValue', kind: 'string', value, range: [start, this.i] };
    }
    if (c === '[') return this.array();
    if (c === '{') return this.inlineTable();
    SCALAR_RUN.lastIndex = start;
    if (!SCALAR_RUN.test(text)) this.fail(c === undefined || c === '\n' || c === '\r' || c === '#' ? 'expected a value' : `expected a value, found ${show(c)}`, start);
    let end = SCALAR_RUN.lastIndex;
    // A date and a time may be separated by a space (`1979-05-27 07:32:00Z`).
    if (DATE.test(text.slice(start, end))) {
      TIME_AFTER_SPACE.lastIndex = end;
      if (TIME_AFTER_SPACE.test(text)) {
        SCALAR_RUN.lastIndex = end + 1;
        SCALAR_RUN.test(text);
        end = SCALAR_RUN.lastIndex;
      }
    }
    const raw = text.slice(start, end);
    this.i = end;
    const scalar = this.scalar(raw, start);
    return { type: 'TOMLValue', kind: scalar.kind, value: scalar.value, range: [start, end] };
  }

  private scalar(raw: string, at: number): { kind: ScalarKind; value: string | number | boolean } {
    if (raw === 'true' || raw === 'false') return { kind: 'boolean', value: raw === 'true' };
    // `-0` is the integer 0 (Number would keep the sign: -0).
    if (DEC_INT.test(raw)) return { kind: 'integer', value: Number(raw.replace(/_/g, '')) + 0 };
    if (HEX_INT.test(raw)) return { kind: 'integer', value: Number.parseInt(raw.slice(2).replace(/_/g, ''), 16) };
    if (OCT_INT.test(raw)) return { kind: 'integer', value: Number.parseInt(raw.slice(2).replace(/_/g, ''), 8) };
    if (BIN_INT.test(raw)) return { kind: 'integer', value: Number.parseInt(raw.slice(2).replace(/_/g, ''), 2) };
    if (SPECIAL_FLOAT.test(raw)) return { kind: 'float', value: raw.endsWith('nan') ? Number.NaN : raw.startsWith('-') ? -Infinity : Infinity };
    if (FLOAT.test(raw) && /[.eE]/.test(raw)) return { kind: 'float', value: Number(raw.replace(/_/g, '')) };
    const dt = DATE_TIME.exec(raw);
    if (dt && validDate(dt[1] as string) && validTime(dt[2] as string) && (dt[3] === undefined || validOffset(dt[3]))) {
      return { kind: dt[3] === undefined ? 'local-date-time' : 'offset-date-time', value: raw };
    }
    if (DATE.test(raw) && validDate(raw)) return { kind: 'local-date', value: raw };
    if (TIME.test(raw) && validTime(raw)) return { kind: 'local-time', value: raw };
    this.fail(`'${raw.length > 40 ? `${raw.slice(0, 40)}…` : raw}' is not a TOML value (strings need quotes)`, at);
  }

  private array(): TomlContent {
    const start = this.i;
    this.i++;
    const elements: TomlContent[] = [];
    for (;;) {
      this.skipWsCommentsNewlines();
      if (this.text[this.i] === ']') break;
      elements.push(this.value());
      this.skipWsCommentsNewlines();
      const c = this.text[this.i];
      if (c === ',') {
        this.i++;
        continue;
      }
      if (c === ']') break;
      this.fail(c === undefined ? 'unterminated array: expected ]' : `expected , or ] in the array, found ${show(c)}`, this.i);
    }
    this.i++;
    return { type: 'TOMLArray', elements, range: [start, this.i] };
  }

  private inlineTable(): TomlContent {
    const start = this.i;
    this.i++;
    const body: TomlKeyValue[] = [];
    const table = node('inline');
    this.skipWs();
    if (this.text[this.i] === '}') {
      this.i++;
      return { type: 'TOMLInlineTable', body, range: [start, this.i] };
    }
    for (;;) {
      this.skipWs();
      body.push(this.keyValue(table));
      this.skipWs();
      const c = this.text[this.i];
      if (c === ',') {
        this.i++;
        this.skipWs();
        // TOML 1.0: no trailing comma and no line break inside an inline table.
        if (this.text[this.i] === '}') this.fail('a trailing comma is not allowed in an inline table', this.i - 1);
        if (this.text[this.i] === '\n' || this.text[this.i] === '\r') this.fail('a line break is not allowed inside an inline table (TOML 1.0)', this.i);
        continue;
      }
      if (c === '}') break;
      this.fail(c === '\n' || c === '\r' ? 'a line break is not allowed inside an inline table (TOML 1.0)' : c === undefined ? 'unterminated inline table: expected }' : `expected , or } in the inline table, found ${show(c)}`, this.i);
    }
    this.i++;
    return { type: 'TOMLInlineTable', body, range: [start, this.i] };
  }

  // ---- strings -------------------------------------------------------------------------------------

  private basicString(): string {
    const { text } = this;
    const start = this.i;
    let i = start + 1;
    let out = '';
    let from = i;
    for (;;) {
      const c = text.charCodeAt(i);
      if (i >= text.length || c === 0x0a || c === 0x0d) this.fail('unterminated string', i);
      if (c === 0x22) break;
      if (c === 0x5c) {
        out += text.slice(from, i);
        const [value, next] = this.escape(i);
        out += value;
        i = next;
        from = i;
        continue;
      }
      if ((c < 0x20 && c !== 0x09) || c === 0x7f) this.fail('a control character is not allowed in a string (write it as an escape)', i);
      i++;
    }
    this.i = i + 1;
    return out + text.slice(from, i);
  }

  private literalString(): string {
    const { text } = this;
    const start = this.i + 1;
    let i = start;
    for (;;) {
      const c = text.charCodeAt(i);
      if (i >= text.length || c === 0x0a || c === 0x0d) this.fail('unterminated string', i);
      if (c === 0x27) break;
      if ((c < 0x20 && c !== 0x09) || c === 0x7f) this.fail('a control character is not allowed in a string', i);
      i++;
    }
    this.i = i + 1;
    return text.slice(start, i);
  }

  private multilineBasic(): string {
    const { text } = this;
    let i = this.skipFirstNewline(this.i + 3);
    let out = '';
    let from = i;
    for (;;) {
      if (i >= text.length) this.fail('unterminated multi-line string: expected """', i);
      const c = text.charCodeAt(i);
      if (c === 0x22 && text.startsWith('"""', i)) {
        // Up to two quotes right before the closing three belong to the string.
        let end = i + 3;
        while (end < i + 5 && text.charCodeAt(end) === 0x22) end++;
        out += text.slice(from, end - 3);
        this.i = end;
        return out;
      }
      if (c === 0x5c) {
        out += text.slice(from, i);
        // A line-ending backslash: the line break and all whitespace after it are trimmed.
        const after = /[ \t]*(?:\r?\n)/y;
        after.lastIndex = i + 1;
        if (after.test(text)) {
          const ws = /[ \t\r\n]*/y;
          ws.lastIndex = after.lastIndex;
          ws.test(text);
          i = ws.lastIndex;
          this.checkCrlfs(after.lastIndex, i);
        } else {
          const [value, next] = this.escape(i);
          out += value;
          i = next;
        }
        from = i;
        continue;
      }
      if (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a) this.fail('a carriage return must be followed by a line feed', i);
      if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f) this.fail('a control character is not allowed in a string (write it as an escape)', i);
      i++;
    }
  }

  private multilineLiteral(): string {
    const { text } = this;
    const start = this.skipFirstNewline(this.i + 3);
    let i = start;
    for (;;) {
      if (i >= text.length) this.fail("unterminated multi-line string: expected '''", i);
      const c = text.charCodeAt(i);
      if (c === 0x27 && text.startsWith("'''", i)) {
        let end = i + 3;
        while (end < i + 5 && text.charCodeAt(end) === 0x27) end++;
        this.i = end;
        return text.slice(start, end - 3);
      }
      if (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a) this.fail('a carriage return must be followed by a line feed', i);
      if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f) this.fail('a control character is not allowed in a string', i);
      i++;
    }
  }

  private skipFirstNewline(i: number): number {
    if (this.text.charCodeAt(i) === 0x0a) return i + 1;
    if (this.text.charCodeAt(i) === 0x0d && this.text.charCodeAt(i + 1) === 0x0a) return i + 2;
    return i;
  }

  private checkCrlfs(from: number, to: number): void {
    for (let j = from; j < to; j++) if (this.text.charCodeAt(j) === 0x0d && this.text.charCodeAt(j + 1) !== 0x0a) this.fail('a carriage return must be followed by a line feed', j);
  }

  /** The escape at `i` (a backslash): its value and the offset after it. */
  private escape(i: number): [string, number] {
    const e = this.text[i + 1];
    const simple: Record<string, string> = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', '"': '"', '\\': '\\' };
    if (e !== undefined && Object.hasOwn(simple, e)) return [simple[e] as string, i + 2];
    if (e === 'u' || e === 'U') {
      const digits = e === 'u' ? 4 : 8;
      const hex = this.text.slice(i + 2, i + 2 + digits);
      if (!new RegExp(`^[0-9A-Fa-f]{${digits}}$`).test(hex)) this.fail(`\\${e} needs ${digits} hexadecimal digits`, i);
      const code = Number.parseInt(hex, 16);
      if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) this.fail(`\\${e}${hex} is not a Unicode scalar value`, i);
      return [String.fromCodePoint(code), i + 2 + digits];
    }
    this.fail(`invalid escape sequence \\${e ?? ''}`, i);
  }

  // ---- which key may be defined where (TOML 1.0 "Table", "Inline Table", "Array of Tables") --------

  /** The data node a header opens, checked against what is already defined; fills its resolvedKey. */
  private headerNode(table: TomlTable): DataNode {
    const keys = table.key.keys;
    let cur = this.root;
    const resolved: (string | number)[] = [];
    keys.forEach((key, index) => {
      const last = index === keys.length - 1;
      resolved.push(key.name);
      let next = cur.children.get(key.name);
      if (!last) {
        if (next === undefined) {
          next = node('implicit');
          cur.children.set(key.name, next);
        }
        if (next.origin === 'array-of-tables') {
          const elements = next.elements as DataNode[];
          resolved.push(elements.length - 1);
          cur = elements[elements.length - 1] as DataNode;
          return;
        }
        if (next.origin === 'value' || next.origin === 'inline' || next.origin === 'static-array') this.duplicate(key);
        cur = next;
        return;
      }
      if (table.kind === 'array') {
        if (next === undefined) {
          next = { ...node('array-of-tables'), elements: [] };
          cur.children.set(key.name, next);
        } else if (next.origin !== 'array-of-tables') {
          this.duplicate(key);
        }
        const element = node('header');
        (next.elements as DataNode[]).push(element);
        resolved.push((next.elements as DataNode[]).length - 1);
        cur = element;
        return;
      }
      if (next === undefined) {
        next = node('header');
        cur.children.set(key.name, next);
      } else if (next.origin === 'implicit') {
        next.origin = 'header';
      } else {
        this.duplicate(key);
      }
      cur = next;
    });
    table.resolvedKey = resolved;
    return cur;
  }

  private defineKeyValue(table: DataNode, keys: TomlKey[], value: TomlContent): void {
    let cur = table;
    keys.forEach((key, index) => {
      const next = cur.children.get(key.name);
      if (index < keys.length - 1) {
        // A dotted key creates tables, or goes on into tables dotted keys created; never into a table
        // a header defined, an inline table, or a value.
        if (next === undefined) {
          const created = node('dotted');
          cur.children.set(key.name, created);
          cur = created;
        } else if (next.origin === 'dotted') {
          cur = next;
        } else {
          this.duplicate(key);
        }
        return;
      }
      if (next !== undefined) this.duplicate(key);
      cur.children.set(key.name, node(value.type === 'TOMLInlineTable' ? 'inline' : value.type === 'TOMLArray' ? 'static-array' : 'value'));
    });
  }

  private duplicate(key: TomlKey): never {
    throw new TomlSyntaxError(`'${key.name}' is defined twice (as a key or a table)`, key.range[0], true);
  }

  private fail(message: string, at: number): never {
    throw new TomlSyntaxError(message, at);
  }
}

function show(c: string | undefined): string {
  if (c === undefined) return 'the end of the file';
  return JSON.stringify(c);
}

const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function validDate(date: string): boolean {
  const m = DATE.exec(date);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > (DAYS[month - 1] as number)) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return !(month === 2 && day === 29 && !leap);
}

function validTime(time: string): boolean {
  const m = TIME.exec(time);
  return m !== null && Number(m[1]) <= 23 && Number(m[2]) <= 59 && Number(m[3]) <= 60;
}

function validOffset(offset: string): boolean {
  if (offset === 'Z' || offset === 'z') return true;
  return Number(offset.slice(1, 3)) <= 23 && Number(offset.slice(4, 6)) <= 59;
}

export type { Range };
