// "Looks like a random key": the heuristic for credentials without a vendor prefix (an AWS secret
// access key, a random API key, a base64 session secret). Tuned on two sets (see
// test/redact/secret-like.test.ts): random base62/base64 keys of 20+ characters must pass;
// identifiers people put in configs (ServerMain2024Build, x86_64-unknown-linux-gnu, UUIDs, hex
// digests, package names, paths) must not. What it cannot tell apart is listed there too.

const MIN_LENGTH = 20;
/** Above this a string is a blob (a minified value, an embedded file), not a key; not looked at. */
const MAX_LENGTH = 4096;
/**
 * How often adjacent characters switch class (upper, lower, digit, other). Random base62 switches
 * ~62% of the time; words and CamelCase identifiers switch at word boundaries only (~20–42%).
 */
const MIN_SWITCH_RATE = 0.45;
/**
 * A lower switch rate still passes when few letters are vowels: words are ~40% vowels, random
 * letters ~19% (AWS's documented example key, with its EXAMPLEKEY tail, is 27%).
 */
const LOW_SWITCH_RATE = 0.3;
const MAX_VOWEL_SHARE = 0.3;
/** Bits per character of the string's own character distribution; rejects "aB1aB1aB1…". */
const MIN_ENTROPY = 3.5;
const VOWELS = new Set([...'aeiouAEIOU'].map((c) => c.charCodeAt(0)));

const TOKEN_CHARS = /^[A-Za-z0-9+/=_-]+$/;

function classOf(code: number): number {
  if (code >= 65 && code <= 90) return 0; // A-Z
  if (code >= 97 && code <= 122) return 1; // a-z
  if (code >= 48 && code <= 57) return 2; // 0-9
  return 3;
}

/** True for a single word (no spaces) that looks like a randomly generated key. */
export function looksHighEntropy(word: string): boolean {
  if (word.length < MIN_LENGTH || word.length > MAX_LENGTH || !TOKEN_CHARS.test(word)) return false;
  const seen = [0, 0, 0, 0];
  const counts = new Map<number, number>();
  let switches = 0;
  let vowels = 0;
  let previous = -1;
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i);
    const cls = classOf(code);
    seen[cls]!++;
    if (previous !== -1 && cls !== previous) switches++;
    previous = cls;
    if (VOWELS.has(code)) vowels++;
    counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  // Upper, lower AND digits: hex digests, UUIDs and lower-case slugs never mix all three.
  if (seen[0] === 0 || seen[1] === 0 || seen[2] === 0) return false;
  const switchRate = switches / (word.length - 1);
  const vowelShare = vowels / (seen[0]! + seen[1]!);
  if (switchRate < MIN_SWITCH_RATE && !(switchRate >= LOW_SWITCH_RATE && vowelShare <= MAX_VOWEL_SHARE)) return false;
  let entropy = 0;
  for (const n of counts.values()) {
    const p = n / word.length;
    entropy -= p * Math.log2(p);
  }
  return entropy >= MIN_ENTROPY;
}
