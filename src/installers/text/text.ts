// Text-level facts about a config file of any format: BOM, line/column positions and the formatting
// the file already uses. Edits must reproduce the file's own style, so we detect it instead of imposing
// ours. (The indentation heuristic reads JSON-style lines; TOML and YAML use only the rest.)

const BOM = '\uFEFF';

export interface SplitText {
  /** True when the file started with U+FEFF. jsonc-parser does not skip a BOM, so we strip it. */
  bom: boolean;
  /** The text without the BOM; every offset in this module is relative to it. */
  body: string;
}

export function splitBom(text: string): SplitText {
  return text.startsWith(BOM) ? { bom: true, body: text.slice(1) } : { bom: false, body: text };
}

export function joinBom(split: SplitText): string {
  return split.bom ? BOM + split.body : split.body;
}

/**
 * 1-based line and column of an offset in the BOM-less body. Columns count UTF-16 code units, as
 * editors and jsonc-parser do; the BOM is not counted (editors do not show it).
 */
export function lineColumn(body: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, body.length);
  for (let i = 0; i < end; i++) {
    const ch = body.charCodeAt(i);
    if (ch === 10 /* \n */) {
      line++;
      lineStart = i + 1;
    } else if (ch === 13 /* \r */ && body.charCodeAt(i + 1) !== 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

/**
 * lineColumn for many offsets of one text: the line starts are found once (the same line breaks:
 * \n, \r\n, a lone \r), then each lookup is a binary search.
 */
export function lineLocator(body: string): (offset: number) => { line: number; column: number } {
  const starts: number[] = [0];
  for (let i = 0; i < body.length; i++) {
    const ch = body.charCodeAt(i);
    if (ch === 10 || (ch === 13 && body.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
  }
  return (offset) => {
    const end = Math.min(offset, body.length);
    // The last line start <= end; a start equal to end counts only when a break precedes it (always).
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= end) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: end - (starts[lo] as number) + 1 };
  };
}

export interface TextFormat {
  eol: '\n' | '\r\n';
  /** One indentation step: '\t' or N spaces. */
  indentUnit: string;
  finalNewline: boolean;
  bom: boolean;
}

/** The style a file already uses. Defaults (for new files): LF, two spaces, final newline. */
export function detectFormat(text: string): TextFormat {
  const { bom, body } = splitBom(text);
  return { eol: detectEol(body), indentUnit: detectIndentUnit(body), finalNewline: body.endsWith('\n'), bom };
}

/** The line break a file mostly uses: \r\n when at least half its breaks are, else \n (also for none). */
export function detectEol(body: string): '\n' | '\r\n' {
  // Counted with indexOf, not match(/\r\n/g): on a 56 MB file the match arrays alone were a million
  // strings each.
  let lfTotal = 0;
  let crlf = 0;
  for (let i = body.indexOf('\n'); i >= 0; i = body.indexOf('\n', i + 1)) {
    lfTotal++;
    if (i > 0 && body.charCodeAt(i - 1) === 13) crlf++;
  }
  const lf = lfTotal - crlf;
  return crlf > 0 && crlf >= lf ? '\r\n' : '\n';
}

/**
 * The indentation step, judged from lines that start a property or close a container. Tabs win when
 * most such indented lines start with a tab; otherwise the smallest non-zero run of spaces (files
 * with a zero-indented top level and 2-space nesting still give 2).
 *
 * One pass over line starts (after each \n), reading characters in place: the same verdict as
 * matching /^([ \t]+)["}\]]/ on every line of body.split(/\r?\n/), without the split.
 */
export function detectIndentUnit(body: string): string {
  let tabLines = 0;
  let spaceLines = 0;
  let minSpaces = Infinity;
  for (let start = 0; start >= 0 && start <= body.length; ) {
    let i = start;
    let c = body.charCodeAt(i);
    while (c === 32 || c === 9) c = body.charCodeAt(++i);
    if (i > start && (c === 34 /* " */ || c === 125 /* } */ || c === 93 /* ] */)) {
      if (body.charCodeAt(start) === 9) {
        tabLines++;
      } else {
        spaceLines++;
        let n = 0;
        while (body.charCodeAt(start + n) === 32) n++;
        if (n > 0 && n < minSpaces) minSpaces = n;
      }
    }
    const nl = body.indexOf('\n', i);
    start = nl < 0 ? -1 : nl + 1;
  }
  if (tabLines > spaceLines) return '\t';
  if (minSpaces === Infinity) return '  ';
  return ' '.repeat(Math.min(Math.max(minSpaces, 1), 8));
}

/** Leading whitespace of the line that contains `offset`. */
export function lineIndent(body: string, offset: number): string {
  const start = lineStartOf(body, offset);
  return /^[ \t]*/.exec(body.slice(start))?.[0] ?? '';
}

export function lineStartOf(body: string, offset: number): number {
  let i = offset;
  while (i > 0 && body[i - 1] !== '\n' && body[i - 1] !== '\r') i--;
  return i;
}

/** True when only spaces/tabs precede `offset` on its line. */
export function startsLine(body: string, offset: number): boolean {
  return /^[ \t]*$/.test(body.slice(lineStartOf(body, offset), offset));
}
