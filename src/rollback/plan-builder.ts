// Helpers installers use to build a Plan: plain data, nothing written. Reading is allowed here
// (a plan records what each file looked like); writing happens only in apply.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { PatchbayError } from '../errors.js';
import { errnoCode, readState, sha256 } from './fs-util.js';
import type { FileAfter, FileBefore, FileChange, Plan } from './types.js';

/** What `file` looks like now, following symlinks. A missing file (or dangling link) is exists:false. */
export async function readBefore(file: string): Promise<FileBefore> {
  let cur;
  try {
    cur = await readState(file);
  } catch (error) {
    throw new PatchbayError('io-failed', `Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`, {
      path: file,
      cause: error,
    });
  }
  if (!cur.exists || !cur.bytes) return { exists: false, sha256: null, mode: null, bytes: null };
  return { exists: true, sha256: sha256(cur.bytes), mode: cur.mode, bytes: cur.bytes };
}

export function makeChange(
  file: string,
  before: FileBefore,
  after: FileAfter,
  opts: { createMode?: number; label?: string } = {},
): FileChange {
  const change: FileChange = { path: path.resolve(file), before, after };
  if (opts.createMode !== undefined) change.createMode = opts.createMode;
  if (opts.label !== undefined) change.label = opts.label;
  return change;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}

export function isNoOp(change: FileChange): boolean {
  if (change.after === 'delete') return !change.before.exists;
  if (!change.before.exists) return false;
  if (change.before.bytes) return sameBytes(change.before.bytes, change.after);
  return change.before.sha256 === sha256(change.after);
}

/** A plan without its no-op changes (same bytes, or deleting a missing file). */
export function createPlan(description: string, changes: FileChange[], createDirs: string[]): Plan {
  return { description, changes: changes.filter((c) => !isNoOp(c)), createDirs: [...createDirs] };
}

/** Missing ancestor folders of `filePath`, parents first (what apply must create to write it). */
export async function dirsToCreate(filePath: string): Promise<string[]> {
  const missing: string[] = [];
  let dir = path.dirname(path.resolve(filePath));
  for (;;) {
    try {
      const st = await stat(dir);
      if (!st.isDirectory()) {
        throw new PatchbayError('io-failed', `${dir} exists but is not a folder, so ${filePath} cannot be created.`, { path: dir });
      }
      break;
    } catch (error) {
      if (error instanceof PatchbayError) throw error;
      if (errnoCode(error) !== 'ENOENT') throw error;
    }
    missing.unshift(dir);
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return missing;
}

interface SerializedChange {
  path: string;
  before: { exists: boolean; sha256: string | null; mode: number | null; bytes: string | null };
  after: string | { delete: true };
  createMode?: number;
  label?: string;
}

interface SerializedPlan {
  format: 'patchbay-plan/v1';
  description: string;
  createDirs: string[];
  changes: SerializedChange[];
}

const b64 = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
const unb64 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'base64'));

/** JSON text of a plan, bytes as base64 (for handing a plan to another process). */
export function serializePlan(plan: Plan): string {
  const data: SerializedPlan = {
    format: 'patchbay-plan/v1',
    description: plan.description,
    createDirs: plan.createDirs,
    changes: plan.changes.map((c) => {
      const out: SerializedChange = {
        path: c.path,
        before: { exists: c.before.exists, sha256: c.before.sha256, mode: c.before.mode, bytes: c.before.bytes ? b64(c.before.bytes) : null },
        after: c.after === 'delete' ? { delete: true } : b64(c.after),
      };
      if (c.createMode !== undefined) out.createMode = c.createMode;
      if (c.label !== undefined) out.label = c.label;
      return out;
    }),
  };
  return JSON.stringify(data);
}

export function deserializePlan(text: string): Plan {
  let data: SerializedPlan;
  try {
    data = JSON.parse(text) as SerializedPlan;
  } catch (error) {
    throw new PatchbayError('internal', 'Not a serialized patchbay plan (invalid JSON).', { cause: error });
  }
  if (data?.format !== 'patchbay-plan/v1' || !Array.isArray(data.changes)) {
    throw new PatchbayError('internal', 'Not a serialized patchbay plan.');
  }
  return {
    description: data.description,
    createDirs: data.createDirs,
    changes: data.changes.map((c) => {
      const change: FileChange = {
        path: c.path,
        before: { exists: c.before.exists, sha256: c.before.sha256, mode: c.before.mode, bytes: c.before.bytes === null ? null : unb64(c.before.bytes) },
        after: typeof c.after === 'string' ? unb64(c.after) : 'delete',
      };
      if (c.createMode !== undefined) change.createMode = c.createMode;
      if (c.label !== undefined) change.label = c.label;
      return change;
    }),
  };
}
