// `name <separator> value` pairs whose NAME announces a credential, in every form host files,
// comments, shell lines and diff context carry them:
//   "apiKey": "V"   api_key = "V"   TOKEN=V   TOKEN:V   token: V   X-Api-Key: V   (also in comments)
//   --token=V   --token:V   --token V   -H 'Authorization: Bearer V'
// The name stays visible; the value becomes <redacted>. References (`${env:X}`, `{env:X}`, `$X`) are
// names, not values, and stay.
//
// One forward scan: each run of name characters is read once; a value is read once and skipped over
// when redacted; closing quotes and line ends are found with NextIndex, whose answers are reused, so
// a long line with many unclosed quotes costs O(length), not O(length²).
import { isSecretKeyName } from './key-names.js';
import { REDACTED } from './marker.js';
import { NextIndex } from './next-index.js';
import { isReferenceAt } from './reference.js';

/** Longer runs are not names (bounds the work per run; no credential name is this long). */
const MAX_NAME = 128;
/** Authorization schemes: the credential is the word after them. */
const AUTH_SCHEMES = new Set(['bearer', 'basic', 'token', 'digest']);
/** Unquoted values that carry nothing (a flag's `true`, a YAML `null`). */
const EMPTY_WORDS = new Set(['true', 'false', 'null', 'none', 'undefined']);

