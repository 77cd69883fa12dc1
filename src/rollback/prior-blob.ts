// The prior bytes of a big file live beside its journal, raw, in <state>/journal/<id>.<n>.prior, not as
// base64 inside the journal's JSON. A transaction writes its journal 2 + N times (pending, a done mark
// per file, commit); with the prior bytes inline each write carried them again: for a 56 MB
// ~/.claude.json, 75 MB of base64 written and fsynced twice, after ~0.4 s spent encoding it. A blob is
// written once, before the first journal write that names it, and read back only by a restore or a
// rollback (history and recovery read journal heads).
//
// Crash safety is the journal's: the blob's bytes are fsynced before the journal that names it is
// written, and that journal's folder fsync makes both names durable together. A blob whose journal
// never reached the disk (a kill in between) names no transaction: the sweep under the lock removes it.
// Reading checks the bytes against the journal's priorSha256: a blob that is missing or changed is
// `journal-corrupt`, never restored.
import { open, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import { PatchbayError } from '../errors.js';
import { step, type FaultHooks } from './faults.js';
import { errnoCode } from './fs-util.js';
import { sha256Hex } from '../node-crypto.js';
import type { JournalFile } from './journal.js';

/** Priors from this size up go to a blob; smaller ones stay inline (one file, one write). */
export const PRIOR_BLOB_MIN_BYTES = 1024 * 1024;

const BLOB_SUFFIX = '.prior';

export function blobName(id: string, index: number): string {
  return `${id}.${index}${BLOB_SUFFIX}`;
}

/** The transaction id a blob file belongs to, or undefined for any other name. */
function blobOwner(name: string): string | undefined {
  const m = /^(.+)\.\d+\.prior$/.exec(name);
  return m?.[1];
}

/** A blob name a journal may hold: its own id, a file index, nothing that could point elsewhere. */
function isBlobNameOf(name: string, id: string): boolean {
  return blobOwner(name) === id;
}

/** Bytes known in memory for an entry (read by apply, or loaded from its blob). */
const bytesOf = new WeakMap<JournalFile, Uint8Array>();
/** The folder of an entry whose blob is on disk (written by this process, or named by a journal read there). */
const dirOf = new WeakMap<JournalFile, string>();

/** An entry built by apply keeps its prior bytes in memory; a blob entry gets written from them. */
export function holdPrior(f: JournalFile, bytes: Uint8Array): void {
  bytesOf.set(f, bytes);
}

/** The prior bytes apply read for an entry, while this process holds them. */
export function heldPrior(f: JournalFile): Uint8Array | undefined {
  return bytesOf.get(f);
}

/** An entry read from a journal in `journalFolder`: its blob is already there. */
export function priorBlobIn(f: JournalFile, journalFolder: string): void {
  dirOf.set(f, journalFolder);
}

/**
 * Writes (fsynced, 0600) the blob of every entry that has one and whose blob is not on disk yet. The
 * caller fsyncs the folder afterwards (writeJournal does, after renaming the journal).
 */
export async function writePendingBlobs(journalFolder: string, id: string, files: readonly JournalFile[], faults?: FaultHooks): Promise<void> {
  for (const f of files) {
    if (f.priorBlob === undefined || dirOf.has(f)) continue;
    const bytes = bytesOf.get(f);
    if (bytes === undefined || !isBlobNameOf(f.priorBlob, id)) throw new PatchbayError('internal', `journal ${id}: no prior bytes in memory for ${f.path}`);
    const file = path.join(journalFolder, f.priorBlob);
    await step(faults, 'journal', file);
    // 'w', not 'wx': a blob left by a killed write of this same transaction is replaced whole.
    const handle = await open(file, 'w', 0o600);
    try {
      let written = 0;
      while (written < bytes.byteLength) written += (await handle.write(bytes, written)).bytesWritten;
      await handle.chmod(0o600);
      await handle.sync();
    } finally {
      await handle.close();
    }
    dirOf.set(f, journalFolder);
  }
}

/** The exact prior bytes of an entry that existed before: inline base64, in memory, or its blob. */
export async function priorBytesOf(id: string, f: JournalFile): Promise<Uint8Array> {
  if (f.priorBlob === undefined) return Buffer.from(f.priorBase64 ?? '', 'base64');
  const known = bytesOf.get(f);
  if (known !== undefined) return known;
  const folder = dirOf.get(f);
  if (folder === undefined || !isBlobNameOf(f.priorBlob, id)) throw blobCorrupt(id, f, folder ?? '', 'it names no blob of this transaction');
  const file = path.join(folder, f.priorBlob);
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    throw blobCorrupt(id, f, file, errnoCode(error) === 'ENOENT' ? 'its prior bytes file is missing' : `its prior bytes file cannot be read (${errnoCode(error) ?? String(error)})`, error);
  }
  if (sha256Hex(bytes) !== f.priorSha256) throw blobCorrupt(id, f, file, 'its prior bytes file does not hold the bytes the journal recorded');
  bytesOf.set(f, bytes);
  return bytes;
}

function blobCorrupt(id: string, f: JournalFile, file: string, why: string, cause?: unknown): PatchbayError {
  return new PatchbayError('journal-corrupt', `Transaction ${id} cannot give back ${f.path}: ${why} (${file}).`, {
    path: file,
    hint: 'Nothing was restored from it. If you have a copy of the file as it was before that transaction, put it back by hand.',
    ...(cause !== undefined ? { cause } : {}),
  });
}

/** Removes the blobs of transaction `id` (its journal is being pruned). */
export async function removeBlobsOf(journalFolder: string, id: string, names: readonly string[]): Promise<void> {
  for (const name of names) {
    if (isBlobNameOf(name, id)) await unlink(path.join(journalFolder, name)).catch(() => undefined);
  }
}

/**
 * Removes blobs whose journal does not exist: written by a transaction killed before its journal reached
 * the disk (nothing else was touched then), or left by a prune that was interrupted. Caller holds the lock.
 */
export async function removeOrphanBlobs(journalFolder: string, names: readonly string[]): Promise<void> {
  const journals = new Set(names.filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -'.json'.length)));
  for (const name of names) {
    const owner = blobOwner(name);
    if (owner !== undefined && !journals.has(owner)) await unlink(path.join(journalFolder, name)).catch(() => undefined);
  }
}
