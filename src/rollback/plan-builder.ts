// Helpers installers use to build a Plan: plain data, nothing written. Reading is allowed here
// (a plan records what each file looked like); writing happens only in apply.
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { PatchbayError } from '../errors.js';
import { errnoCode, readState, resolveWriteTarget } from './fs-util.js';
import { sha256Hex } from '../node-crypto.js';
import type { FileAfter, FileBefore, FileChange, Plan } from './types.js';

/**
 * A read that failed for a reason the user can fix, as a typed refusal. The message names no path:
 * every presenter prints `path` (shown as the user knows it: project-relative or ~/...) in front of it,
 * and the path of a symlink's target or of a temp file means nothing to the user.
 */
export function readFailure(file: string, error: unknown): PatchbayError {
  const details = { path: file, cause: error };
  switch (errnoCode(error)) {
    case 'EISDIR':
      return new PatchbayError('not-a-file', 'this is a folder, not a file; patchbay reads and writes host configuration as a regular file', {
        ...details,
        hint: 'move the folder aside if it is not meant to be there, or leave this host out with --host',
      });
    case 'EINVAL':
      return new PatchbayError('not-a-file', 'this is not a regular file (a socket, FIFO or device); patchbay only edits regular files', {
        ...details,
        hint: 'replace it with the real configuration file, or leave this host out with --host',
      });
    case 'ELOOP':
      return new PatchbayError('symlink-loop', 'this symbolic link loops: following it leads back to itself (ELOOP), so there is no file to read', {
        ...details,
        hint: 'fix or remove the link (`ls -l` shows where it points); patchbay will not guess which file was meant',
      });
    case 'EACCES':
    case 'EPERM':
      return new PatchbayError('not-readable', 'patchbay cannot read this file: permission denied', {
        ...details,
        hint: 'make it readable for your user (e.g. `chmod u+r`), or leave this host out with --host',
      });
    default:
      return new PatchbayError('io-failed', `Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`, details);
  }
}

/**
 * What `file` looks like now, following symlinks. A missing file (or dangling link, or a path under a
 * regular file) is exists:false. A folder, a looping link or an unreadable file throws a typed
 * PatchbayError (readFailure): at planning, before anything is written.
 */
export async function readBefore(file: string): Promise<FileBefore> {
  let cur;
  try {
    cur = await readState(file);
  } catch (error) {
    throw readFailure(file, error);
  }
  if (!cur.exists || !cur.bytes) return { exists: false, sha256: null, mode: null, bytes: null };
  return withLazyHash({ exists: true, mode: cur.mode, bytes: cur.bytes });
}

/**
 * A FileBefore whose sha256 is computed the first time it is read, then kept as a plain value. Most
 * reads never need it (status, a dry run, a file the plan does not change; apply compares the bytes
 * themselves), and hashing a 56 MB config costs a fifth of a second. Reading it (serializePlan, a
 * spread, a test's toEqual) gives the same value as before.
 */
function withLazyHash(fields: Omit<FileBefore, 'sha256'> & { bytes: Uint8Array }): FileBefore {
  const before = { ...fields } as FileBefore;
  Object.defineProperty(before, 'sha256', {
    enumerable: true,
    configurable: true,
    get(): string {
      const value = sha256Hex(fields.bytes);
      Object.defineProperty(before, 'sha256', { value, enumerable: true, writable: true, configurable: true });
      return value;
    },
    set(value: string | null) {
      Object.defineProperty(before, 'sha256', { value, enumerable: true, writable: true, configurable: true });
    },
  });
  return before;
}

export function makeChange(
  file: string,
  before: FileBefore,
  after: FileAfter,
  opts: { createMode?: number; label?: string; journalAfter?: boolean } = {},
): FileChange {
  const change: FileChange = { path: path.resolve(file), before, after };
  if (opts.createMode !== undefined) change.createMode = opts.createMode;
  if (opts.journalAfter) change.journalAfter = true;
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
  return change.before.sha256 === sha256Hex(change.after);
}

/**
 * A plan without its no-op changes (same bytes, or deleting a missing file). Its folders come once each,
 * parents first (shorter paths first), then in code-unit order: the same order on every machine. Not
 * localeCompare, whose first call loads ICU's collation data (7-15 ms of an `init`, --cpu-prof).
 */
export function createPlan(description: string, changes: FileChange[], createDirs: readonly string[]): Plan {
  const dirs = [...new Set(createDirs)].sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
  return { description, changes: changes.filter((c) => !isNoOp(c)), createDirs: dirs };
}

