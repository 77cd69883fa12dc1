// The bytes patchbay last wrote to a file, as the journal remembers them: the newest committed
// transaction (an apply or a rollback's revert) that changed the file decides. Only changes made with
// `journalAfter` keep their bytes (patchbay's own state file); for any other file the answer is
// "the journal knows only the hash". Read-only: `patchbay repair` builds its plan from the answer.
import { readAllJournalHeads, readJournal } from './journal.js';
import { resolveStateDir } from './state-dir.js';
import type { EngineOptions } from './api.js';
import { sha256Hex } from '../node-crypto.js';

export type LastWritten =
  /** The journal holds the bytes, and they hash to what the transaction wrote. */
  | { kind: 'bytes'; bytes: Uint8Array; transaction: string; description: string }
  /** The newest transaction that changed the file deleted it. */
  | { kind: 'deleted'; transaction: string; description: string }
  /** A transaction changed it without keeping the bytes (older patchbay, or a journal file damaged). */
  | { kind: 'hash-only'; transaction: string; description: string }
  /** No journal in the state dir changed the file. */
  | { kind: 'unknown' };

export async function lastWritten(file: string, options: EngineOptions = {}): Promise<LastWritten> {
  const stateDir = resolveStateDir(options.stateDir);
  // Newest first; a rolled-back apply (its writes undone at once) and a pending one say nothing.
  const heads = (await readAllJournalHeads(stateDir)).filter((j) => j.status === 'committed' || j.status === 'reverted').reverse();
  for (const head of heads) {
    const journal = await readJournal(stateDir, head.id);
    const change = journal.files.find((f) => f.target === file || f.path === file);
    if (!change) continue;
    const about = { transaction: journal.id, description: journal.description };
    if (change.deleted) return { kind: 'deleted', ...about };
    if (change.afterBase64 === undefined) return { kind: 'hash-only', ...about };
    const bytes = new Uint8Array(Buffer.from(change.afterBase64, 'base64'));
    return sha256Hex(bytes) === change.afterSha256 ? { kind: 'bytes', bytes, ...about } : { kind: 'hash-only', ...about };
  }
  return { kind: 'unknown' };
}
