// diffPlan(plan): the unified diff a person reviews before apply (and what --dry-run prints).
import { diffLines, formatHunks, splitLines, type DiffOp } from './line-diff.js';
import type { FileChange, Plan } from './types.js';

const decoder = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');

function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, 8000).includes(0);
}

function label(side: 'a' | 'b', shown: string): string {
  return `${side}/${shown.replace(/^\/+/, '')}`;
}

const CONTEXT = 3;

const view = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Length of the common prefix of a and b (memcmp on 64 KB blocks, then byte by byte in the block). */
function commonPrefix(a: Buffer, b: Buffer): number {
  const n = Math.min(a.length, b.length);
  for (let lo = 0; lo < n; lo += 65536) {
    const hi = Math.min(n, lo + 65536);
    if (a.compare(b, lo, hi, lo, hi) === 0) continue;
    for (let i = lo; i < hi; i++) if (a[i] !== b[i]) return i;
  }
  return n;
}

/** Length of the common suffix of a and b, at most `max`. */
function commonSuffix(a: Buffer, b: Buffer, max: number): number {
  let s = 0;
  while (s < max) {
    const step = Math.min(65536, max - s);
    if (a.compare(b, b.length - s - step, b.length - s, a.length - s - step, a.length - s) === 0) {
      s += step;
      continue;
    }
    while (s < max && a[a.length - 1 - s] === b[b.length - 1 - s]) s++;
    return s;
  }
  return s;
}

/**
 * The part of two files a diff has to look at: whole lines from CONTEXT lines before the first
 * differing byte to CONTEXT lines after the last one; everything outside is byte-identical, starts
 * and ends on line boundaries in both files, and so only shifts hunk line numbers (`linesBefore`).
 * The diff of a one-entry edit in a 56 MB file used to split both files into a million lines each.
 */
function changedWindow(a: Buffer, b: Buffer): { aStart: number; aEnd: number; bStart: number; bEnd: number; linesBefore: number } {
  const p = commonPrefix(a, b);
  const s = commonSuffix(a, b, Math.min(a.length, b.length) - p);
  // Back from the line holding byte p, CONTEXT more lines. Bytes before p are the same in a and b.
  let start = p === 0 ? 0 : a.lastIndexOf(10, p - 1) + 1;
  for (let k = 0; k < CONTEXT && start > 0; k++) start = start < 2 ? 0 : a.lastIndexOf(10, start - 2) + 1;
  let linesBefore = 0;
  for (let i = a.indexOf(10); i >= 0 && i < start; i = a.indexOf(10, i + 1)) linesBefore++;
  // Forward to the first line break inside the common suffix (so the rest is whole lines, the same
  // in both files), then CONTEXT more lines.
  let end = a.length;
  const nl = a.indexOf(10, a.length - s);
  if (nl >= 0) {
    end = nl + 1;
    for (let k = 0; k < CONTEXT && end < a.length; k++) {
      const next = a.indexOf(10, end);
      end = next < 0 ? a.length : next + 1;
    }
  }
  return { aStart: start, aEnd: end, bStart: start, bEnd: end + (b.length - a.length), linesBefore };
}

export interface DiffOptions {
  /** Applied to every printed line (see formatHunks); the default prints lines as they are. */
  showLine?: (line: string) => string;
  /**
   * The lines to print for the window of one side instead of its own: `count` whole lines from line
   * `first` (0-based) of `bytes`, each keeping its line ending, exactly `count` of them. The diff is
   * still computed on the real lines; this only changes what is shown (the redactor uses it to
   * redact, with the whole file as context, just the lines a hunk can show).
   */
  windowLines?: (bytes: Uint8Array, first: number, count: number) => string[];
}

/** The ops with each line replaced by the shown line of its side (equal lines: the `a` side's). */
function shownOps(ops: DiffOp[], a: string[], b: string[]): DiffOp[] {
  let i = 0;
  let j = 0;
  return ops.map((op) => {
    if (op.kind === 'insert') return { kind: op.kind, line: b[j++] as string };
    if (op.kind === 'equal') j++;
    return { kind: op.kind, line: a[i++] as string };
  });
}

export function diffChange(change: FileChange, displayPath: (abs: string) => string = (p) => p, options: DiffOptions = {}): string {
  const shown = displayPath(change.path);
  const before = change.before.exists ? (change.before.bytes ?? new Uint8Array()) : null;
  const after = change.after === 'delete' ? null : change.after;
  const from = before === null ? '/dev/null' : label('a', shown);
  const to = after === null ? '/dev/null' : label('b', shown);
  const header = `--- ${from}\n+++ ${to}\n`;
  if ((before && looksBinary(before)) || (after && looksBinary(after))) {
    return `Binary files ${from} and ${to} differ\n`;
  }
  const a = view(before ?? new Uint8Array());
  const b = view(after ?? new Uint8Array());
  const w = changedWindow(a, b);
  // Lines end at \n bytes, which never occur inside a multi-byte UTF-8 sequence: decoding a window of
  // whole lines gives the same lines as decoding the whole file and splitting it.
  const aLines = splitLines(decoder(a.subarray(w.aStart, w.aEnd)));
  const bLines = splitLines(decoder(b.subarray(w.bStart, w.bEnd)));
  let ops = diffLines(aLines, bLines);
  if (options.windowLines) {
    // The plan's own arrays, not the Buffer views above: the hook may know them (decoded-text.ts).
    const aShown = options.windowLines(before ?? a, w.linesBefore, aLines.length);
    const bShown = options.windowLines(after ?? b, w.linesBefore, bLines.length);
    if (aShown.length !== aLines.length || bShown.length !== bLines.length) throw new Error('internal: windowLines changed the number of lines');
    ops = shownOps(ops, aShown, bShown);
  }
  return header + formatHunks(ops, CONTEXT, w.linesBefore, options.showLine);
}

/** Unified diffs of every change in the plan, in plan order. */
export function diffPlan(plan: Plan, displayPath?: (abs: string) => string, options?: DiffOptions): string {
  return plan.changes.map((c) => diffChange(c, displayPath, options)).join('');
}
