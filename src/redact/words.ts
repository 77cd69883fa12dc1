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

// A path segment a person named: lowercase, starting with a letter (`test`, `fixtures`, `node_modules`).
const NAMED_SEGMENT = /^[a-z][a-z0-9_-]{2,}$/;

/**
 * A run of key characters that is a file path, not a key: at least two of its `/`-separated segments,
 * and half of them, are named by a person. `tmp.SNhn2xEQXj/test/doctor/fixtures/good` (a mktemp folder
 * in a path) is one; a base64 key with slashes (`wJalrXUtnFEMI/K7MDENG/bPxRfiCY…`) is not. A path is
 * then judged segment by segment, so a token that IS a segment of it is still found.
 */
function isPathLike(word: string): boolean {
  if (!word.includes('/')) return false;
  const segments = word.split('/').filter((s) => s !== '');
  const named = segments.filter((s) => NAMED_SEGMENT.test(s)).length;
  return named >= 2 && named * 2 >= segments.length;
}

function looksRandom(word: string): boolean {
  if (!isPathLike(word)) return looksHighEntropy(word);
  return word.split('/').some((s) => s.length >= MIN_WORD && s.length <= MAX_WORD && looksHighEntropy(s));
}

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
    if (length >= MIN_WORD && length <= MAX_WORD && looksRandom(text.slice(start, i)) && !found(start, i)) return;
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
