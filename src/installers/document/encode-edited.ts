// The UTF-8 bytes of an edited file, built from the bytes it was read from. An edit changes a few
// hundred characters of a file that may be 56 MB (~/.claude.json); encoding the whole new text again
// cost about a second. Only the changed middle is encoded; the unchanged prefix and suffix are the
// original bytes, which are exactly the encoding of the original text (it was decoded from valid
// UTF-8, which round-trips).
import { commonPrefixLength, commonSuffixLength } from '../text/common-span.js';

/** Below this the plain encoder is as fast as anything clever (`min`: a parameter for tests). */
const SPLICE_MIN = 64 * 1024;

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/**
 * new TextEncoder().encode(after), given that `beforeBytes` is the UTF-8 encoding of `before` (valid
 * UTF-8 decoded: the caller guarantees it).
 */
export function encodeEdited(beforeBytes: Uint8Array, before: string, after: string, min = SPLICE_MIN): Uint8Array {
  if (after.length < min) return new TextEncoder().encode(after);
  let prefix = commonPrefixLength(before, after);
  // Never split a surrogate pair: the halves would not encode on their own.
  if (prefix > 0 && isHigh(after.charCodeAt(prefix - 1))) prefix--;
  let suffix = commonSuffixLength(before, after, Math.min(before.length, after.length) - prefix);
  if (suffix > 0 && isLow(after.charCodeAt(after.length - suffix))) suffix--;
  const prefixBytes = Buffer.byteLength(before.slice(0, prefix), 'utf8');
  const suffixBytes = Buffer.byteLength(before.slice(before.length - suffix), 'utf8');
  const middle = Buffer.from(after.slice(prefix, after.length - suffix), 'utf8');
  const out = new Uint8Array(prefixBytes + middle.length + suffixBytes);
  out.set(beforeBytes.subarray(0, prefixBytes), 0);
  out.set(middle, prefixBytes);
  out.set(beforeBytes.subarray(beforeBytes.length - suffixBytes), prefixBytes + middle.length);
  return out;
}
