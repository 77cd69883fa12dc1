// The core of apply: journal first, then each file durably, then commit. The caller holds the lock.
// Any failure restores what was already written (restore.ts) before the error leaves this module.
import { lstat, mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { PatchbayError } from '../errors.js';
import { step, type FaultHooks } from './faults.js';
import { errnoCode, fsyncDir, readState, resolveWriteTarget, tempPathFor, writeDurably, type FileState } from './fs-util.js';
import { sha256Hex } from '../node-crypto.js';
import { JOURNAL_FORMAT, JOURNAL_FORMAT_BLOBS, writeJournal, type Journal, type JournalFile } from './journal.js';
import { blobName, heldPrior, holdPrior, PRIOR_BLOB_MIN_BYTES } from './prior-blob.js';
import { writeAccessDiagnostics } from './plan-builder.js';
import { restoreJournal } from './restore.js';
import { newTransactionId } from './transaction-id.js';
import type { FileChange } from './types.js';

/** A FileChange plus engine-internal overrides used by rollback (restore an exact mode and owner). */
export interface InternalChange extends FileChange {
  forceMode?: number;
  forceOwner?: { uid: number | null; gid: number | null };
}

export interface TransactionMeta {
  description: string;
  kind: 'apply' | 'revert';
  revertOf?: string;
  removeDirsAfter?: string[];
}

function fileChanged(file: string, why: string, cause?: unknown): PatchbayError {
  return new PatchbayError('file-changed', `${file} changed since the plan was made (${why}); patchbay left every file as it was.`, {
    path: file,
    hint: 'Run the command again so patchbay plans against the current file.',
    cause,
  });
}

async function readForCheck(change: FileChange, target: string): Promise<FileState> {
  try {
    return await readState(target);
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'EISDIR' || code === 'EINVAL') throw fileChanged(change.path, 'it is no longer a regular file', error);
    throw error;
  }
}

function checkAgainstPlan(change: FileChange, cur: FileState, curSha256: string | null): void {
  const before = change.before;
  if (before.exists !== cur.exists) {
    throw fileChanged(change.path, before.exists ? 'it was deleted' : 'it was created meanwhile');
  }
  if (!cur.exists || !cur.bytes) return;
  // The plan keeps the bytes it was made from (the ones the diff showed): when it has them, the file
  // must still hold exactly those (memcmp); otherwise its hash must match the plan's.
  const same = before.bytes ? sameBytes(cur.bytes, before.bytes) : curSha256 === before.sha256;
  if (!same) throw fileChanged(change.path, 'its content differs');
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}

async function exists(p: string): Promise<boolean> {
  try {
    await lstat(p);
    return true;
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return false;
    throw error;
  }
}

/** Reads and checks every file, builds the pending journal. Touches nothing on disk. */
async function prepare(id: string, changes: InternalChange[], createDirs: string[], meta: TransactionMeta): Promise<Journal> {
  const files: JournalFile[] = [];
  const seen = new Map<string, string>();
  for (const change of changes) {
    const target = await resolveWriteTarget(change.path);
    const other = seen.get(target);
    if (other !== undefined) {
      throw new PatchbayError('internal', `The plan changes ${target} twice (as ${other} and ${change.path}).`, { path: change.path });
    }
    seen.set(target, change.path);
    const cur = await readForCheck(change, target);
    const curSha256 = cur.bytes ? sha256Hex(cur.bytes) : null;
    checkAgainstPlan(change, cur, curSha256);
    const deleted = change.after === 'delete';
    const blob = cur.bytes !== null && cur.bytes.byteLength >= PRIOR_BLOB_MIN_BYTES;
    const entry: JournalFile = {
      path: change.path,
      target,
      existedBefore: cur.exists,
      priorBase64: cur.bytes && !blob ? Buffer.from(cur.bytes.buffer, cur.bytes.byteOffset, cur.bytes.byteLength).toString('base64') : null,
      ...(blob ? { priorBlob: blobName(id, files.length) } : {}),
      priorSha256: curSha256,
      priorMode: cur.mode,
      priorUid: cur.uid,
      priorGid: cur.gid,
      deleted,
      afterSha256: change.after === 'delete' ? null : sha256Hex(change.after),
      ...(change.journalAfter && change.after !== 'delete' ? { afterBase64: Buffer.from(change.after.buffer, change.after.byteOffset, change.after.byteLength).toString('base64') } : {}),
      tempPaths: [tempPathFor(target, id, 'write'), tempPathFor(target, id, 'restore')],
      done: false,
    };
    // Kept for the re-check right before each write, a byte comparison (memcmp) instead of hashing the
    // file again (sha256 of a 56 MB config is ~0.2 s a time), and for a blob's one write.
    if (cur.bytes) holdPrior(entry, cur.bytes);
    files.push(entry);
  }
  // The CLI refuses these at planning; this is the same check for library callers and rollback, still
  // before the journal: a folder that refuses the temp file is a refusal naming the file, not an I/O
  // failure naming a temp path.
  const [denied] = await writeAccessDiagnostics(changes);
  if (denied) throw new PatchbayError('dir-not-writable', denied.message, { path: denied.path as string, ...(denied.hint ? { hint: denied.hint } : {}) });
  const createdDirs: string[] = [];
  for (const dir of createDirs) if (!(await exists(dir))) createdDirs.push(path.resolve(dir));
  // `files` (with every prior byte) goes last, so that readJournalHead can read the rest from the
  // first few KB of the file (journal.ts).
  const journal: Journal = {
    format: files.some((f) => f.priorBlob !== undefined) ? JOURNAL_FORMAT_BLOBS : JOURNAL_FORMAT,
    id,
    kind: meta.kind,
    ...(meta.revertOf ? { revertOf: meta.revertOf } : {}),
    status: 'pending',
    description: meta.description,
    createdAt: new Date().toISOString(),
    pid: process.pid,
    createdDirs,
    ...(meta.removeDirsAfter ? { removeDirsAfter: meta.removeDirsAfter } : {}),
    files,
  };
  return journal;
}

