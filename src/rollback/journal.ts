// One JSON file per transaction: <state>/journal/<id>.json, mode 0600 (it holds prior bytes, which may
// be secrets). It is written atomically (temp + fsync + rename + fsync folder) so a crash mid-write
// leaves either the previous version or the new one, never a torn file. The prior bytes of a big file
// sit beside it in a blob (prior-blob.ts); a journal that names any is format v2, else v1.
import { open, readdir, readFile, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { PatchbayError } from '../errors.js';
import { randomHex } from '../node-crypto.js';
import type { TransactionStatus, TransactionSummary } from './api.js';
import { step, type FaultHooks } from './faults.js';
import { errnoCode, fsyncDir } from './fs-util.js';
import { journalDir, stateDirUnusable } from './state-dir.js';
import { priorBlobIn, removeBlobsOf, removeOrphanBlobs, writePendingBlobs } from './prior-blob.js';
import { isTransactionId } from './transaction-id.js';

export const JOURNAL_FORMAT = 'patchbay-journal/v1';
/** A journal that keeps some prior bytes in blobs. An older patchbay refuses it as corrupt rather than
 * read a `priorBase64: null` as "nothing to give back". */
export const JOURNAL_FORMAT_BLOBS = 'patchbay-journal/v2';
const FORMATS: readonly string[] = [JOURNAL_FORMAT, JOURNAL_FORMAT_BLOBS];
export const KEEP_TRANSACTIONS = 50;

export interface JournalFile {
  /** The path as the plan named it (may be a symlink). */
  path: string;
  /** The real file written (symlinks resolved at apply time). */
  target: string;
  existedBefore: boolean;
  /** base64 of the prior bytes; null when the file did not exist, or when they are in `priorBlob`. */
  priorBase64: string | null;
  /** The file in the journal folder that holds the prior bytes raw (prior-blob.ts); v2 journals only. */
  priorBlob?: string;
  priorSha256: string | null;
  priorMode: number | null;
  priorUid: number | null;
  priorGid: number | null;
  /** true when the plan deletes the file. */
  deleted: boolean;
  /** sha256 of the bytes patchbay writes; null for a delete. Rollback compares against it. */
  afterSha256: string | null;
  /** base64 of the bytes written, for a change that asked for it (FileChange.journalAfter). */
  afterBase64?: string;
  /** Temp files this transaction may leave next to the target; recovery removes them. */
  tempPaths: string[];
  /** Set (and fsynced) once the file has been written/deleted. */
  done: boolean;
}

export interface Journal {
  format: typeof JOURNAL_FORMAT | typeof JOURNAL_FORMAT_BLOBS;
  id: string;
  kind: 'apply' | 'revert';
  /** For kind 'revert': the transaction it restores. */
  revertOf?: string;
  status: TransactionStatus;
  description: string;
  createdAt: string;
  pid: number;
  /** Folders this transaction creates (did not exist when it started), parents first. */
  createdDirs: string[];
  /** For kind 'revert': folders the original created, removed (if empty) after the revert. */
  removeDirsAfter?: string[];
  files: JournalFile[];
}

export function journalPath(stateDir: string, id: string): string {
  return path.join(journalDir(stateDir), `${id}.json`);
}

/** Everything in a journal but `files`: what recovery, pruning and rollback look at first. */
export type JournalHead = Omit<Journal, 'files'>;

/**
 * Prior bytes as the JSON string literal the journal holds, encoded once per file and reused by every
 * later write of the same journal (a transaction writes its journal 2 + N times: pending, one mark per
 * file, commit). Re-serializing a 56 MB config's base64 each time cost seconds.
 */
const encodedPriors = new WeakMap<JournalFile, { base64: string; bytes: Buffer }>();
const BLOB_MIN = 4096;
const QUOTE = Buffer.from('"');

function priorLiteral(f: JournalFile): Buffer[] {
  const base64 = f.priorBase64 as string;
  let hit = encodedPriors.get(f);
  if (!hit || hit.base64 !== base64) {
    hit = { base64, bytes: Buffer.from(base64, 'latin1') };
    encodedPriors.set(f, hit);
  }
  // base64 needs no JSON escaping: the literal is the text between two quotes.
  return [QUOTE, hit.bytes, QUOTE];
}

/**
 * The journal's JSON text as buffers: exactly JSON.stringify(journal), with each large priorBase64
 * spliced in from priorLiteral() instead of being serialized again. A random marker stands for the
 * large strings while the small rest is stringified.
 */
function serializeJournal(journal: Journal): Buffer[] {
  const big = journal.files.filter((f) => f.priorBase64 !== null && f.priorBase64.length >= BLOB_MIN);
  if (big.length === 0) return [Buffer.from(JSON.stringify(journal))];
  const marker = `pb-blob-${randomHex(12)}`;
  const light = { ...journal, files: journal.files.map((f) => (big.includes(f) ? { ...f, priorBase64: marker } : f)) };
  const parts = JSON.stringify(light).split(`"${marker}"`);
  if (parts.length !== big.length + 1) return [Buffer.from(JSON.stringify(journal))]; // cannot happen; stay correct anyway
  const out: Buffer[] = [];
  parts.forEach((part, i) => {
    out.push(Buffer.from(part));
    if (i < big.length) out.push(...priorLiteral(big[i] as JournalFile));
  });
  return out;
}

/** Atomically replaces the journal file. Each write uses a fresh temp name, so one failed write
 * (a stuck temp path) cannot block the next one (marking the transaction rolled back). */
export async function writeJournal(stateDir: string, journal: Journal, faults?: FaultHooks): Promise<void> {
  const finalPath = journalPath(stateDir, journal.id);
  // Blobs first: the journal that names a blob must never be on disk without it.
  await writePendingBlobs(journalDir(stateDir), journal.id, journal.files, faults);
  const tempPath = path.join(journalDir(stateDir), `.${journal.id}.${randomHex(3)}.json.tmp`);
  await step(faults, 'journal', tempPath);
  const handle = await open(tempPath, 'wx', 0o600);
  try {
    const buffers = serializeJournal(journal);
    let written = 0;
    const total = buffers.reduce((n, b) => n + b.length, 0);
    // writev may write less than asked (a signal, a full pipe): go on from where it stopped.
    while (written < total) {
      let skip = written;
      const rest: Buffer[] = [];
      for (const b of buffers) {
        if (skip >= b.length) {
          skip -= b.length;
          continue;
        }
        rest.push(skip > 0 ? b.subarray(skip) : b);
        skip = 0;
      }
      const { bytesWritten } = await handle.writev(rest);
      written += bytesWritten;
    }
    await handle.chmod(0o600);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(tempPath, finalPath);
  } catch (error) {
    await unlink(tempPath).catch(() => undefined);
    throw error;
  }
  await fsyncDir(journalDir(stateDir));
}

export async function readJournal(stateDir: string, id: string): Promise<Journal> {
  const file = journalPath(stateDir, id);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') {
      throw new PatchbayError('transaction-not-found', `No transaction with id ${id}.`, {
        hint: 'Run `patchbay history` to list transactions.',
      });
    }
    throw error;
  }
  const journal = parseJournal(text, file);
  for (const f of journal.files) if (f.priorBlob !== undefined) priorBlobIn(f, journalDir(stateDir));
  return journal;
}

