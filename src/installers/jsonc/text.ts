// Text-level facts about a JSON/JSONC file: BOM, line/column positions and the formatting the file
// already uses. Edits must reproduce the file's own style, so we detect it instead of imposing ours.

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
  const crlf = (body.match(/\r\n/g) ?? []).length;
  const lf = (body.match(/\n/g) ?? []).length - crlf;
  const eol = crlf > 0 && crlf >= lf ? '\r\n' : '\n';
  return { eol, indentUnit: detectIndentUnit(body), finalNewline: /\n$/.test(body), bom };
}

/**
 * The indentation step, judged from lines that start a property or close a container. Tabs win when
 * most such indented lines start with a tab; otherwise the smallest non-zero run of spaces (files
 * with a zero-indented top level and 2-space nesting still give 2).
 */
export function detectIndentUnit(body: string): string {
  let tabLines = 0;
  let spaceLines = 0;
  let minSpaces = Infinity;
  for (const line of body.split(/\r?\n/)) {
    const m = /^([ \t]+)["}\]]/.exec(line);
    if (!m || m[1] === undefined) continue;
    const ws = m[1];
    if (ws.startsWith('\t')) {
      tabLines++;
    } else {
      spaceLines++;
      const n = /^ */.exec(ws)?.[0].length ?? 0;
      if (n > 0 && n < minSpaces) minSpaces = n;
    }
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
