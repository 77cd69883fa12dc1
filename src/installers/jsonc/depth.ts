// A nesting cap, checked before anything recursive sees the text. jsonc-parser's parseTree, its
// getNodeValue and findNodeAtLocation, our duplicate-key walk, the printer and the redactor all recurse
// once (or more) per level of nesting, so a file nested a few thousand levels deep (`[[[[…`) used to
// overflow the stack ("Maximum call stack size exceeded", exit 70) instead of being refused.
//
// Why 256: real host configs nest fewer than 10 levels; serde_json (what Codex and Zed parse with)
// already refuses more than 128, so no host could read a deeper file anyway; and 256 leaves a wide
// margin below the ~3,000 levels at which the recursive steps above overflow Node's default stack.
import { lineColumn } from '../text/text.js';

/** The deepest nesting patchbay reads: the one policy of every format (text/limits.ts). */
export { MAX_NESTING } from '../text/limits.js';

/**
 * Where `text` first opens a container more than `max` levels deep (1-based line and column of that
 * `{` or `[`), or undefined when it never does.
 *
 * The scan mirrors jsonc-parser's scanner, so brackets inside strings and comments do not count:
 * a string ends at its closing quote or at a line break (an unterminated string), `\` skips the next
 * character, `//` runs to the line break, `/*` to `*\/` or the end. It never counts less than the
 * parser recurses, even on malformed text: a closer only closes the innermost container when it
 * matches its kind. jsonc-parser's error recovery skips tokens without recursing or returning, so
 * the depth it reaches is at most the depth counted here.
 */
export function checkDepth(text: string, max: number): { line: number; column: number } | undefined {
  // The kinds of the open containers: 0 for `{`, 1 for `[`. Bounded by max + 1 entries.
  const open = new Uint8Array(max + 1);
  let depth = 0;
  const len = text.length;
  // Sticky regexes skip the runs of characters that change nothing (most of a file) natively; the
  // loop below only sees quotes, slashes, brackets, and what ends a string.
  const plain = /[^"/{}[\]]*/y;
  const inString = /[^"\\\n\r]*/y;
  let i = 0;
  while (i < len) {
    plain.lastIndex = i;
    plain.test(text);
    i = plain.lastIndex;
    if (i >= len) break;
    const ch = text.charCodeAt(i);
    if (ch === 0x22 /* " */) {
      i++;
      for (;;) {
        inString.lastIndex = i;
        inString.test(text);
        i = inString.lastIndex;
        if (i >= len) break;
        const c = text.charCodeAt(i);
        if (c === 0x22) {
          i++;
          break;
        }
        if (c === 0x0a || c === 0x0d) break; // unterminated: the line break is a token of its own
        i += 2; // a backslash and the character it escapes
        // A backslash at the very end: stop here. (A sticky regex whose lastIndex is past the end
        // fails and resets lastIndex to 0, which would restart the scan forever.)
        if (i >= len) break;
      }
      continue;
    }
    if (ch === 0x2f /* / */) {
      const next = text.charCodeAt(i + 1);
      if (next === 0x2f) {
        i += 2;
        while (i < len && text.charCodeAt(i) !== 0x0a && text.charCodeAt(i) !== 0x0d) i++;
        continue;
      }
      if (next === 0x2a /* * */) {
        const end = text.indexOf('*/', i + 2);
        i = end < 0 ? len : end + 2;
        continue;
      }
      i++;
      continue;
    }
    if (ch === 0x7b /* { */ || ch === 0x5b /* [ */) {
      if (depth === max) return lineColumn(text, i);
      open[depth++] = ch === 0x7b ? 0 : 1;
    } else if (depth > 0 && ((ch === 0x7d /* } */ && open[depth - 1] === 0) || (ch === 0x5d /* ] */ && open[depth - 1] === 1))) {
      depth--;
    }
    i++;
  }
  return undefined;
}
