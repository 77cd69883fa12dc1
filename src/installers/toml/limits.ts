// The depth/size policy (text/limits.ts) for TOML, checked in one linear pass before the parser sees
// the text. The scan knows TOML's four string forms and its comments, so brackets inside them do not
// count; it never counts less nesting than the parser recurses, even on malformed text (a closer only
// closes when it matches), so a file it passes cannot overflow the parser or the code after it.
import { MAX_FILE_CHARS, MAX_NESTING, MAX_TOKEN_CHARS, type LimitProblem } from '../text/limits.js';

const QUOTE = 0x22;
const APOS = 0x27;
const HASH = 0x23;
const BACKSLASH = 0x5c;
const LF = 0x0a;
const CR = 0x0d;

export function tomlLimitProblem(text: string): LimitProblem | undefined {
  if (text.length > MAX_FILE_CHARS.toml) return { kind: 'too-large', offset: 0, what: 'file' };
  const open: number[] = [];
  let runStart = -1; // start of the current bare run (key, number, date): tokens outside strings
  const len = text.length;
  let i = 0;
  while (i < len) {
    const ch = text.charCodeAt(i);
    if (ch === QUOTE || ch === APOS) {
      runStart = -1;
      const triple = text.charCodeAt(i + 1) === ch && text.charCodeAt(i + 2) === ch;
      const start = i;
      i = triple ? endOfMultiline(text, i + 3, ch) : endOfLine(text, i + 1, ch);
      // The parser builds the string from its characters: the quotes and escapes do not matter here.
      if (i - start > MAX_TOKEN_CHARS) return { kind: 'too-large', offset: start, what: 'token' };
      continue;
    }
    if (ch === HASH) {
      runStart = -1;
      while (i < len && text.charCodeAt(i) !== LF && text.charCodeAt(i) !== CR) i++;
      continue;
    }
    if (ch === 0x5b /* [ */ || ch === 0x7b /* { */) {
      runStart = -1;
      if (open.length === MAX_NESTING) return { kind: 'too-deep', offset: i };
      open.push(ch);
    } else if (ch === 0x5d /* ] */ || ch === 0x7d /* } */) {
      runStart = -1;
      const top = open[open.length - 1];
      if ((ch === 0x5d && top === 0x5b) || (ch === 0x7d && top === 0x7b)) open.pop();
    } else if (ch === 0x20 || ch === 0x09 || ch === LF || ch === CR || ch === 0x2c /* , */ || ch === 0x3d /* = */) {
      runStart = -1;
    } else {
      if (runStart < 0) runStart = i;
      else if (i - runStart >= MAX_TOKEN_CHARS) return { kind: 'too-large', offset: runStart, what: 'token' };
    }
    i++;
  }
  return undefined;
}

/** After a one-line string opened before `from`: past its closing quote, or at the line break/end. */
function endOfLine(text: string, from: number, quote: number): number {
  let i = from;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === quote) return i + 1;
    if (c === LF || c === CR) return i;
    i += c === BACKSLASH && quote === QUOTE ? 2 : 1;
  }
  return text.length;
}

/** After a multi-line string opened before `from`: past its closing triple quote, or the end. */
function endOfMultiline(text: string, from: number, quote: number): number {
  const close = quote === QUOTE ? '"""' : "'''";
  let i = from;
  for (;;) {
    const at = text.indexOf(close, i);
    if (at < 0) return text.length;
    // In a basic string `\"""` is an escaped quote followed by two: count the backslashes before it.
    let backslashes = 0;
    for (let j = at - 1; j >= from && text.charCodeAt(j) === BACKSLASH; j--) backslashes++;
    if (quote === QUOTE && backslashes % 2 === 1) {
      i = at + 1;
      continue;
    }
    // Up to two more quotes may end the string (`""""` is a quote, then the closer).
    let end = at + 3;
    while (end < text.length && end < at + 5 && text.charCodeAt(end) === quote) end++;
    return end;
  }
}