function parseJournal(text: string, file: string): Journal {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw corrupt(file, error);
  }
  const j = value as Partial<Journal> | null;
  if (!j || !FORMATS.includes(j.format as string) || typeof j.id !== 'string' || !Array.isArray(j.files) || typeof j.status !== 'string') {
    throw corrupt(file);
  }
  return j as Journal;
}

function corrupt(file: string, cause?: unknown): PatchbayError {
  return new PatchbayError('journal-corrupt', `The journal ${file} is not a valid patchbay journal.`, {
    path: file,
    hint: 'Inspect it (it holds the prior bytes of the files it lists), restore them by hand if needed, then move it away.',
    cause,
  });
}

const HEAD_CHUNK = 64 * 1024;

/**
 * The journal without its `files`, read from the first 64 KB of the file instead of the whole of it
 * (a journal of a 56 MB config is 75 MB, and every command used to read and parse every journal,
 * up to 50 of them, several times). Journals are written by JSON.stringify with `files` last, so
 * `,"files":[` first occurs where that key starts: inside a JSON string a `"` is always escaped, so
 * the sequence cannot occur in a value before it. Anything else (an older journal whose revert
 * fields follow `files`, a huge head) falls back to reading the whole journal.
 */
export async function readJournalHead(stateDir: string, id: string): Promise<JournalHead> {
  const file = journalPath(stateDir, id);
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return readJournal(stateDir, id); // its transaction-not-found
    throw error;
  }
  let text: string;
  try {
    const buffer = Buffer.alloc(HEAD_CHUNK);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_CHUNK, 0);
    text = buffer.toString('utf8', 0, bytesRead);
  } finally {
    await handle.close();
  }
  const at = text.indexOf(',"files":[');
  if (at > 0) {
    let head: Partial<JournalHead> | null = null;
    try {
      head = JSON.parse(`${text.slice(0, at)}}`) as Partial<JournalHead>;
    } catch {
      head = null;
    }
    const complete = head && FORMATS.includes(head.format as string) && head.id === id && typeof head.status === 'string' && (head.kind !== 'revert' || typeof head.revertOf === 'string');
    if (complete) return head as JournalHead;
  }
  const { files: _files, ...head } = await readJournal(stateDir, id);
  return head;
}

