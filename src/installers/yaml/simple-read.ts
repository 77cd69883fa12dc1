// Reading plain block YAML without the `yaml` package, for commands that only read (status, list).
// Goose and Continue files are mostly what Goose, Continue and patchbay write: block mappings, block
// sequences, one-line scalars, `[]` and `{}`. Loading the package to read them cost `status` over the
// whole catalog ~25 ms (its 116 KB chunk compiled and run for two small files; issue 25).
//
// This reader answers only for text where it can tell the package would read the same value and
// report no problem. Anything else returns undefined, and the caller parses with the package: anchors,
// aliases, tags, block scalars (`|`, `>`), flow collections with content, scalars over several lines,
// quoted keys, directives and document markers, tabs, duplicate keys, keys that are not strings, and
// whatever fails the size and depth limits. Plain scalars resolve as the package's YAML 1.2 core schema
// does (the same tests, in the same order). test/installers/yaml/simple-read.test.ts holds it to the
// package, value, positions and layout, on the corpus and on generated text.
import { yamlLimitProblem } from './limits.js';

export interface SimpleYaml {
  /** The top-level mapping as the package's toJS() builds it. */
  value: { [key: string]: unknown };
  /** Where each node starts, as the package's ranges give it (see nodeOffset), keyed by pathKey(). */
  offsets: Map<string, number>;
  /** Where the top-level mapping starts (its first key). */
  rootOffset: number;
  /** The indentation steps from a key to its nested mapping's keys, counted (layout.ts's detectLayout). */
  steps: Map<number, number>;
}

export function pathKey(path: readonly (string | number)[]): string {
  return JSON.stringify(path);
}

interface Line {
  /** Spaces before the content. */
  indent: number;
  /** The content: from the first non-space character to the end of the line (no line break). */
  rest: string;
  /** Offset of `rest` in the text. */
  offset: number;
}

/** Thrown inside the reader when the text leaves the subset; never escapes readSimpleYaml. */
class Unsupported extends Error {}
const unsupported = (): never => {
  throw new Unsupported();
};

// Characters after which the package's lexer or composer behave in ways this reader does not model:
// tabs (indentation rules), control characters, NEL and the Unicode line and paragraph separators, a
// BOM inside the text, and a carriage return that is not part of \r\n.
const OUTSIDE = /[\t\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\ufeff]|\r(?!\n)/;

