// checkDepth must finish on every input: a string that ends in a backslash at the very end of the
// text once sent it back to offset 0 forever (a sticky regex past the end resets lastIndex to 0).
import { describe, expect, it } from 'vitest';
import { checkDepth } from '../../src/installers/jsonc/depth.js';

describe('checkDepth terminates on truncated input', () => {
  for (const text of ['"\\', '{"a": "\\', '["x\\', '"', '/', '/*', '//', '\\']) {
    it(`${JSON.stringify(text)}`, () => {
      expect(checkDepth(text, 256)).toBeUndefined();
    });
  }
  it('still counts depth after an escaped quote', () => {
    expect(checkDepth('[[["\\""]]]', 2)).toEqual({ line: 1, column: 3 });
  });
});
