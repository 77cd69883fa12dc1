// changes() builds an edited file's bytes from the bytes it was read from (encode-edited.ts): they
// must be exactly the encoding of the new text, for any edit, surrogate pairs included.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { roundTrips } from '../../src/decoded-text.js';
import { encodeEdited } from '../../src/installers/document/encode-edited.js';

const text = fc.string({ unit: fc.constantFrom('a', '{', '\n', 'é', '😀', '\uFEFF', '€'), maxLength: 50 });

describe('encodeEdited', () => {
  test('equals TextEncoder on the new text', () => {
    fc.assert(
      fc.property(text, fc.nat(), fc.nat(), text, (before, at, len, ins) => {
        const s = at % (before.length + 1);
        const after = before.slice(0, s) + ins + before.slice(Math.min(before.length, s + (len % 6)));
        fc.pre(roundTrips(after));
        const bytes = new TextEncoder().encode(before);
        expect(roundTrips(before)).toBe(true);
        expect(Buffer.from(encodeEdited(bytes, before, after, 0))).toEqual(Buffer.from(new TextEncoder().encode(after)));
      }),
      { numRuns: 3000 },
    );
  });

  test('an edit that changes only the low half of a surrogate pair', () => {
    const before = 'x😀y';
    const after = 'x😁y'; // same high surrogate, different low one
    expect(Buffer.from(encodeEdited(new TextEncoder().encode(before), before, after, 0))).toEqual(Buffer.from(after, 'utf8'));
  });
});