export function readSimpleYaml(text: string): SimpleYaml | undefined {
  if (OUTSIDE.test(text) || yamlLimitProblem(text)) return undefined;
  const lines = contentLines(text);
  if (lines === undefined) return undefined;
  const first = lines[0];
  if (first === undefined || first.indent !== 0 || isSeqItem(first.rest)) return undefined;
  const reader = new Reader(text, lines);
  try {
    const value = reader.mapping(0, []);
    if (reader.at < lines.length) return undefined;
    return { value, offsets: reader.offsets, rootOffset: first.offset, steps: reader.steps };
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
}

/** Every line holding content (blank and comment-only lines skipped); undefined for a directive or document marker. */
function contentLines(text: string): Line[] | undefined {
  const out: Line[] = [];
  let pos = 0;
  while (pos <= text.length) {
    let eol = text.indexOf('\n', pos);
    if (eol < 0) eol = text.length;
    const end = eol > pos && text.charCodeAt(eol - 1) === 0x0d ? eol - 1 : eol;
    const line = text.slice(pos, end);
    if (/^(?:%|---|\.\.\.)/.test(line)) return undefined;
    let indent = 0;
    while (line.charCodeAt(indent) === 0x20) indent++;
    if (indent < line.length && line[indent] !== '#') out.push({ indent, rest: line.slice(indent), offset: pos + indent });
    pos = eol + 1;
  }
  return out;
}

/** `- x` or a lone `-`: a block sequence item. */
function isSeqItem(rest: string): boolean {
  return rest === '-' || rest.startsWith('- ');
}

class Reader {
  at = 0;
  readonly offsets = new Map<string, number>();
  readonly steps = new Map<number, number>();

  constructor(
    private readonly text: string,
    private readonly lines: Line[],
  ) {}

  private line(): Line | undefined {
    return this.lines[this.at];
  }

  /** The block node starting at the current line, indented `indent`. */
  private block(indent: number, path: (string | number)[]): unknown {
    const line = this.line() as Line;
    return isSeqItem(line.rest) ? this.sequence(indent, path) : this.mapping(indent, path);
  }

  /** A block mapping whose keys sit at column `indent`, from the current line on. */
  mapping(indent: number, path: (string | number)[]): { [key: string]: unknown } {
    const out: { [key: string]: unknown } = {};
    for (let line = this.line(); line !== undefined && line.indent === indent; line = this.line()) {
      if (isSeqItem(line.rest)) unsupported(); // a `- ` among keys: the package reports an error
      const colon = keyEnd(line.rest);
      const key = line.rest.slice(0, colon);
      checkKey(key);
      if (Object.hasOwn(out, key)) unsupported(); // a duplicate: the full parse names it
      const here = [...path, key];
      this.offsets.set(pathKey(here), line.offset);
      const after = line.rest.slice(colon + 1);
      const valueText = after.replace(/^ +/, '');
      this.at++;
      // keyEnd found a `:` followed by a space or the line's end, so a `#` here follows a space: a comment.
      if (valueText === '' || valueText.startsWith('#')) {
        out[key] = this.nestedOf(indent, here, true);
      } else {
        out[key] = scalar(valueText);
        this.noContinuation(indent);
      }
    }
    const next = this.line();
    if (next !== undefined && next.indent > indent) unsupported();
    return out;
  }

  /**
   * The value of a `key:` (or a lone `-`) with nothing after it on its line: a block on the next lines,
   * indented deeper, or (after a key) a sequence at the key's own indentation; else null.
   */
  private nestedOf(indent: number, path: (string | number)[], afterKey: boolean): unknown {
    const next = this.line();
    const deeper = next !== undefined && next.indent > indent;
    const flushSeq = afterKey && next !== undefined && next.indent === indent && isSeqItem(next.rest);
    if (!deeper && !flushSeq) {
      if (!afterKey) unsupported(); // an empty item: the package's range for it is not modelled
      return null;
    }
    const start = next as Line;
    if (afterKey) this.countStep(indent, start);
    return this.block(start.indent, path);
  }

  /** detectLayout's tally: the step from a key to its nested mapping's first key. */
  private countStep(keyIndent: number, first: Line): void {
    if (isSeqItem(first.rest)) return; // sequences count toward seqIndent, which reading does not need
    const step = first.indent - keyIndent;
    if (step > 0) this.steps.set(step, (this.steps.get(step) ?? 0) + 1);
  }

  /** A block sequence whose dashes sit at column `indent`. */
  private sequence(indent: number, path: (string | number)[]): unknown[] {
    const out: unknown[] = [];
    for (let line = this.line(); line !== undefined && line.indent === indent && isSeqItem(line.rest); line = this.line()) {
      const here = [...path, out.length];
      const body = line.rest.slice(1);
      const gap = body.length - body.replace(/^ +/, '').length;
      const content = body.slice(gap);
      if (content === '' || content.startsWith('#')) {
        this.at++;
        const next = this.line();
        if (next !== undefined && next.indent > indent) this.offsets.set(pathKey(here), next.offset);
        out.push(this.nestedOf(indent, here, false));
        continue;
      }
      if (isSeqItem(content)) unsupported(); // `- - x`
      this.offsets.set(pathKey(here), line.offset + 1 + gap);
      if (!/^["']/.test(content) && hasKeyEnd(content)) {
        // `- key: value`: a mapping whose keys sit where this first key does. Read it from this line,
        // as if the key started the line.
        this.lines[this.at] = { indent: indent + 1 + gap, rest: content, offset: line.offset + 1 + gap };
        out.push(this.mapping(indent + 1 + gap, here));
        continue;
      }
      this.at++;
      out.push(scalar(content));
      this.noContinuation(indent);
    }
    const next = this.line();
    if (next !== undefined && next.indent > indent) unsupported();
    return out;
  }

  /** A line deeper than the one holding a scalar continues it (or is an error): not this reader's. */
  private noContinuation(indent: number): void {
    const next = this.line();
    if (next !== undefined && next.indent > indent) unsupported();
  }
}

/** Where the `:` that ends a key is (followed by a space or the end of the line); throws when none. */
function keyEnd(rest: string): number {
  const i = mappingColon(rest);
  return i < 0 ? unsupported() : i;
}

function hasKeyEnd(rest: string): boolean {
  return mappingColon(rest) >= 0;
}

function mappingColon(rest: string): number {
  for (let i = rest.indexOf(':'); i >= 0; i = rest.indexOf(':', i + 1)) {
    if (i + 1 === rest.length || rest[i + 1] === ' ') return i;
  }
  return -1;
}

/**
 * A key this reader takes: a plain scalar that resolves to a string, with no character that would
 * make it something else (an indicator first, a comment, flow punctuation), at most the 1024
 * characters YAML allows an implicit key.
 */
function checkKey(key: string): void {
  if (key === '' || key.length > 1024 || /^[-?:,[\]{}#&*!|>'"%@`]/.test(key) || / $/.test(key) || / #/.test(key) || /[[\]{},]/.test(key)) unsupported();
  if (key === '<<' || key === '__proto__') unsupported();
  if (typeof plain(key) !== 'string') unsupported(); // `1:`, `true:`, `null:` become other keys in toJS
}

/** A value written on one line after `key: ` or `- `, comment allowed after it. */
function scalar(text: string): unknown {
  const first = text[0];
  if (first === '"') return afterQuoted(text, doubleQuoted(text));
  if (first === "'") return afterQuoted(text, singleQuoted(text));
  if (first === '[' || first === '{') {
    const m = /^(\[\]|\{\})( +#.*| *)$/.exec(text);
    if (!m) unsupported(); // a flow collection with content
    return m?.[1] === '[]' ? [] : {};
  }
  if (/^[,\]}#&*!|>%@`]/.test(text) || /^[-?:](?: |$)/.test(text)) unsupported();
  const comment = text.indexOf(' #');
  const source = (comment < 0 ? text : text.slice(0, comment)).replace(/ +$/, '');
  if (hasKeyEnd(source)) unsupported(); // `a: b: c` is an error, `- a: b` was handled as a mapping
  return plain(source);
}

/** The remainder after a closed quote may hold spaces and a comment, nothing else. */
function afterQuoted(text: string, quoted: { value: string; end: number }): string {
  if (!/^( +#.*| *)$/.test(text.slice(quoted.end))) unsupported();
  return quoted.value;
}

const SIMPLE_ESCAPES: Record<string, string> = { '\\': '\\', '"': '"', '/': '/', n: '\n', t: '\t', r: '\r', '0': '\0', b: '\b', f: '\f' };

function doubleQuoted(text: string): { value: string; end: number } {
  let value = '';
  for (let i = 1; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '"') return { value, end: i + 1 };
    if (c !== '\\') {
      value += c;
      continue;
    }
    const e = text[i + 1] ?? '';
    const simple = SIMPLE_ESCAPES[e];
    if (simple !== undefined) {
      value += simple;
      i++;
      continue;
    }
    const width = e === 'x' ? 2 : e === 'u' ? 4 : 0;
    const hex = text.slice(i + 2, i + 2 + width);
    if (width === 0 || !new RegExp(`^[0-9a-fA-F]{${width}}$`).test(hex)) unsupported();
    value += String.fromCodePoint(parseInt(hex, 16));
    i += 1 + width;
  }
  return unsupported(); // not closed on this line: a multi-line string
}

function singleQuoted(text: string): { value: string; end: number } {
  let value = '';
  for (let i = 1; i < text.length; i++) {
    const c = text[i] as string;
    if (c !== "'") {
      value += c;
      continue;
    }
    if (text[i + 1] === "'") {
      value += "'";
      i++;
      continue;
    }
    return { value, end: i + 1 };
  }
  return unsupported();
}

// The `yaml` package's YAML 1.2 core schema (its schema/core/*.js), tried in its order.
const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const INT_OCT = /^0o[0-7]+$/;
const INT = /^[-+]?[0-9]+$/;
const INT_HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;

/** A one-line plain scalar's value, resolved as the package resolves it. */
export function plain(source: string): unknown {
  if (NULL.test(source)) return null;
  if (BOOL.test(source)) return source[0] === 't' || source[0] === 'T';
  if (INT_OCT.test(source)) return parseInt(source.substring(2), 8);
  if (INT.test(source)) return parseInt(source, 10);
  if (INT_HEX.test(source)) return parseInt(source.substring(2), 16);
  if (FLOAT_NAN.test(source)) return source.slice(-3).toLowerCase() === 'nan' ? NaN : source[0] === '-' ? -Infinity : Infinity;
  if (FLOAT_EXP.test(source) || FLOAT.test(source)) return parseFloat(source);
  return source;
}
