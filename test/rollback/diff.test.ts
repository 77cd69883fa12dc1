// diffPlan: golden unified diffs, plus properties of the line diff underneath.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPlan, diffPlan, makeChange } from '../../src/rollback/index.js';
import { diffLines, splitLines } from '../../src/rollback/line-diff.js';
import type { FileBefore } from '../../src/rollback/types.js';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const before = (s: string | null): FileBefore =>
  s === null ? { exists: false, sha256: null, mode: null, bytes: null } : { exists: true, sha256: 'unused', mode: 0o644, bytes: enc(s) };
const show = (p: string): string => p.replace('/proj/', '');
const one = (path: string, b: string | null, a: string | 'delete'): string =>
  diffPlan(createPlan('t', [makeChange(path, before(b), a === 'delete' ? 'delete' : enc(a))], []), show);

describe('diffPlan golden output', () => {
  it('create: from /dev/null', () => {
    expect(one('/proj/opencode.jsonc', null, '{\n  "mcp": {}\n}\n')).toBe(
      ['--- /dev/null', '+++ b/opencode.jsonc', '@@ -0,0 +1,3 @@', '+{', '+  "mcp": {}', '+}', ''].join('\n'),
    );
  });

  it('modify: 3 lines of context, separate hunks, a one-line range without ",1"', () => {
    const lines = Array.from({ length: 20 }, (_, i) => `line ${i + 1}\n`).join('');
    const after = lines.replace('line 3\n', 'line three\n').replace('line 17\n', '');
    expect(one('/proj/a.json', lines, after)).toBe(
      [
        '--- a/a.json',
        '+++ b/a.json',
        '@@ -1,6 +1,6 @@',
        ' line 1',
        ' line 2',
        '-line 3',
        '+line three',
        ' line 4',
        ' line 5',
        ' line 6',
        '@@ -14,7 +14,6 @@',
        ' line 14',
        ' line 15',
        ' line 16',
        '-line 17',
        ' line 18',
        ' line 19',
        ' line 20',
        '',
      ].join('\n'),
    );
    expect(one('/proj/b.json', 'only\n', 'changed\n')).toBe(['--- a/b.json', '+++ b/b.json', '@@ -1 +1 @@', '-only', '+changed', ''].join('\n'));
  });

  it('modify: changes 6 lines apart share one hunk', () => {
    const lines = Array.from({ length: 12 }, (_, i) => `${i + 1}\n`).join('');
    const after = lines.replace('2\n', 'two\n').replace('9\n', 'nine\n');
    expect(one('/proj/c', lines, after)).toBe(
      ['--- a/c', '+++ b/c', '@@ -1,12 +1,12 @@', ' 1', '-2', '+two', ' 3', ' 4', ' 5', ' 6', ' 7', ' 8', '-9', '+nine', ' 10', ' 11', ' 12', ''].join('\n'),
    );
  });

  it('delete: to /dev/null', () => {
    expect(one('/proj/old.json', 'x\ny\n', 'delete')).toBe(['--- a/old.json', '+++ /dev/null', '@@ -1,2 +0,0 @@', '-x', '-y', ''].join('\n'));
  });

  it('CRLF is shown faithfully (the \\r stays in the line)', () => {
    expect(one('/proj/w.json', '{\r\n  "a": 1\r\n}\r\n', '{\r\n  "a": 2\r\n}\r\n')).toBe(
      '--- a/w.json\n+++ b/w.json\n@@ -1,3 +1,3 @@\n {\r\n-  "a": 1\r\n+  "a": 2\r\n }\r\n',
    );
    // LF -> CRLF is a change of every line, not an invisible no-op.
    expect(one('/proj/w.json', 'a\n', 'a\r\n')).toBe('--- a/w.json\n+++ b/w.json\n@@ -1 +1 @@\n-a\n+a\r\n');
  });

  it('no newline at end of file, on either side', () => {
    expect(one('/proj/n', 'a\nb', 'a\nb\n')).toBe(
      ['--- a/n', '+++ b/n', '@@ -1,2 +1,2 @@', ' a', '-b', '\\ No newline at end of file', '+b', ''].join('\n'),
    );
    expect(one('/proj/n', 'a\n', 'a\nc')).toBe(
      ['--- a/n', '+++ b/n', '@@ -1 +1,2 @@', ' a', '+c', '\\ No newline at end of file', ''].join('\n'),
    );
  });

  it('several files in plan order; absolute paths without a display function', () => {
    const plan = createPlan('t', [makeChange('/proj/x', before(null), enc('1\n')), makeChange('/proj/y', before('1\n'), 'delete')], []);
    expect(diffPlan(plan)).toBe('--- /dev/null\n+++ b/proj/x\n@@ -0,0 +1 @@\n+1\n--- a/proj/y\n+++ /dev/null\n@@ -1 +0,0 @@\n-1\n');
  });

  it('an empty new file has headers only; binary content is summarised', () => {
    expect(one('/proj/e', null, '')).toBe('--- /dev/null\n+++ b/e\n');
    const plan = createPlan('t', [makeChange('/proj/bin', before(null), new Uint8Array([0, 1, 2]))], []);
    expect(diffPlan(plan, show)).toBe('Binary files /dev/null and b/bin differ\n');
  });

  it('no-op changes are dropped by createPlan, so they produce no diff', () => {
    expect(one('/proj/same', 'x\n', 'x\n')).toBe('');
  });
});

describe('line diff', () => {
  const line = fc.constantFrom('a\n', 'b\n', 'c\n', 'a\r\n', 'd', '\n', '{\n', '}\n');
  it('edit script reproduces both sides (property)', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 40 }), fc.array(line, { maxLength: 40 }), (a, b) => {
        const ops = diffLines(a, b);
        expect(ops.filter((o) => o.kind !== 'insert').map((o) => o.line)).toEqual(a);
        expect(ops.filter((o) => o.kind !== 'delete').map((o) => o.line)).toEqual(b);
      }),
      { numRuns: 500 },
    );
  });

  it('is minimal on a known case (LCS length)', () => {
    const ops = diffLines(splitLines('a\nb\nc\na\nb\nb\na\n'), splitLines('c\nb\na\nb\na\nc\n'));
    expect(ops.filter((o) => o.kind === 'equal')).toHaveLength(4);
  });

  // How long this takes is bench/ business (CI never gates on time); here: it finishes, and right.
  it('diffs a 1 MB file with a few edits, and a full rewrite of it too', () => {
    const lines = Array.from({ length: 40_000 }, (_, i) => `  "key${i}": "value ${i} padding padding",\n`);
    const edited = [...lines];
    edited[100] = '  "changed": 1,\n';
    edited.splice(20_000, 1);
    edited.push('  "end": true\n');
    const ops = diffLines(lines, edited);
    expect(ops.filter((o) => o.kind !== 'equal')).toHaveLength(4);
    const rewrite = diffLines(lines, lines.map((l) => l.toUpperCase()));
    expect(rewrite.filter((o) => o.kind === 'delete')).toHaveLength(40_000);
    expect(rewrite.filter((o) => o.kind === 'insert')).toHaveLength(40_000);
  });
});
