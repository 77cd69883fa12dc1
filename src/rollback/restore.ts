// Puts every file of a journal back to its exact prior bytes and mode, in reverse order, removes the
// temp files the transaction may have left and the folders it created (only if empty). Used for an
// apply that failed, for a pending journal left by a killed process, and nowhere else.
//
// It is idempotent: running it twice (say, recovery itself was killed) is safe, because a file is
// only rewritten when it is neither already in its prior state nor foreign.
import { rmdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { step, type FaultHooks } from './faults.js';
import { errnoCode, fsyncDir, readState, tempPathFor, writeDurably, type FileState } from './fs-util.js';
import { sha256Hex } from '../node-crypto.js';
import type { Journal, JournalFile } from './journal.js';
import { priorBytesOf } from './prior-blob.js';

export interface RestoreResult {
  /** true when every file is back and every temp file is gone. */
  complete: boolean;
  failures: { path: string; error: unknown }[];
}

type Observed = FileState | 'not-a-file';

async function observe(file: string): Promise<Observed> {
  try {
    return await readState(file);
  } catch (error) {
    if (errnoCode(error) === 'EISDIR' || errnoCode(error) === 'EINVAL') return 'not-a-file';
    throw error;
  }
}

export function matchesPrior(cur: Observed, f: JournalFile): boolean {
  if (cur === 'not-a-file') return false;
  if (!f.existedBefore) return !cur.exists;
  return cur.exists && cur.bytes !== null && sha256Hex(cur.bytes) === f.priorSha256 && cur.mode === f.priorMode;
}

export function matchesAfter(cur: Observed, f: JournalFile): boolean {
  if (cur === 'not-a-file') return false;
  if (f.deleted) return !cur.exists;
  return cur.exists && cur.bytes !== null && sha256Hex(cur.bytes) === f.afterSha256;
}

async function removeIfPresent(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (error) {
    if (errnoCode(error) !== 'ENOENT' && errnoCode(error) !== 'ENOTDIR') throw error;
  }
}

/** Our temp files are regular files; a folder at that name is someone else's and is left alone. */
async function removeTemp(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (error) {
    const code = errnoCode(error);
    if (code !== 'ENOENT' && code !== 'ENOTDIR' && code !== 'EISDIR') throw error;
  }
}

async function restoreFile(journal: Journal, f: JournalFile, faults: FaultHooks | undefined): Promise<void> {
  for (const temp of f.tempPaths) {
    await step(faults, 'remove-temp', temp);
    await removeTemp(temp);
  }
  const cur = await observe(f.target);
  if (matchesPrior(cur, f)) return;
  // A file we have not written (not marked done, and not holding our bytes) is left alone: the
  // failure happened before we touched it, and whatever is there now is not ours to overwrite.
  // "Holding our bytes" covers a kill between rename and the journal's done mark.
  if (!f.done && !matchesAfter(cur, f)) return;
  if (f.existedBefore) {
    const prior = await priorBytesOf(journal.id, f);
    await writeDurably(
      f.target,
      tempPathFor(f.target, journal.id, 'restore'),
      prior,
      f.priorMode ?? 0o644,
      { uid: f.priorUid, gid: f.priorGid },
      faults,
      { writeTemp: 'restore-write-temp', fsyncTemp: null, rename: 'restore-rename', fsyncDir: null },
    );
  } else {
    await step(faults, 'restore-unlink', f.target);
    await removeIfPresent(f.target);
    await fsyncDir(path.dirname(f.target));
  }
}

export async function restoreJournal(journal: Journal, faults?: FaultHooks): Promise<RestoreResult> {
  const failures: RestoreResult['failures'] = [];
  for (const f of [...journal.files].reverse()) {
    try {
      await restoreFile(journal, f, faults);
    } catch (error) {
      // Keep going: one stuck file must not stop the others from being restored.
      failures.push({ path: f.path, error });
    }
  }
  for (const dir of [...journal.createdDirs].reverse()) {
    try {
      await step(faults, 'rmdir', dir);
      await rmdir(dir);
    } catch (error) {
      const code = errnoCode(error);
      // Not empty (someone put something there), already gone, or no longer a folder: leave it.
      if (code !== 'ENOENT' && code !== 'ENOTEMPTY' && code !== 'EEXIST' && code !== 'ENOTDIR') {
        failures.push({ path: dir, error });
      }
    }
  }
  return { complete: failures.length === 0, failures };
}
