// spanEdit finds the changed span with chunked native comparisons (common-span.ts). It must give the
// same edit as the character-by-character loop it replaced, on any pair of texts.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { commonPrefixLength, commonSuffixLength } from '../../src/installers/text/common-span.js';
import { spanEdit } from '../../src/installers/jsonc/document.js';

/** The reference: the loop spanEdit used before. */
function naiveSpan(before: string, after: string) {
  if (before === after) return [];
  let start = 0;
  const max = Math.min(before.length, after.length);
  while (start < max && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before.charCodeAt(endBefore - 1) === after.charCodeAt(endAfter - 1)) {
    endBefore--;
    endAfter--;
  }
  return [{ offset: start, length: endBefore - start, content: after.slice(start, endAfter) }];
}

const text = fc.string({ unit: fc.constantFrom('a', 'b', '\n', 'é', '😀'), maxLength: 60 });
/** A text and an edit of it (insert, delete or replace at a random place), like an install or uninstall. */
const pair = fc.tuple(text, fc.nat(), fc.nat(), text).map(([t, at, len, ins]) => {
  const s = at % (t.length + 1);
  const e = Math.min(t.length, s + (len % 8));
  return [t, t.slice(0, s) + ins + t.slice(e)] as const;
});

describe('spanEdit', () => {
  test('equals the character loop, for every chunk size', () => {
    fc.assert(
      fc.property(pair, fc.integer({ min: 1, max: 9 }), ([a, b], chunk) => {
        expect(spanEdit(a, b)).toEqual(naiveSpan(a, b));
        const p = commonPrefixLength(a, b, chunk);
        const ref = naiveSpan(a, b)[0];
        if (ref) {
          expect(p).toBe(ref.offset);
          expect(commonSuffixLength(a, b, Math.min(a.length, b.length) - p, chunk)).toBe(a.length - ref.offset - ref.length);
        }
      }),
      { numRuns: 2000 },
    );
  });

  test('a one-entry edit in a large text', () => {
    const big = 'x'.repeat(300_000) + '\n' + 'y'.repeat(200_000);
    const after = big.slice(0, 250_000) + '"patchbay": {}' + big.slice(250_000);
    expect(spanEdit(big, after)).toEqual(naiveSpan(big, after));
    expect(spanEdit(after, big)).toEqual(naiveSpan(after, big));
  });
});
