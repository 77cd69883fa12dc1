// Secret redaction for everything patchbay shows to people or agents (CLI output, MCP answers).
// Host files routinely hold API keys in `env` / `headers` values and in URLs (user:pass@host,
// ?token=...). patchbay needs the NAMES to explain a configuration, never the values, so every
// value that can carry a credential is replaced by REDACTED before it leaves the process.
//
// Three layers, each usable on its own:
//  - redactUrl:      one URL string (userinfo, sensitive query values, opaque path tokens)
//  - redactText:     free text (diagnostic messages, diff lines): every URL inside it, plus
//                    `"secretish-key": "value"` / `secretish_key = "value"` / `--token=value` pairs
//  - redactConfigText: a whole JSON/JSONC host file, structurally: every string value inside an
//                    env/headers-like object and every value of a secret-looking key, replaced in
//                    place so the rest of the bytes (comments, layout) stay as they were; then
//                    redactText for what structure cannot see (URLs in args, malformed parts).
import { parseTree, type Node } from 'jsonc-parser';

export const REDACTED = '<redacted>';

/** Object keys whose string values are all secrets-by-default (env vars, HTTP headers). */
const SECRET_CONTAINER_KEYS = new Set([
  'env',
  'environment',
  'headers',
  'http_headers',
  'httpheaders',
  'requestheaders',
  'request_headers',
  'env_vars',
]);

/** Substrings that make any key name a credential name (GITHUB_TOKEN, apiKey, db_password, ...). */
const SECRET_SUBSTRINGS = [
  'token', 'secret', 'passw', 'passwd', 'passphrase', 'apikey', 'api_key', 'api-key', 'accesskey', 'access_key',
  'privatekey', 'private_key', 'credential', 'bearer', 'cookie', 'jwt',
];
/** Whole words (after splitting camelCase, _, -, .) that make a key name a credential name. */
const SECRET_WORDS = new Set(['auth', 'authorization', 'pwd', 'pass', 'sig', 'signature', 'pat']);
/** `key` is a secret when it follows one of these words (signing_key, masterKey, ...). */
const KEY_QUALIFIERS = new Set(['api', 'access', 'private', 'secret', 'client', 'signing', 'encryption', 'master', 'license', 'auth', 'x']);

/** Query parameter names whose values are credentials (matched case-insensitively as a substring). */
const SECRET_QUERY_PATTERN =
  /(token|secret|pass|pwd|key|auth|sig|credential|session|cookie|bearer|jwt|code|ticket|nonce)/i;

export function isSecretKeyName(name: string): boolean {
  const lower = name.toLowerCase();
  if (SECRET_CONTAINER_KEYS.has(lower)) return false;
  if (SECRET_SUBSTRINGS.some((s) => lower.includes(s))) return true;
  const words = name
    .split(/[_\-.\s]+|(?<=[a-z0-9])(?=[A-Z])/)
    .map((w) => w.toLowerCase())
    .filter(Boolean);
  return words.some((w, i) => SECRET_WORDS.has(w) || (w === 'key' && i > 0 && KEY_QUALIFIERS.has(words[i - 1] ?? '')));
}

/** A long opaque path segment (letters AND digits, >= 20 chars) is treated as an embedded token. */
function looksLikeOpaqueToken(segment: string): boolean {
  if (segment.length < 20) return false;
  if (!/^[A-Za-z0-9_\-.~%+=]+$/.test(segment)) return false;
  return /[A-Za-z]/.test(segment) && /[0-9]/.test(segment);
}

/**
 * Redacts credentials in one URL: userinfo (`user:pass@` → `<redacted>@`), values of query
 * parameters with secret-looking names, opaque token-like path segments, and the fragment when it
 * holds `key=value` pairs (OAuth implicit flow). A string that is not a URL is returned as is.
 */
