// Which key, flag and header NAMES announce a credential (GITHUB_TOKEN, apiKey, --password,
// X-Api-Key). Names are shown; the values after them are not.

/** Object keys whose string values are all secrets-by-default (env vars, HTTP headers). */
export const SECRET_CONTAINER_KEYS = new Set([
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

/** Longer names are not looked at: no credential name is this long, and it bounds the work per name. */
const MAX_NAME = 128;

// Host files repeat the same few names thousands of times (command, args, env, url): remember them.
const cache = new Map<string, boolean>();
const CACHE_SIZE = 4096;

export function isSecretKeyName(name: string): boolean {
  if (name.length > MAX_NAME) return false;
  let known = cache.get(name);
  if (known === undefined) {
    if (cache.size >= CACHE_SIZE) cache.clear();
    known = classify(name);
    cache.set(name, known);
  }
  return known;
}

function classify(name: string): boolean {
  const lower = name.toLowerCase();
  if (SECRET_CONTAINER_KEYS.has(lower)) return false;
  if (SECRET_SUBSTRINGS.some((s) => lower.includes(s))) return true;
  const words = name
    .split(/[_\-.\s]+|(?<=[a-z0-9])(?=[A-Z])/)
    .map((w) => w.toLowerCase())
    .filter(Boolean);
  // A bare `key` (`--key V`, `key: V`) is a credential; `key` after another word only when it is
  // qualified (apiKey, signing_key), so that `keyboard`-like and `primary_key` names stay plain.
  if (words.length === 1 && words[0] === 'key') return true;
  return words.some((w, i) => SECRET_WORDS.has(w) || (w === 'key' && i > 0 && KEY_QUALIFIERS.has(words[i - 1] ?? '')));
}