function isNameChar(code: number): boolean {
  return (
    (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 45 || code === 46 // _ - .
  );
}

function isBlank(code: number): boolean {
  return code === 32 || code === 9;
}

// An unquoted value ends at whitespace, a quote, or JSON/shell punctuation.
function isValueStop(code: number): boolean {
  return code <= 32 || code === 34 || code === 39 || code === 96 || code === 44 || code === 59 || code === 125 || code === 93 || code === 41;
}

interface Span {
  start: number;
  end: number;
}

class PairScanner {
  private readonly n: number;
  private readonly quotes: Record<string, NextIndex>;
  private readonly newline: NextIndex;

  constructor(private readonly text: string) {
    this.n = text.length;
    this.quotes = { '"': new NextIndex(text, '"'), "'": new NextIndex(text, "'"), '`': new NextIndex(text, '`') };
    this.newline = new NextIndex(text, '\n');
  }

  private skipBlanks(i: number): number {
    while (i < this.n && isBlank(this.text.charCodeAt(i))) i++;
    return i;
  }

  private lineEnd(from: number): number {
    const nl = this.newline.next(from);
    return nl === -1 ? this.n : nl;
  }

  /** The closing quote of a string opened at `open`, on the same line, or -1. */
  private closingQuote(open: number): number {
    const q = this.text[open]!;
    const lineEnd = this.lineEnd(open + 1);
    let p = this.quotes[q]!.next(open + 1);
    while (p !== -1 && p < lineEnd && this.escaped(p)) p = this.quotes[q]!.next(p + 1);
    return p !== -1 && p < lineEnd ? p : -1;
  }

  private escaped(p: number): boolean {
    let backslashes = 0;
    while (p - backslashes - 1 >= 0 && this.text.charCodeAt(p - backslashes - 1) === 92) backslashes++;
    return backslashes % 2 === 1;
  }

  private wordEnd(i: number): number {
    while (i < this.n && !isValueStop(this.text.charCodeAt(i))) i++;
    return i;
  }

  /** The separator after a name ending at `j` and where the value starts, or undefined. */
  private separator(j: number, flag: boolean): { sep: string; value: number } | undefined {
    const k = this.skipBlanks(j);
    const c = this.text[k];
    if (c === '=' || c === ':') {
      const next = this.text[k + 1];
      // `::`, `://` (a scheme or a C++ scope), `==` (a pin: pkg==1.0), `=>`: not an assignment.
      if ((c === ':' && (next === ':' || next === '/')) || (c === '=' && (next === '=' || next === '>'))) return undefined;
      return { sep: c, value: this.skipBlanks(k + 1) };
    }
    // `--token V`: only a flag takes its value after a blank.
    if (flag && k > j && k < this.n && this.text[k] !== '\n' && this.text[k] !== '\r') return { sep: ' ', value: k };
    return undefined;
  }

  /** What to blank for a value starting at `k`, and where scanning resumes; undefined: nothing. */
  private value(k: number, sep: string): { blank: Span; resume: number } | undefined {
    if (k >= this.n) return undefined;
    const c = this.text[k]!;
    let span: Span;
    let resume: number;
    if (c === '"' || c === "'" || c === '`') {
      const close = this.closingQuote(k);
      span = { start: k + 1, end: close === -1 ? this.lineEnd(k + 1) : close };
      resume = close === -1 ? span.end : close + 1;
    } else {
      if (c === '{' || c === '[' || c === '(') return undefined;
      // `--token --verbose`: the next word is a flag, not the token's value.
      if (sep === ' ' && c === '-') return undefined;
      span = { start: k, end: this.wordEnd(k) };
      resume = span.end;
      if (span.end - span.start <= 9 && EMPTY_WORDS.has(this.text.slice(span.start, span.end).toLowerCase())) return undefined;
    }
    const credential = this.credential(span, c === '"' || c === "'" || c === '`');
    if (!credential) return undefined;
    return { blank: credential, resume: Math.max(resume, credential.end) };
  }

  /** The part of a value that is the secret: after an auth scheme word, else all of it. */
  private credential(span: Span, quoted: boolean): Span | undefined {
    let start = span.start;
    let end = span.end;
    const firstEnd = Math.min(this.wordEnd(start), end);
    const isScheme = firstEnd - start <= 6 && AUTH_SCHEMES.has(this.text.slice(start, firstEnd).toLowerCase());
    if (isScheme && isBlank(this.text.charCodeAt(firstEnd))) {
      start = this.skipBlanks(firstEnd);
      // Unquoted `Authorization: Bearer V`: the credential is the next word.
      if (!quoted) end = this.wordEnd(start);
    }
    if (end <= start) return undefined;
    if (this.text.startsWith(REDACTED, start) || isReferenceAt(this.text, start)) return undefined;
    return { start, end };
  }

  run(): string {
    const { text, n } = this;
    let out = '';
    let last = 0;
    let i = 0;
    while (i < n) {
      if (!isNameChar(text.charCodeAt(i))) {
        i++;
        continue;
      }
      const runStart = i;
      while (i < n && isNameChar(text.charCodeAt(i))) i++;
      const runEnd = i;
      let nameStart = runStart;
      while (nameStart < runEnd && text[nameStart] === '-') nameStart++;
      if (nameStart === runEnd || runEnd - nameStart > MAX_NAME) continue;
      // A quoted name ("apiKey": …) continues after its closing quote.
      const open = runStart > 0 ? text[runStart - 1] : undefined;
      const quotedName = (open === '"' || open === "'") && text[runEnd] === open;
      const after = this.separator(quotedName ? runEnd + 1 : runEnd, nameStart > runStart && !quotedName);
      if (!after || !isSecretKeyName(text.slice(nameStart, runEnd))) continue;
      const found = this.value(after.value, after.sep);
      if (!found) continue;
      if (namesAVariable(text.slice(nameStart, runEnd), text.slice(found.blank.start, found.blank.end))) {
        i = Math.max(found.resume, runEnd);
        continue;
      }
      out += text.slice(last, found.blank.start);
      out += REDACTED;
      last = found.blank.end;
      i = Math.max(found.resume, runEnd);
    }
    return last === 0 ? text : out + text.slice(last);
  }
}

/**
 * A value that is the NAME of the variable holding a secret, not the secret: Codex's
 * `bearer_token_env_var = "GITHUB_TOKEN"` and its `[env_http_headers]` table (`X-Api-Key =
 * "API_KEY"`). Names are not secrets, and a diff that hides them misstates the file. Shown when the key
 * says it holds a variable name (`*_env_var`), or the value is an upper-case name with an underscore,
 * the shape of an environment variable's name and of no credential format.
 */
function namesAVariable(key: string, value: string): boolean {
  const bare = value.replace(/^["']|["']$/g, '');
  if (bare.length > 64) return false;
  if (/(?:^|[_-])env[_-]?var(?:[_-]?name)?$/i.test(key) && /^[A-Za-z_][A-Za-z0-9_]*$/.test(bare)) return true;
  return /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(bare);
}

/** Redacts the value of every `secret-name <sep> value` pair in `text` (see the header). */
export function redactSecretPairs(text: string): string {
  return new PairScanner(text).run();
}