/** Every journal's head, oldest first (see readJournalHead). A corrupt journal throws `journal-corrupt`. */
export async function readAllJournalHeads(stateDir: string): Promise<JournalHead[]> {
  const out: JournalHead[] = [];
  for (const id of await listJournalIds(stateDir)) {
    try {
      out.push(await readJournalHead(stateDir, id));
    } catch (error) {
      if (error instanceof PatchbayError && error.code === 'transaction-not-found') continue;
      throw error;
    }
  }
  return out;
}

/** Ids of all journals, oldest first (ids sort by time). Leftover temp files are skipped. */
export async function listJournalIds(stateDir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(journalDir(stateDir));
  } catch (error) {
    const code = errnoCode(error);
    // No state dir yet, or a file where it (or journal/) should be: there is no journal to read.
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    if (code === 'EACCES' || code === 'EPERM') {
      throw stateDirUnusable(stateDir, 'cannot be read (permission denied)', `make it readable for your user (\`chmod u+rx ${stateDir} ${journalDir(stateDir)}\`), or set PATCHBAY_STATE_DIR to a folder you own`, error);
    }
    throw error;
  }
  return names
    .filter((n) => n.endsWith('.json') && !n.startsWith('.'))
    .map((n) => n.slice(0, -'.json'.length))
    .filter(isTransactionId)
    .sort();
}

/** Every journal, oldest first. A corrupt journal throws `journal-corrupt` (fail closed). */
export async function readAllJournals(stateDir: string): Promise<Journal[]> {
  const out: Journal[] = [];
  for (const id of await listJournalIds(stateDir)) {
    try {
      out.push(await readJournal(stateDir, id));
    } catch (error) {
      // Pruned or renamed between readdir and read: not an error.
      if (error instanceof PatchbayError && error.code === 'transaction-not-found') continue;
      throw error;
    }
  }
  return out;
}

/** Removes leftover journal temp files and orphan blobs (from a process killed mid-write). Caller holds the lock. */
export async function removeJournalTemps(stateDir: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(journalDir(stateDir));
  } catch {
    return;
  }
  for (const n of names) {
    if (n.startsWith('.') && n.endsWith('.json.tmp')) await unlink(path.join(journalDir(stateDir), n)).catch(() => undefined);
  }
  await removeOrphanBlobs(journalDir(stateDir), names);
}

/** Keeps the newest KEEP_TRANSACTIONS finished journals. Pending ones are never pruned. */
export async function pruneJournals(stateDir: string): Promise<void> {
  const journals = await readAllJournalHeads(stateDir);
  const finished = journals.filter((j) => j.status !== 'pending');
  const excess = finished.length - KEEP_TRANSACTIONS;
  if (excess <= 0) return;
  const names = await readdir(journalDir(stateDir)).catch(() => [] as string[]);
  for (let i = 0; i < excess; i++) {
    const j = finished[i];
    if (!j) continue;
    // The journal first: a blob without its journal is an orphan the next sweep removes, while a
    // journal without its blob could not be rolled back.
    await unlink(journalPath(stateDir, j.id)).catch(() => undefined);
    await removeBlobsOf(journalDir(stateDir), j.id, names);
  }
}

export function summarize(journal: Journal): TransactionSummary {
  const summary: TransactionSummary = {
    id: journal.id,
    status: journal.status,
    description: journal.description,
    createdAt: journal.createdAt,
    files: journal.files.map((f) => ({ path: f.path, existedBefore: f.existedBefore, deleted: f.deleted })),
  };
  if (journal.revertOf) summary.revertOf = journal.revertOf;
  return summary;
}