/**
 * Missing ancestor folders of `filePath`, parents first (what apply must create to write it). A regular
 * file where a folder must be is a `not-a-directory` refusal naming that file.
 */
export async function dirsToCreate(filePath: string): Promise<string[]> {
  const missing: string[] = [];
  let dir = path.dirname(path.resolve(filePath));
  for (;;) {
    let st;
    try {
      st = await stat(dir);
    } catch (error) {
      if (errnoCode(error) !== 'ENOENT') throw readFailure(dir, error);
      missing.unshift(dir);
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
      continue;
    }
    if (!st.isDirectory()) {
      throw new PatchbayError(
        'not-a-directory',
        `this is a file, but patchbay needs a folder here to create ${path.relative(dir, filePath)} in it; nothing was written`,
        { path: dir, hint: 'move the file aside if it is not meant to be there, or leave this host out with --host' },
      );
    }
    break;
  }
  return missing;
}

/** The nearest folder of `dir` (itself or an ancestor) that exists: where a new folder would be made. */
async function nearestExisting(dir: string): Promise<string> {
  let cur = dir;
  for (;;) {
    try {
      await stat(cur);
      return cur;
    } catch (error) {
      const parent = path.dirname(cur);
      if (errnoCode(error) !== 'ENOENT' || parent === cur) return cur;
      cur = parent;
    }
  }
}

/**
 * A change apply could not make because its folder refuses new entries: apply writes a temp file next
 * to the file (the symlink's target when it is one) and renames it over, or unlinks it, and a new file
 * in a missing folder needs the nearest existing folder writable. Checked with access(2) only (nothing
 * is created, so a dry run stays a dry run); root passes, as it would when writing.
 * `shown` turns an absolute path into the form the user knows.
 */
export async function writeAccessDiagnostics(changes: readonly FileChange[], shown: (abs: string) => string = (p) => p): Promise<Diagnostic[]> {
  const out: Diagnostic[] = [];
  for (const change of changes) {
    const target = await resolveWriteTarget(change.path).catch(() => change.path);
    const dir = await nearestExisting(path.dirname(target));
    try {
      await access(dir, constants.W_OK | constants.X_OK);
    } catch (error) {
      const code = errnoCode(error);
      if (code !== 'EACCES' && code !== 'EPERM' && code !== 'EROFS') continue;
      const why = code === 'EROFS' ? 'is on a read-only file system' : 'does not let you create files';
      out.push({
        code: 'dir-not-writable',
        severity: 'error',
        path: change.path,
        message: `patchbay cannot write this file: its folder ${shown(dir)} ${why} (patchbay writes a temporary file there and renames it over the file); nothing was written`,
        hint: code === 'EROFS' ? 'leave this host out with --host' : `make the folder writable for your user (\`chmod u+w ${shown(dir)}\`), or leave this host out with --host`,
      });
    }
  }
  return out;
}

interface SerializedChange {
  path: string;
  before: { exists: boolean; sha256: string | null; mode: number | null; bytes: string | null };
  after: string | { delete: true };
  createMode?: number;
  label?: string;
  journalAfter?: boolean;
}

interface SerializedPlan {
  format: 'patchbay-plan/v1';
  description: string;
  createDirs: string[];
  removeDirs?: string[];
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
    ...(plan.removeDirs ? { removeDirs: plan.removeDirs } : {}),
    changes: plan.changes.map((c) => {
      const out: SerializedChange = {
        path: c.path,
        before: { exists: c.before.exists, sha256: c.before.sha256, mode: c.before.mode, bytes: c.before.bytes ? b64(c.before.bytes) : null },
        after: c.after === 'delete' ? { delete: true } : b64(c.after),
      };
      if (c.createMode !== undefined) out.createMode = c.createMode;
      if (c.label !== undefined) out.label = c.label;
      if (c.journalAfter) out.journalAfter = true;
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
    ...(Array.isArray(data.removeDirs) ? { removeDirs: data.removeDirs } : {}),
    changes: data.changes.map((c) => {
      const change: FileChange = {
        path: c.path,
        before: { exists: c.before.exists, sha256: c.before.sha256, mode: c.before.mode, bytes: c.before.bytes === null ? null : unb64(c.before.bytes) },
        after: typeof c.after === 'string' ? unb64(c.after) : 'delete',
      };
      if (c.createMode !== undefined) change.createMode = c.createMode;
      if (c.label !== undefined) change.label = c.label;
      if (c.journalAfter === true) change.journalAfter = true;
      return change;
    }),
  };
}
