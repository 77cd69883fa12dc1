// Credentials inside URLs: userinfo (`user:pass@`), values of secret-looking query parameters,
// token-like path segments, the path of webhook URLs (whose path IS the credential), and key=value
// fragments (OAuth implicit flow). Both functions are single forward scans: no regex here can
// backtrack over a long run (the old URL-in-text regex retried from every letter of a 64 KiB word).
import { containsKnownToken } from './token-formats.js';
import { looksHighEntropy } from './entropy.js';
import { REDACTED } from './marker.js';
import { isReference } from './reference.js';

/** Query parameter names whose values are credentials (matched case-insensitively as a substring). */
const SECRET_QUERY_PATTERN = /(token|secret|pass|pwd|key|auth|sig|credential|session|cookie|bearer|jwt|code|ticket|nonce)/i;

/** Shorter than any token format or random-key length: not looked at (most path segments). */
const MIN_PIECE = 10;
/** Longer is a blob, not a key (and keeps a 1 MiB segment from costing more than a scan). */
const MAX_PIECE = 4096;

/** A long opaque segment (letters AND digits, >= 20 chars) is treated as an embedded token. */
function looksLikeOpaqueToken(segment: string): boolean {
  if (segment.length < 20 || segment.length > MAX_PIECE) return false;
  if (!/^[A-Za-z0-9_\-.~%+=]+$/.test(segment)) return false;
  return /[A-Za-z]/.test(segment) && /[0-9]/.test(segment);
}

function isSecretPiece(piece: string): boolean {
  if (piece.length < MIN_PIECE || piece.length > MAX_PIECE) return false;
  return looksLikeOpaqueToken(piece) || looksHighEntropy(piece) || containsKnownToken(piece);
}

const WEBHOOK_SEGMENT = /^(web)?hooks?$/i;
/** Path words of webhook URLs that are structure, not credential ("services", "catch", "api"). */
const PLAIN_WORD = /^[a-z-]*$/;

/**
 * Where the credential part of a webhook path starts: after a `hooks`/`webhooks` segment, or from
 * the first segment on a `hooks.*` / `*webhook*` host. -1: not a webhook URL.
 */
function webhookStart(host: string, segments: readonly string[]): number {
  const marker = segments.findIndex((s) => WEBHOOK_SEGMENT.test(s));
  if (marker !== -1) return marker + 1;
  const name = host.toLowerCase();
  return name.startsWith('hooks.') || name.includes('webhook') ? 0 : -1;
}

function redactPath(path: string, host: string): string {
  const segments = path.split('/');
  const hookFrom = webhookStart(host, segments);
  return segments
    .map((seg, i) => {
      if (seg === '' || seg === REDACTED) return seg;
      // Slack's T0ABC/B0DEF/xyz: each piece is short, but together they are the secret.
      if (hookFrom !== -1 && i >= hookFrom && !PLAIN_WORD.test(seg)) return REDACTED;
      return isSecretPiece(seg) ? REDACTED : seg;
    })
    .join('/');
}

/** A reference is short; a longer value is not decoded (that would copy a 1 MiB value to test it). */
const MAX_DECODED = 256;

