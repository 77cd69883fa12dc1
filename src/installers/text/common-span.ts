// Where two texts start and stop differing, compared in native chunks. An edit changes a few hundred
// characters of a file that may be 56 MB (~/.claude.json); comparing it character by character in a
// JavaScript loop took seconds, while `startsWith`/`endsWith` on a chunk compare natively.

const CHUNK = 65536;
// (`chunk` is a parameter only so that tests can exercise the chunked loop on small strings.)

/** Length of the common prefix of `a` and `b` (in UTF-16 code units). */
export function commonPrefixLength(a: string, b: string, chunk = CHUNK): number {
  const max = Math.min(a.length, b.length);
  let i = 0;
  // Whole chunks first: equal chunks are the common case and cost one native comparison each.
  while (i + chunk <= max && b.startsWith(a.slice(i, i + chunk), i)) i += chunk;
  while (i < max && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** Length of the common suffix of `a` and `b`, at most `max` code units. */
export function commonSuffixLength(a: string, b: string, max: number, chunk = CHUNK): number {
  let s = 0;
  while (s + chunk <= max && b.endsWith(a.slice(a.length - s - chunk, a.length - s), b.length - s)) s += chunk;
  while (s < max && a.charCodeAt(a.length - 1 - s) === b.charCodeAt(b.length - 1 - s)) s++;
  return s;
}
