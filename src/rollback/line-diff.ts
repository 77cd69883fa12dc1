// Line diff (Myers' O(ND) greedy algorithm) and unified-diff hunks. Lines keep their terminators, so
// "a\r\n" and "a\n" differ and a missing final newline is visible: the diff is about bytes.
//
// Memory is O(D^2) for the backtracking trace (D = number of differing lines after trimming the
// common prefix and suffix). Config edits have tiny D; when D exceeds MAX_EDIT_DISTANCE (files that
// share almost nothing) the middle is emitted as one delete block plus one insert block: still a
// correct diff, just not a minimal one, and it keeps a 1 MB rewrite fast.

export type DiffOp = { kind: 'equal' | 'delete' | 'insert'; line: string };

const MAX_EDIT_DISTANCE = 2000;

/** Splits text into lines that keep their "\n" (and "\r\n"); a final line without "\n" is kept as is. */
export function splitLines(text: string): string[] {
  const lines: string[] = [];
  let start = 0;
  for (;;) {
    const nl = text.indexOf('\n', start);
    if (nl === -1) break;
    lines.push(text.slice(start, nl + 1));
    start = nl + 1;
  }
  if (start < text.length) lines.push(text.slice(start));
  return lines;
}

function myers(a: Int32Array, b: Int32Array): DiffOp['kind'][] | null {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  v[offset + 1] = 0;
  for (let d = 0; d <= Math.min(max, MAX_EDIT_DISTANCE); d++) {
    // Snapshot of k in [-(d+1), d+1] before this round: backtracking reads v[k-1] and v[k+1].
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x: number;
      if (k === -d || (k !== d && (v[offset + k - 1] as number) < (v[offset + k + 1] as number))) x = v[offset + k + 1] as number;
      else x = (v[offset + k - 1] as number) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, n, m, d);
    }
  }
  return null;
}

function backtrack(trace: Int32Array[], n: number, m: number, dFound: number): DiffOp['kind'][] {
  const ops: DiffOp['kind'][] = [];
  let x = n;
  let y = m;
  for (let d = dFound; d > 0; d--) {
    const snap = trace[d] as Int32Array;
    const at = (k: number): number => snap[k + d + 1] as number;
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      ops.push('equal');
      x--;
      y--;
    }
    if (prevK === k + 1) {
      ops.push('insert');
      y--;
    } else {
      ops.push('delete');
      x--;
    }
  }
  while (x > 0 && y > 0) {
    ops.push('equal');
    x--;
    y--;
  }
  return ops.reverse();
}

export function diffLines(a: string[], b: string[]): DiffOp[] {
  let pre = 0;
  while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
  let suf = 0;
  while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]) suf++;
  const aMid = a.slice(pre, a.length - suf);
  const bMid = b.slice(pre, b.length - suf);

  // Compare integers, not strings, in the inner loop.
  const ids = new Map<string, number>();
  const intern = (s: string): number => {
    let id = ids.get(s);
    if (id === undefined) ids.set(s, (id = ids.size));
    return id;
  };
  const kinds = myers(Int32Array.from(aMid, intern), Int32Array.from(bMid, intern)) ?? [
    ...aMid.map(() => 'delete' as const),
    ...bMid.map(() => 'insert' as const),
  ];

  const ops: DiffOp[] = a.slice(0, pre).map((line) => ({ kind: 'equal', line }));
  let i = 0;
  let j = 0;
  for (const kind of kinds) {
    if (kind === 'equal') ops.push({ kind, line: aMid[i++] as string }), j++;
    else if (kind === 'delete') ops.push({ kind, line: aMid[i++] as string });
    else ops.push({ kind, line: bMid[j++] as string });
  }
  for (const line of a.slice(a.length - suf)) ops.push({ kind: 'equal', line });
  return ops;
}

const NO_NEWLINE = '\\ No newline at end of file\n';

function range(start: number, count: number): string {
  return count === 1 ? `${start}` : `${start},${count}`;
}

/**
 * Unified-diff hunks ("@@ ... @@" and their lines) with `context` lines around each change.
 * `linesBefore`: lines (equal in both files) that precede `ops`, when the diff was computed on a
 * window of the files (diff.ts); hunk headers count from the start of the files. `show` maps each
 * printed line (the redactor transforms only the few lines a hunk shows, not whole files); it must
 * keep the line ending.
 */
export function formatHunks(ops: DiffOp[], context = 3, linesBefore = 0, show: (line: string) => string = (line) => line): string {
  const changes: number[] = [];
  ops.forEach((op, idx) => op.kind !== 'equal' && changes.push(idx));
  if (changes.length === 0) return '';
  // Lines of `a` and `b` before each op index, for hunk headers.
  const aBefore = new Int32Array(ops.length + 1);
  const bBefore = new Int32Array(ops.length + 1);
  ops.forEach((op, idx) => {
    aBefore[idx + 1] = (aBefore[idx] as number) + (op.kind === 'insert' ? 0 : 1);
    bBefore[idx + 1] = (bBefore[idx] as number) + (op.kind === 'delete' ? 0 : 1);
  });

  let out = '';
  let g = 0;
  while (g < changes.length) {
    let last = g;
    // Changes separated by at most 2*context equal lines share a hunk (their contexts touch).
    while (last + 1 < changes.length && (changes[last + 1] as number) - (changes[last] as number) - 1 <= 2 * context) last++;
    const start = Math.max(0, (changes[g] as number) - context);
    const end = Math.min(ops.length, (changes[last] as number) + context + 1);
    let aCount = 0;
    let bCount = 0;
    let body = '';
    for (let idx = start; idx < end; idx++) {
      const op = ops[idx] as DiffOp;
      if (op.kind !== 'insert') aCount++;
      if (op.kind !== 'delete') bCount++;
      const prefix = op.kind === 'equal' ? ' ' : op.kind === 'delete' ? '-' : '+';
      body += prefix + show(op.line);
      if (!op.line.endsWith('\n')) body += '\n' + NO_NEWLINE;
    }
    const aStart = linesBefore + (aBefore[start] as number) + (aCount === 0 ? 0 : 1);
    const bStart = linesBefore + (bBefore[start] as number) + (bCount === 0 ? 0 : 1);
    out += `@@ -${range(aStart, aCount)} +${range(bStart, bCount)} @@\n` + body;
    g = last + 1;
  }
  return out;
}
