// Line arithmetic for whole-table edits. An inserted block goes at the END of a line (before its line
// break, or at the end of a file without a final newline) as `EOL EOL block`, so the file's own line
// break, final newline or lack of it, stays after the block untouched. Removal takes back the line
// break and the one empty line above a block: exactly that separator, whatever was around it. A blank
// file gets `block EOL` at offset 0 instead, and a block with nothing but whitespace above it is cut
// with the line break after it.
// In a parsed document every line break is LF or CRLF (TOML rejects a lone CR).

/** Offset of the end of the line holding `offset`: before its LF/CRLF, or the end of the text. */
export function lineEnd(text: string, offset: number): number {
  const lf = text.indexOf('\n', offset);
  if (lf === -1) return text.length;
  return text[lf - 1] === '\r' && lf - 1 >= offset ? lf - 1 : lf;
}

export function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** Length of the line break that ends just before `offset` (0 at the start of the text). */
function breakBefore(text: string, offset: number): number {
  if (text[offset - 1] !== '\n') return 0;
  return text[offset - 2] === '\r' ? 2 : 1;
}

/** Length of the line break that starts at `offset` (0 at the end of the text). */
function breakAt(text: string, offset: number): number {
  if (text.startsWith('\r\n', offset)) return 2;
  return text[offset] === '\n' ? 1 : 0;
}

/** Only TOML whitespace and line breaks (or nothing). */
export const isBlank = (s: string): boolean => /^[ \t\r\n]*$/.test(s);

/**
 * Where a table's text ends, given the end of its last line: comment lines right below it belong to
 * it when a blank line or the end of the file follows them (a new entry goes after them); comment
 * lines that run straight into the next header are that header's preamble (the entry goes before).
 */
export function tableTextEnd(text: string, lastLineEnd: number): number {
  let cur = lastLineEnd;
  for (;;) {
    if (cur >= text.length) return cur;
    const next = cur + breakAt(text, cur);
    const end = lineEnd(text, next);
    const line = text.slice(next, end).trim();
    if (line === '') return cur;
    if (!line.startsWith('#')) return lastLineEnd;
    cur = end;
  }
}

/** End of the last line that holds anything but whitespace (a value, a header or a comment). */
export function contentEnd(text: string): number {
  const last = text.search(/[^ \t\r\n][ \t\r\n]*$/);
  return lineEnd(text, last);
}

/**
 * The span to delete for a block of whole lines [start, end) (start at a line start, end at a line
 * end): with the separator insert put before it, or, for a block that opens the file (what insert
 * writes into an empty file), with the line break after it.
 */
export function cutSpan(text: string, start: number, end: number): [number, number] {
  if (isBlank(text.slice(0, start))) return [start, end + breakAt(text, end)];
  let from = start - breakBefore(text, start);
  // One empty line (zero characters) above is the blank line insert adds; take it too.
  if (lineStart(text, from) === from) from -= breakBefore(text, from);
  return [from, end];
}
