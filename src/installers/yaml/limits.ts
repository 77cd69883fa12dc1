// The depth/size policy (text/limits.ts) for YAML, checked in one linear pass before the `yaml`
// package (whose composer recurses per level and overflows near 1,000) sees the text.
//
// Depth is block nesting (an indentation stack, a `- ` entry and the mapping it holds each a level,
// a sequence written at its key's own indentation still one level deeper) plus flow nesting (`[`
// and `{` outside quotes and comments). Block scalars (`|`, `>`) are skipped: their lines are text.
// Quotes open a scalar only where a scalar starts (`it's` in a plain value is an apostrophe).
import { MAX_FILE_CHARS, MAX_NESTING, MAX_TOKEN_CHARS, type LimitProblem } from '../text/limits.js';

interface Level {
  indent: number;
  /** A `key:` whose value starts on a later line: a `- ` at the same indentation is its child. */
  openKey: boolean;
}

export function yamlLimitProblem(text: string): LimitProblem | undefined {
  if (text.length > MAX_FILE_CHARS.yaml) return { kind: 'too-large', offset: 0, what: 'file' };
  const levels: Level[] = [];
  let flow = 0;
  let blockScalarOf = -1; // the indentation of the line that opened a block scalar, while inside it
  let pos = 0;
  while (pos < text.length) {
    let eol = text.indexOf('\n', pos);
    if (eol < 0) eol = text.length;
    const lineEnd = eol > pos && text.charCodeAt(eol - 1) === 0x0d ? eol - 1 : eol;
    let indent = 0;
    while (pos + indent < lineEnd && text.charCodeAt(pos + indent) === 0x20) indent++;
    const blank = pos + indent >= lineEnd || text.charCodeAt(pos + indent) === 0x23; // blank or comment only
    if (blockScalarOf >= 0 && (blank || indent > blockScalarOf)) {
      if (lineEnd - pos > MAX_TOKEN_CHARS) return { kind: 'too-large', offset: pos, what: 'token' };
      pos = eol + 1;
      continue;
    }
    blockScalarOf = -1;
    if (blank) {
      pos = eol + 1;
      continue;
    }
    let i = pos + indent;
    if (flow === 0) {
      // Block structure: `- ` / `? ` entries, each a level at its own column, then the node they hold.
      for (;;) {
        const c = text.charCodeAt(i);
        const next = i + 1 < lineEnd ? text.charCodeAt(i + 1) : 0x20;
        if ((c === 0x2d /* - */ || c === 0x3f /* ? */) && (next === 0x20 || next === 0x09 || i + 1 >= lineEnd)) {
          if (push(levels, i - pos, false, flow, true)) return { kind: 'too-deep', offset: i };
          i++;
          while (i < lineEnd && (text.charCodeAt(i) === 0x20 || text.charCodeAt(i) === 0x09)) i++;
          continue;
        }
        break;
      }
      if (i < lineEnd && text.charCodeAt(i) !== 0x23) {
        if (push(levels, i - pos, opensKey(text, i, lineEnd), flow, false)) return { kind: 'too-deep', offset: i };
      }
    }
    const scanned = scanLine(text, i, lineEnd, flow, levels.length);
    if ('kind' in scanned) return scanned;
    flow = scanned.flow;
    if (scanned.end === lineEnd) {
      if (flow === 0 && opensBlockScalar(text, pos + indent, lineEnd)) blockScalarOf = indent;
      pos = eol + 1;
    } else {
      // A quoted scalar ran on over later lines: go on after the line it ended on.
      const next = text.indexOf('\n', scanned.end);
      pos = next < 0 ? text.length : next + 1;
    }
  }
  return undefined;
}

/** Pushes a block level at `column`, closing the ones it ends; true when that is too deep. */
function push(levels: Level[], column: number, openKey: boolean, flow: number, entry: boolean): boolean {
  while (levels.length > 0) {
    const top = levels[levels.length - 1] as Level;
    if (top.indent < column) {
      top.openKey = false; // its value has begun, deeper
      break;
    }
    // A `- ` at the indentation of a `key:` with no value on its line is that key's value.
    if (entry && top.indent === column && top.openKey) {
      top.openKey = false;
      break;
    }
    levels.pop();
  }
  levels.push({ indent: column, openKey });
  return levels.length + flow > MAX_NESTING;
}