function safeDecode(text: string): string {
  if (text.length > MAX_DECODED || !text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function redactPairs(pairs: string): string {
  return pairs
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      const name = pair.slice(0, eq);
      const decoded = safeDecode(name);
      const value = pair.slice(eq + 1);
      if (value === '' || value === REDACTED || (value.length <= MAX_DECODED && isReference(safeDecode(value)))) return pair;
      return SECRET_QUERY_PATTERN.test(decoded) || isSecretPiece(value) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
}

function isSchemeChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 43 || code === 45 || code === 46; // a-z A-Z 0-9 + - .
}

function isLetter(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
}

/** First index at or after `from` holding one of `chars`, or `end`. */
function indexOfAny(text: string, chars: string, from: number, end: number): number {
  for (let i = from; i < end; i++) if (chars.includes(text[i]!)) return i;
  return end;
}

/** `scheme://authority/path?query#fragment` → the same with every credential REDACTED. */
function redactSingleUrl(url: string, sep: number): string {
  const authStart = sep + 3;
  const authEnd = indexOfAny(url, '/?#', authStart, url.length);
  const pathEnd = indexOfAny(url, '?#', authEnd, url.length);
  const hash = url.indexOf('#', pathEnd);
  const queryEnd = hash === -1 ? url.length : hash;

  let authority = url.slice(authStart, authEnd);
  const at = authority.lastIndexOf('@');
  if (at !== -1) authority = `${REDACTED}@${authority.slice(at + 1)}`;
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  const path = redactPath(url.slice(authEnd, pathEnd), host);
  const query = pathEnd < queryEnd ? `?${redactPairs(url.slice(pathEnd + 1, queryEnd))}` : '';
  const fragmentRaw = hash === -1 ? undefined : url.slice(hash + 1);
  const fragment = fragmentRaw === undefined ? '' : fragmentRaw.includes('=') ? `#${redactPairs(fragmentRaw)}` : `#${fragmentRaw}`;
  return `${url.slice(0, authStart)}${authority}${path}${query}${fragment}`;
}

/**
 * Where the scheme ending at `sep` (the index of its `://`) starts: the first letter of the run of
 * scheme characters before it, never before `floor`. Returns `sep` when there is no scheme.
 */
function schemeStart(text: string, sep: number, floor: number): number {
  let start = sep;
  while (start > floor && isSchemeChar(text.charCodeAt(start - 1))) start--;
  while (start < sep && !isLetter(text.charCodeAt(start))) start++;
  return start;
}

/**
 * Redacts credentials in one URL value. A URL nested in it (`https://a/?next=https://u:p@b/`) is
 * redacted as a URL of its own, so its userinfo cannot hide in the outer URL's path or query.
 * A string that is not a URL is returned as is.
 */
export function redactUrl(url: string): string {
  let sep = url.indexOf('://');
  if (sep <= 0 || schemeStart(url, sep, 0) !== 0) return url;
  let out = '';
  let start = 0;
  let search = sep + 3;
  for (;;) {
    const next = url.indexOf('://', search);
    const nested = next === -1 ? -1 : schemeStart(url, next, sep + 3);
    if (next !== -1 && nested === next) {
      search = next + 1; // `://` without a scheme before it: not a URL
      continue;
    }
    const end = next === -1 ? url.length : nested;
    out += redactSingleUrl(url.slice(start, end), sep - start);
    if (next === -1) return out;
    start = end;
    sep = next;
    search = next + 3;
  }
}

// URLs inside free text end at whitespace, quotes, brackets or a backslash (JSON escapes).
const URL_STOP = new Set([...'"\'<>`\\)]}']);

function isUrlStop(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  if (code <= 32) return true;
  if (code < 127) return URL_STOP.has(text[i]!);
  return /\s/.test(text[i]!);
}

/**
 * Redacts every `scheme://…` URL inside free text. Finds each `://` with indexOf, walks back over
 * the scheme (never into the previous URL), then forward to the first stop character or the start
 * of a nested `scheme://`, where the next URL begins. Each character is walked over at most three
 * times (forward in its URL, back as a nested scheme, forward again in the nested URL).
 */
export function redactUrlsInText(text: string): string {
  let out = '';
  let last = 0;
  let from = 0;
  for (let sep = text.indexOf('://', from); sep !== -1; sep = text.indexOf('://', from)) {
    const start = schemeStart(text, sep, last);
    if (start === sep) {
      from = sep + 1;
      continue;
    }
    let end = sep + 3;
    while (end < text.length && !isUrlStop(text, end)) {
      if (text.charCodeAt(end) === 58 /* : */ && text.startsWith('://', end)) {
        const nested = schemeStart(text, end, sep + 3);
        if (nested < end) {
          end = nested;
          break;
        }
      }
      end++;
    }
    if (end === sep + 3) {
      from = sep + 1;
      continue;
    }
    out += text.slice(last, start);
    out += redactSingleUrl(text.slice(start, end), sep - start);
    last = end;
    from = end;
  }
  return last === 0 ? text : out + text.slice(last);
}
