// Rolls back transactions left pending by a killed process. The caller of recoverUnderLock holds
// the lock, so no live process can own a pending journal: every pending one is a crash leftover.
import { PatchbayError } from '../errors.js';
import type { EngineOptions, RecoveryResult, TransactionSummary } from './api.js';
import type { InternalOptions } from './faults.js';
import { readAllJournalHeads, readJournal, removeJournalTemps, summarize, writeJournal, type JournalHead } from './journal.js';
import { restoreJournal } from './restore.js';
import { finishRevert } from './revert-finish.js';
import { lockStateDir, resolveStateDir } from './state-dir.js';

export async function recoverUnderLock(stateDir: string, internal: InternalOptions = {}): Promise<TransactionSummary[]> {
  // Heads only: a committed journal's prior bytes are not needed here, and reading every one of
  // them whole (up to 50, each as big as the files it changed) made every command slow.
  const heads = await readAllJournalHeads(stateDir);
  const recovered: TransactionSummary[] = [];
  // Newest first: if two pending journals touch one file, the older one's prior bytes win last.
  for (const head of heads.filter((j) => j.status === 'pending').reverse()) {
    const journal = await readJournal(stateDir, head.id);
    const result = await restoreJournal(journal, internal.faults);
    if (!result.complete) {
      throw new PatchbayError(
        'io-failed',
        `Transaction ${journal.id} ("${journal.description}") was interrupted and could not be rolled back: ` +
          result.failures.map((f) => `${f.path}: ${f.error instanceof Error ? f.error.message : String(f.error)}`).join('; '),
        {
          files: result.failures.map((f) => f.path),
          hint: 'Fix the cause (permissions, a folder in the way) and run patchbay again; it retries before doing anything else.',
          cause: result.failures[0]?.error,
        },
      );
    }
    journal.status = 'rolled-back';
    await writeJournal(stateDir, journal, internal.faults);
    recovered.push(summarize(journal));
  }
  await removeJournalTemps(stateDir);
  await finishRevertBookkeeping(stateDir, await readAllJournalHeads(stateDir), internal);
  return recovered;
}

/**
 * A rollback commits its own revert journal, then marks the original 'reverted'. A kill between the
 * two writes leaves the original marked committed; the committed revert journal proves otherwise.
 */
async function finishRevertBookkeeping(stateDir: string, journals: JournalHead[], internal: InternalOptions): Promise<void> {
  const byId = new Map(journals.map((j) => [j.id, j]));
  for (const j of journals) {
    if (j.kind !== 'revert' || j.status !== 'committed' || !j.revertOf) continue;
    const original = byId.get(j.revertOf);
    if (original && original.status === 'committed') {
      await finishRevert(stateDir, await readJournal(stateDir, original.id), j.removeDirsAfter ?? [], internal);
    }
  }
}

/**
 * Is there anything for recovery to do? A pending journal, or a committed revert whose original still
 * says committed. Read-only: no folder is created, no lock taken, so the check works on a state dir
 * that does not exist, is a file, or is not writable.
 */
function needsRecovery(journals: JournalHead[]): boolean {
  const byId = new Map(journals.map((j) => [j.id, j]));
  return journals.some(
    (j) => j.status === 'pending' || (j.kind === 'revert' && j.status === 'committed' && j.revertOf !== undefined && byId.get(j.revertOf)?.status === 'committed'),
  );
}

export async function recoverPending(options: EngineOptions & InternalOptions = {}): Promise<RecoveryResult> {
  const stateDir = resolveStateDir(options.stateDir);
  // Every command starts here, read-only ones included: only take the lock (which needs a writable
  // state dir) when a crash left something to finish. What is read here is re-read under the lock.
  if (!needsRecovery(await readAllJournalHeads(stateDir))) return { recovered: [] };
  const lock = await lockStateDir(stateDir, options.lockWaitMs);
  try {
    return { recovered: await recoverUnderLock(stateDir, options) };
  } finally {
    await lock.release();
  }
}
