// diffPlan(plan): the unified diff a person reviews before apply (and what --dry-run prints).
import { diffLines, formatHunks, splitLines } from './line-diff.js';
import type { FileChange, Plan } from './types.js';

const decoder = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');

function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, 8000).includes(0);
}

function label(side: 'a' | 'b', shown: string): string {
  return `${side}/${shown.replace(/^\/+/, '')}`;
}

export interface DiffOptions {
  /** Applied to every printed line (see formatHunks); the default prints lines as they are. */
  showLine?: (line: string) => string;
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
  const ops = diffLines(before ? splitLines(decoder(before)) : [], after ? splitLines(decoder(after)) : []);
  return header + formatHunks(ops, 3, options.showLine);
}

/** Unified diffs of every change in the plan, in plan order. */
export function diffPlan(plan: Plan, displayPath?: (abs: string) => string, options?: DiffOptions): string {
  return plan.changes.map((c) => diffChange(c, displayPath, options)).join('');
}
