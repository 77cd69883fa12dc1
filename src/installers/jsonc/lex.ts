// The lexical pieces fast.ts and level.ts share: comments and whitespace, strict-JSON strings, numbers
// and word boundaries, as
// jsonc-parser's scanner delimits them (see fast.ts for the accepted subset).

export const FAIL = -1;

/**
 * Offset after the whitespace and comments starting at `i`; FAIL on a lone `/` or an unterminated
 * block comment (not JSONC). Each comment's [start, end) is added to `comments` when given.
 */
export function skipTrivia(body: string, i: number, comments?: Array<[number, number]>): number {
  const n = body.length;
  for (;;) {
    const c = body.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) {
      i++;
      continue;
    }
    if (c !== 47) return i;
    const next = body.charCodeAt(i + 1);
    let end: number;
    if (next === 47) {
      end = i + 2;
      while (end < n && body.charCodeAt(end) !== 10 && body.charCodeAt(end) !== 13) end++;
    } else if (next === 42) {
      const close = body.indexOf('*/', i + 2);
      if (close < 0) return FAIL;
      end = close + 2;
    } else {
      return FAIL;
    }
    comments?.push([i, end]);
    i = end;
  }
}

/** jsonc-parser's isUnknownContentCharacter: what continues a literal word (so `truex` is one token). */
export function continuesWord(c: number): boolean {
  if (Number.isNaN(c)) return false;
  switch (c) {
    case 32: case 9: case 10: case 13: // whitespace, line breaks
    case 125: case 93: case 123: case 91: case 34: case 58: case 44: case 47: // } ] { [ " : , /
      return false;
    default:
      return true;
  }
}

export function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

export function isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

/** A run of string content that needs no attention: no quote, no backslash, no control character. */
const PLAIN_STRING = /[^"\\\u0000-\u001f]*/y;

/** End (after the closing quote) of the string starting at `i`, or FAIL. Sets `escaped`. */
export function scanString(body: string, i: number, state: { escaped: boolean }): number {
  const n = body.length;
  let j = i + 1;
  state.escaped = false;
  while (j < n) {
    PLAIN_STRING.lastIndex = j;
    PLAIN_STRING.test(body);
    j = PLAIN_STRING.lastIndex;
    if (j >= n) break;
    const c = body.charCodeAt(j);
    if (c === 34) return j + 1;
    if (c === 92) {
      state.escaped = true;
      const e = body.charCodeAt(j + 1);
      if (e === 34 || e === 92 || e === 47 || e === 98 || e === 102 || e === 110 || e === 114 || e === 116) {
        j += 2;
      } else if (e === 117) {
        if (!(isHex(body.charCodeAt(j + 2)) && isHex(body.charCodeAt(j + 3)) && isHex(body.charCodeAt(j + 4)) && isHex(body.charCodeAt(j + 5)))) return FAIL;
        j += 6;
      } else {
        return FAIL;
      }
      continue;
    }
    if (c < 32) return FAIL; // raw control character or line break: jsonc-parser reports it
    j++;
  }
  return FAIL; // unterminated
}

/** End of the number starting at `i`, or FAIL. */
export function scanNumber(body: string, i: number): number {
  let j = i;
  if (body.charCodeAt(j) === 45) j++;
  const first = body.charCodeAt(j);
  if (first === 48) j++;
  else if (first >= 49 && first <= 57) while (isDigit(body.charCodeAt(j))) j++;
  else return FAIL;
  if (body.charCodeAt(j) === 46) {
    j++;
    if (!isDigit(body.charCodeAt(j))) return FAIL;
    while (isDigit(body.charCodeAt(j))) j++;
  }
  const e = body.charCodeAt(j);
  if (e === 69 || e === 101) {
    j++;
    const sign = body.charCodeAt(j);
    if (sign === 43 || sign === 45) j++;
    if (!isDigit(body.charCodeAt(j))) return FAIL;
    while (isDigit(body.charCodeAt(j))) j++;
  }
  // jsonc-parser would scan `1x` as a number and a word (an error); `01` as two numbers (an error).
  return continuesWord(body.charCodeAt(j)) ? FAIL : j;
}

/** The value a string token stands for (its key or content). */
export function stringValue(body: string, start: number, end: number, escaped: boolean): string {
  return escaped ? (JSON.parse(body.slice(start, end)) as string) : body.slice(start + 1, end - 1);
}

