// Random-looking words anywhere in text (a key pasted into a comment, an argument, a diff line):
// every maximal run of key characters is read once and tested with looksHighEntropy.
import { looksHighEntropy } from './entropy.js';
import { REDACTED } from './marker.js';

function isWordChar(code: number): boolean {
  // A-Z a-z 0-9 + / = _ -
  return (
    (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === 43 || code === 47 || code === 61 || code === 95 || code === 45
  );
}

const MIN_WORD = 20;
const MAX_WORD = 4096;

/** Calls `found(start, end)` for every random-looking word, in order; stops when it returns false. */
function scanRandomWords(text: string, found: (start: number, end: number) => boolean): void {
  let i = 0;
  const n = text.length;
  while (i < n) {
    if (!isWordChar(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    while (i < n && isWordChar(text.charCodeAt(i))) i++;
    const length = i - start;
    if (length >= MIN_WORD && length <= MAX_WORD && looksHighEntropy(text.slice(start, i)) && !found(start, i)) return;
  }
}

export function redactRandomWords(text: string): string {
  let out = '';
  let last = 0;
  scanRandomWords(text, (start, end) => {
    out += text.slice(last, start);
    out += REDACTED;
    last = end;
    return true;
  });
  return last === 0 ? text : out + text.slice(last);
}

/** True when some word of `text` looks like a random key (no string is built). */
export function hasRandomWord(text: string): boolean {
  let found = false;
  scanRandomWords(text, () => {
    found = true;
    return false;
  });
  return found;
}