export function redactUrl(url: string): string {
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*:\/\/)([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/.exec(url);
  if (!m) return url;
  const [, scheme = '', authorityRaw = '', pathRaw = '', queryRaw, fragmentRaw] = m;
  let authority = authorityRaw;
  const at = authority.lastIndexOf('@');
  if (at !== -1) authority = `${REDACTED}@${authority.slice(at + 1)}`;
  const path = pathRaw
    .split('/')
    .map((seg) => (looksLikeOpaqueToken(seg) ? REDACTED : seg))
    .join('/');
  const query = queryRaw === undefined ? '' : `?${redactPairs(queryRaw.slice(1))}`;
  const fragment =
    fragmentRaw === undefined ? '' : fragmentRaw.includes('=') ? `#${redactPairs(fragmentRaw.slice(1))}` : fragmentRaw;
  return `${scheme}${authority}${path}${query}${fragment}`;
}

function redactPairs(pairs: string): string {
  return pairs
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      const name = pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // keep the raw name
      }
      const value = pair.slice(eq + 1);
      if (value === '') return pair;
      return SECRET_QUERY_PATTERN.test(decoded) || looksLikeOpaqueToken(value) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
}

// URLs inside free text end at whitespace, quotes, brackets or a backslash (JSON escapes).
const URL_IN_TEXT = /[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^\s"'<>`\\)\]}]+/g;
// "apiKey": "value"  /  'token': 'value'   (JSON, JSONC, YAML-ish, JS)
const QUOTED_PAIR = /(["'])([^"'\n]{1,80})\1(\s*[:=]\s*)(["'])((?:\\.|(?!\4)[^\\\n])*)\4/g;
// api_key = "value" (TOML) / TOKEN=value (dotenv, shell)
const BARE_PAIR = /(^|[\s,{;])([A-Za-z_][A-Za-z0-9_.-]{0,80})(\s*=\s*)(["']?)([^\s"',;}]+)\4/g;
// --token=value / --api-key value
const FLAG_PAIR = /(--?[A-Za-z][A-Za-z0-9-]*)(=|\s+)([^\s"',;]+)/g;
// Authorization: Bearer xxx (header syntax in text)
const BEARER = /\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]{8,}/gi;

/** Redacts credentials anywhere in free text (diagnostic messages, diff lines, error strings). */
export function redactText(text: string): string {
  let out = text.replace(URL_IN_TEXT, (url) => redactUrl(url));
  out = out.replace(QUOTED_PAIR, (whole, q: string, key: string, sep: string, vq: string, value: string) =>
    isSecretKeyName(key) && value !== '' && value !== REDACTED ? `${q}${key}${q}${sep}${vq}${REDACTED}${vq}` : whole,
  );
  out = out.replace(BARE_PAIR, (whole, lead: string, key: string, sep: string, vq: string, value: string) =>
    isSecretKeyName(key) && value !== REDACTED && !value.startsWith(REDACTED) ? `${lead}${key}${sep}${vq}${REDACTED}${vq}` : whole,
  );
  out = out.replace(FLAG_PAIR, (whole, flag: string, sep: string, value: string) =>
    isSecretKeyName(flag.replace(/^-+/, '')) && !value.startsWith('-') && !value.startsWith(REDACTED)
      ? `${flag}${sep}${REDACTED}`
      : whole,
  );
  out = out.replace(BEARER, (_whole, scheme: string) => `${scheme} ${REDACTED}`);
  return out;
}

/** Redacts a command-line argument vector: `--token X`, `--token=X`, URLs with credentials. */
export function redactArgs(args: readonly string[]): string[] {
  const out: string[] = [];
  let redactNext = false;
  for (const arg of args) {
    if (redactNext && !arg.startsWith('-')) {
      out.push(REDACTED);
      redactNext = false;
      continue;
    }
    redactNext = false;
    const flag = /^(--?)([A-Za-z][A-Za-z0-9_-]*)(=(.*))?$/s.exec(arg);
    if (flag) {
      const [, dashes = '', name = '', eq, value] = flag;
      if (isSecretKeyName(name)) {
        if (eq !== undefined) {
          out.push(value === '' ? arg : `${dashes}${name}=${REDACTED}`);
        } else {
          out.push(arg);
          redactNext = true;
        }
        continue;
      }
    }
    out.push(redactText(arg));
  }
  return out;
}

interface Edit {
  offset: number;
  length: number;
  /** Replacement JSON text (a quoted string). */
  text: string;
}

const QUOTED_REDACTED = JSON.stringify(REDACTED);

/** Collects the string value nodes that must be blanked in a parsed JSON(C) tree. */
function collectSecretNodes(node: Node | undefined, insideContainer: boolean, edits: Edit[]): void {
  if (!node) return;
  if (node.type === 'string' && insideContainer) {
    edits.push({ offset: node.offset, length: node.length, text: QUOTED_REDACTED });
    return;
  }
  if (node.type === 'object') {
    for (const prop of node.children ?? []) {
      const keyNode = prop.children?.[0];
      const valueNode = prop.children?.[1];
      const key = typeof keyNode?.value === 'string' ? keyNode.value : '';
      const container = SECRET_CONTAINER_KEYS.has(key.toLowerCase());
      if (valueNode?.type === 'string' && (insideContainer || isSecretKeyName(key))) {
        edits.push({ offset: valueNode.offset, length: valueNode.length, text: QUOTED_REDACTED });
      } else {
        collectSecretNodes(valueNode, insideContainer || container, edits);
      }
    }
    return;
  }
  if (node.type === 'array') {
    const children = node.children ?? [];
    // An argv array: `--token X` and `--token=X` carry secrets that no key name announces.
    const strings = children.map((c) => (c.type === 'string' && typeof c.value === 'string' ? c.value : null));
    if (!insideContainer && strings.every((v) => v !== null)) {
      const redacted = redactArgs(strings as string[]);
      children.forEach((c, i) => {
        if (redacted[i] !== strings[i]) edits.push({ offset: c.offset, length: c.length, text: JSON.stringify(redacted[i]) });
      });
      return;
    }
    for (const child of children) collectSecretNodes(child, insideContainer, edits);
  }
}

/**
 * Redacts a whole host configuration file. JSON/JSONC is redacted structurally (values of env and
 * headers objects, values of secret-looking keys), keeping every other byte; then every line goes
 * through redactText (URLs, key/value pairs in TOML or in parts the parser could not read).
 */
export function redactConfigText(text: string): string {
  let out = text;
  const trimmed = text.trimStart();
  const tomlTable = /^\[\[?\s*[A-Za-z_"'][^\]\n]*\]/.test(trimmed) && !/^\[\s*"[^"\n]*"\s*[,\]]/.test(trimmed);
  if (trimmed.startsWith('{') || (trimmed.startsWith('[') && !tomlTable)) {
    const edits: Edit[] = [];
    try {
      collectSecretNodes(parseTree(text, [], { allowTrailingComma: true, disallowComments: false }), false, edits);
    } catch {
      // a tree we cannot read is covered by the text pass below
    }
    edits.sort((a, b) => b.offset - a.offset);
    for (const e of edits) out = `${out.slice(0, e.offset)}${e.text}${out.slice(e.offset + e.length)}`;
  } else {
    out = redactTomlTables(out);
  }
  return out
    .split('\n')
    .map((line) => redactText(line))
    .join('\n');
}

/** TOML: every `key = value` inside an `[...env]` / `[...headers]` table is a secret. */
function redactTomlTables(text: string): string {
  let inSecretTable = false;
  return text
    .split('\n')
    .map((line) => {
      const table = /^\s*\[+\s*([^\]]+?)\s*\]+/.exec(line);
      if (table) {
        const last = (table[1] ?? '').split('.').pop()?.replace(/["']/g, '').toLowerCase() ?? '';
        inSecretTable = SECRET_CONTAINER_KEYS.has(last);
        return line;
      }
      if (inSecretTable) return line.replace(/^(\s*[^=#\s][^=]*=\s*).+$/, `$1"${REDACTED}"`);
      // inline tables: env = { A = "x" }
      return line.replace(/^(\s*(?:env|headers|http_headers)\s*=\s*\{)(.*)(\}\s*)$/i, (_w, a: string, body: string, c: string) =>
        `${a}${body.replace(/=\s*("[^"]*"|'[^']*'|[^,}]+)/g, `= "${REDACTED}"`)}${c}`,
      );
    })
    .join('\n');
}

/** Deep-redacts a JSON value: secret-key values, env/header containers, URLs and text in strings. */
export function redactValue<T>(value: T): T {
  return redactDeep(value, false) as T;
}

function redactDeep(value: unknown, insideContainer: boolean): unknown {
  if (typeof value === 'string') return insideContainer ? REDACTED : redactText(value);
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, insideContainer));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      const container = SECRET_CONTAINER_KEYS.has(key.toLowerCase()) && v !== null && typeof v === 'object' && !Array.isArray(v);
      if (typeof v === 'string' && (insideContainer || isSecretKeyName(key))) out[key] = REDACTED;
      else out[key] = redactDeep(v, insideContainer || container);
    }
    return out;
  }
  return value;
}