async function performChange(journal: Journal, f: JournalFile, change: InternalChange, faults: FaultHooks | undefined): Promise<void> {
  // Re-check right before writing: the up-front check in prepare() may be seconds old.
  await step(faults, 'check', f.target);
  const cur = await readForCheck(change, f.target);
  const prior = heldPrior(f);
  const stillPrior = f.existedBefore
    ? cur.exists && cur.bytes !== null && (prior ? sameBytes(cur.bytes, prior) : sha256Hex(cur.bytes) === f.priorSha256)
    : !cur.exists;
  if (!stillPrior) throw fileChanged(change.path, 'it was modified during apply');

  if (change.after === 'delete') {
    await step(faults, 'unlink', f.target);
    await unlink(f.target);
    await step(faults, 'fsync-dir', path.dirname(f.target));
    await fsyncDir(path.dirname(f.target));
    return;
  }
  const mode = change.forceMode ?? (f.existedBefore ? f.priorMode : null) ?? change.createMode ?? 0o644;
  const owner = change.forceOwner ?? { uid: f.priorUid, gid: f.priorGid };
  await writeDurably(f.target, tempPathFor(f.target, journal.id, 'write'), change.after, mode, owner, faults, {
    writeTemp: 'write-temp',
    fsyncTemp: 'fsync-temp',
    rename: 'rename',
    fsyncDir: 'fsync-dir',
  });
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export interface TransactionResult {
  journal: Journal;
  written: string[];
}

export async function runTransaction(
  stateDir: string,
  changes: InternalChange[],
  createDirs: string[],
  meta: TransactionMeta,
  faults?: FaultHooks,
): Promise<TransactionResult> {
  const id = newTransactionId();
  // Nothing is on disk yet: a mismatch here fails with nothing to undo and no journal.
  const journal = await prepare(id, changes, createDirs, meta);
  const written: string[] = [];
  try {
    // The journal (with every prior byte) is durable BEFORE the first change to any file.
    await writeJournal(stateDir, journal, faults);
    for (const dir of journal.createdDirs) {
      await step(faults, 'mkdir', dir);
      await mkdir(dir, { mode: 0o755 });
      await fsyncDir(path.dirname(dir));
    }
    for (const [i, f] of journal.files.entries()) {
      const change = changes[i] as InternalChange;
      await performChange(journal, f, change, faults);
      f.done = true;
      // The last file's done mark is written together with the commit record below: one rewrite of
      // the journal (every prior byte, fsynced: ~75 MB for a 56 MB ~/.claude.json) fewer. A kill
      // between this file's rename and that write leaves pending + "not done" + the file holding our
      // bytes: the state a kill between rename and the done mark always could leave, which recovery
      // restores (restore.ts, matchesAfter). No new on-disk state is reachable.
      if (i < journal.files.length - 1) await writeJournal(stateDir, journal, faults);
      written.push(change.path);
    }
    journal.status = 'committed';
    await writeJournal(stateDir, journal, faults);
    return { journal, written };
  } catch (error) {
    throw await undo(stateDir, journal, error, faults);
  }
}

/** Restores after a failed apply and returns the error to throw. */
async function undo(stateDir: string, journal: Journal, error: unknown, faults: FaultHooks | undefined): Promise<PatchbayError> {
  // If the commit record reached disk before the failure (e.g. fsync of the folder failed), the
  // in-memory status says committed: it is not, we are undoing it.
  journal.status = 'pending';
  const restored = await restoreJournal(journal, faults);
  let marked = false;
  if (restored.complete) {
    journal.status = 'rolled-back';
    try {
      await writeJournal(stateDir, journal, faults);
      marked = true;
    } catch {
      // The journal stays pending (files are already restored); recovery will mark it later.
      journal.status = 'pending';
    }
  }
  if (restored.complete) {
    if (error instanceof PatchbayError) return error;
    return new PatchbayError(
      'io-failed',
      `Applying "${journal.description}" failed (${describe(error)}); every file was restored${marked ? '' : ' (the journal will be finalised by the next patchbay command)'}.`,
      { cause: error, ...(errnoPath(error) ? { path: errnoPath(error) } : {}) },
    );
  }
  const stuck = restored.failures.map((f) => f.path);
  return new PatchbayError(
    'io-failed',
    `Applying "${journal.description}" failed (${describe(error)}), and restoring could not finish for ${stuck.join(', ')} ` +
      `(${restored.failures.map((f) => describe(f.error)).join('; ')}). Transaction ${journal.id} stays pending.`,
    {
      cause: error,
      files: stuck,
      hint: 'Fix the cause (permissions, a folder in the way), then run any patchbay command: it finishes the rollback first.',
    },
  );
}

function errnoPath(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'path' in error && typeof (error as { path: unknown }).path === 'string'
    ? (error as { path: string }).path
    : undefined;
}
