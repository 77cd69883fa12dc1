// diffChange now diffs only the window of lines around the changed bytes (a one-entry edit of a 56 MB
// file used to split both versions into a million lines). The output must be byte-identical to the
// whole-file diff it replaced, which stays here as the reference.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { diffChange } from '../../src/rollback/diff.js';
import { diffLines, formatHunks, splitLines } from '../../src/rollback/line-diff.js';
import type { FileChange } from '../../src/rollback/types.js';

const decode = (b: Uint8Array): string => Buffer.from(b).toString('utf8');

function reference(before: Uint8Array | null, after: Uint8Array | null): string {
  const header = `--- ${before ? 'a/f.json' : '/dev/null'}\n+++ ${after ? 'b/f.json' : '/dev/null'}\n`;
  const ops = diffLines(before ? splitLines(decode(before)) : [], after ? splitLines(decode(after)) : []);
  return header + formatHunks(ops, 3);
}

function change(before: Uint8Array | null, after: Uint8Array | null): FileChange {
  return {
    path: '/f.json',
    before: before ? { exists: true, sha256: 'x', mode: 0o644, bytes: before } : { exists: false, sha256: null, mode: null, bytes: null },
    after: after ?? 'delete',
  };
}

// Lines from a small alphabet so that equal lines recur (the hard case for any diff), with CRLF,
// lone CR, multi-byte characters and a byte sequence that is not UTF-8.
const piece = fc.constantFrom('a', 'b', '  "k": 1,', '}', '{', '', 'é', '😀', '\r', 'x\r', '\u00ff');
const line = fc.array(piece, { maxLength: 3 }).map((ps) => ps.join(''));
const text = fc.tuple(fc.array(line, { maxLength: 40 }), fc.boolean(), fc.boolean()).map(([ls, crlf, final]) => {
  const eol = crlf ? '\r\n' : '\n';
  return ls.join(eol) + (final && ls.length > 0 ? eol : '');
});
const bytesOf = (t: string, invalid: boolean): Uint8Array => {
  const b = Buffer.from(t, 'utf8');
  return invalid && b.length > 2 ? Buffer.concat([b.subarray(0, 2), Buffer.from([0xc3]), b.subarray(2)]) : b;
};
// An edit: a few splices of lines or characters, as an entry insertion/removal would make.
const edits = fc.array(fc.tuple(fc.nat(), fc.nat(12), line, fc.boolean()), { maxLength: 3 });

function applyEdits(t: string, es: [number, number, string, boolean][]): string {
  let out = t;
  for (const [at, del, ins, nl] of es) {
    const p = at % (out.length + 1);
    out = out.slice(0, p) + ins + (nl ? '\n' : '') + out.slice(Math.min(out.length, p + del));
  }
  return out;
}

describe('diffChange on a window equals the whole-file diff', () => {
  test('random texts and edits (creates, deletes, modifies; CRLF; no final newline; bad UTF-8)', () => {
    fc.assert(
      fc.property(text, edits, fc.boolean(), fc.constantFrom('modify', 'create', 'delete'), (t, es, invalid, kind) => {
        const before = kind === 'create' ? null : bytesOf(t, invalid);
        const after = kind === 'delete' ? null : bytesOf(applyEdits(t, es), invalid);
        expect(diffChange(change(before, after))).toBe(reference(before, after));
      }),
      { numRuns: 5000 },
    );
  });

  test('a big file with one inserted entry: the hunk sits at the right line numbers', () => {
    const lines = Array.from({ length: 200_000 }, (_, i) => `  "k${i}": ${i},\n`);
    const before = Buffer.from(`{\n${lines.join('')}  "end": 0\n}\n`);
    const afterText = `{\n${lines.slice(0, 150_000).join('')}  "patchbay": {},\n${lines.slice(150_000).join('')}  "end": 0\n}\n`;
    const after = Buffer.from(afterText);
    const out = diffChange(change(before, after));
    expect(out).toBe(reference(before, after));
    expect(out).toContain('@@ -149999,6 +149999,7 @@');
  });
});
