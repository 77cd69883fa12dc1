// The diff reads both sides of a change as text through textOf (src/decoded-text.ts), which answers
// from what the planning overlay remembered instead of decoding again. The answer must be the decode.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { rememberText, roundTrips, textOf } from '../../src/decoded-text.js';

describe('textOf', () => {
  test('a remembered text is what TextDecoder gives for its bytes (BOM dropped)', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.string({ unit: 'grapheme', maxLength: 40 }), (bom, s) => {
        const text = (bom ? '\uFEFF' : '') + s;
        const bytes = new TextEncoder().encode(text);
        expect(roundTrips(text)).toBe(true);
        rememberText(bytes, text);
        expect(textOf(bytes)).toBe(new TextDecoder().decode(bytes));
      }),
    );
  });

  test('lone surrogates do not round-trip, so they are never remembered', () => {
    expect(roundTrips('a\uD800b')).toBe(false);
    const bytes = new Uint8Array([0x7b, 0xff, 0x7d]);
    expect(textOf(bytes)).toBe(new TextDecoder().decode(bytes));
  });
});