/** `key:` with nothing after it but a comment: its value is on the next lines. */
function opensKey(text: string, from: number, end: number): boolean {
  let last = end - 1;
  const hash = text.slice(from, end).indexOf(' #');
  if (hash >= 0) last = from + hash - 1;
  while (last > from && (text.charCodeAt(last) === 0x20 || text.charCodeAt(last) === 0x09)) last--;
  return text.charCodeAt(last) === 0x3a /* : */;
}

/** A value that is `|` or `>` (with its indicators) at the end of the line: the next lines are text. */
function opensBlockScalar(text: string, from: number, end: number): boolean {
  return /(?:^|[\s:-])[|>][-+0-9]*[ \t]*(?:#.*)?$/.test(text.slice(from, end));
}

/**
 * Flow brackets, quotes and comments of one line (a quoted scalar may run on over later lines: then
 * the scan goes on there). Returns the flow depth after the line and where the scan ended (the end of
 * the last line read), or the problem found.
 */
function scanLine(text: string, from: number, endIn: number, flowIn: number, block: number): { flow: number; end: number } | LimitProblem {
  let end = endIn;
  let flow = flowIn;
  let runStart = -1;
  let i = from;
  while (i < end) {
    const c = text.charCodeAt(i);
    if ((c === 0x22 || c === 0x27) && startsScalar(text, i, from)) {
      const close = endOfQuoted(text, i + 1, c);
      if (close - i > MAX_TOKEN_CHARS) return { kind: 'too-large', offset: i, what: 'token' };
      // A quoted scalar that spans lines: the scan goes on after it, on the line it ends on.
      if (close > end) end = lineEndAt(text, close);
      i = close;
      runStart = -1;
      continue;
    }
    if (c === 0x23 /* # */ && (i === from || text.charCodeAt(i - 1) === 0x20 || text.charCodeAt(i - 1) === 0x09)) break;
    if (c === 0x5b || c === 0x7b) {
      if (startsScalar(text, i, from) || flow > 0) {
        flow++;
        if (flow + block > MAX_NESTING) return { kind: 'too-deep', offset: i };
      }
      runStart = -1;
    } else if ((c === 0x5d || c === 0x7d) && flow > 0) {
      flow--;
      runStart = -1;
    } else if (c === 0x20 || c === 0x09 || c === 0x2c) {
      runStart = -1;
    } else {
      if (runStart < 0) runStart = i;
      else if (i - runStart >= MAX_TOKEN_CHARS) return { kind: 'too-large', offset: runStart, what: 'token' };
    }
    i++;
  }
  return { flow, end };
}

/** Whether a quote or bracket at `i` starts a node: first on the line or after an indicator. */
function startsScalar(text: string, i: number, lineStart: number): boolean {
  let j = i - 1;
  while (j >= lineStart && (text.charCodeAt(j) === 0x20 || text.charCodeAt(j) === 0x09)) j--;
  if (j < lineStart) return true;
  const prev = text.charCodeAt(j);
  // `key: "x"`, `- "x"`, `? x`, `[ "x", "y" ]`, `{ a: "x" }`; a `:` must be followed by a space.
  if (prev === 0x3a /* : */) return j + 1 < i;
  return prev === 0x2d || prev === 0x3f || prev === 0x5b || prev === 0x7b || prev === 0x2c;
}

/** Past the closing quote of a quoted scalar opened before `from` (`''` and `\"` are escapes). */
function endOfQuoted(text: string, from: number, quote: number): number {
  let i = from;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === quote) {
      if (quote === 0x27 && text.charCodeAt(i + 1) === 0x27) {
        i += 2;
        continue;
      }
      return i + 1;
    }
    i += c === 0x5c && quote === 0x22 ? 2 : 1;
  }
  return text.length;
}

function lineEndAt(text: string, from: number): number {
  let eol = text.indexOf('\n', from);
  if (eol < 0) eol = text.length;
  return eol > from && text.charCodeAt(eol - 1) === 0x0d ? eol - 1 : eol;
}
