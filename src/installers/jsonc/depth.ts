// A nesting-depth pre-scan for JSON/JSONC text. jsonc-parser (and every tree walk after it) is
// recursive: around 5,000 nested arrays overflow the stack, which surfaced as an `internal` error
// instead of a diagnostic. One forward pass over the text, with no recursion and no allocation per
// character, finds the first bracket that opens deeper than `max` before anything recursive runs.
// Pure: shared by the installers' parseDocument, the CLI and the redactor.

/** Deeper than any real host configuration (they nest 3–6 levels) and far from the stack limit. */
export const MAX_JSON_DEPTH = 256;

/**
 * The 1-based line and column (UTF-16 code units, like lineColumn in text.ts; `\r\n`, `\r` and `\n`
 * end lines) of the first `{` or `[` that opens nesting level max + 1, or undefined when the text
 * never nests deeper than `max`. Brackets inside strings and comments do not count; a string ends at
 * its closing quote or, unterminated, at the end of its line (as jsonc-parser's scanner does).
 */
export function checkDepth(text: string, max: number): { line: number; column: number } | undefined {
  let depth = 0;
  let line = 1;
  let lineStart = 0;
  const n = text.length;
  let i = 0;
  const newline = (at: number) => {
    line++;
    lineStart = at + 1;
  };
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 10 /* \n */) {
      newline(i);
    } else if (c === 13 /* \r */) {
      if (text.charCodeAt(i + 1) !== 10) newline(i);
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      depth++;
      if (depth > max) return { line, column: i - lineStart + 1 };
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      if (depth > 0) depth--;
    } else if (c === 34 /* " */) {
      i++;
      while (i < n) {
        const s = text.charCodeAt(i);
        if (s === 92 /* \ */) {
          const escaped = text.charCodeAt(i + 1);
          // A backslash at the end of a line does not carry the string onto the next one.
          if (escaped === 10 || escaped === 13) {
            i++;
            break;
          }
          i += 2;
        } else if (s === 34 || s === 10 || s === 13) break;
        else i++;
      }
      // The closing quote is consumed by the i++ below; a line end is handled as a line end.
      if (i < n && text.charCodeAt(i) !== 34) continue;
    } else if (c === 47 /* / */ && text.charCodeAt(i + 1) === 47) {
      while (i < n && text.charCodeAt(i) !== 10 && text.charCodeAt(i) !== 13) i++;
      continue;
    } else if (c === 47 /* / */ && text.charCodeAt(i + 1) === 42 /* * */) {
      i += 2;
      while (i < n && !(text.charCodeAt(i) === 42 && text.charCodeAt(i + 1) === 47)) {
        const b = text.charCodeAt(i);
        if (b === 10 || (b === 13 && text.charCodeAt(i + 1) !== 10)) newline(i);
        i++;
      }
      i += 2;
      continue;
    }
    i++;
  }
  return undefined;
}
