// Line arithmetic on the BOM-less text. Block YAML is line-based: a member we add or remove is a run
// of whole lines, so edits are expressed as line spans. YAML breaks lines at \n, \r\n and a lone \r.
import { lineStartOf } from '../text/text.js';

/** 0-based column of `offset` (indentation is spaces, so code units are columns). */
export function column(text: string, offset: number): number {
  return offset - lineStartOf(text, offset);
}

/** The line holding `offset`: `end` is where its line break starts, `next` where the next line starts (`end` when the text ends without a break). */
export function lineEnd(text: string, offset: number): { end: number; next: number } {
  let i = offset;
  while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i++;
  if (text.startsWith('\r\n', i)) return { end: i, next: i + 2 };
  return { end: i, next: i < text.length ? i + 1 : i };
}

/** Start of the line break that ends the line before the one starting at `lineStart` (0 for the first line). */
function breakBefore(text: string, lineStart: number): number {
  if (lineStart === 0) return 0;
  return text[lineStart - 1] === '\n' && text[lineStart - 2] === '\r' ? lineStart - 2 : lineStart - 1;
}

/** True when only spaces precede `offset` on its line. */
export function startsLine(text: string, offset: number): boolean {
  return /^ *$/.test(text.slice(lineStartOf(text, offset), offset));
}

/**
 * The whole lines from the one holding `start` to the one holding `end - 1`, with one line break: the
 * break after them, or, on the last line of a file without a final newline, the break before them.
 * This is the span an appended member occupies, so removing it is the exact inverse of appending.
 */
export function lineSpan(text: string, start: number, end: number): [number, number] {
  const from = lineStartOf(text, start);
  const last = lineEnd(text, end - 1);
  return last.next > last.end ? [from, last.next] : [breakBefore(text, from), last.end];
}
