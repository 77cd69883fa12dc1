// apply(plan): lock, finish any crash leftovers, run the transaction, prune old journals, unlock.
import { rmdir } from 'node:fs/promises';
import { PatchbayError } from '../errors.js';
import type { ApplyResult, EngineOptions } from './api.js';
import type { InternalOptions } from './faults.js';
import { pruneJournals } from './journal.js';
import { recoverUnderLock } from './recover.js';
import { lockStateDir, resolveStateDir } from './state-dir.js';
import { runTransaction } from './transaction.js';
import type { Plan } from './types.js';

export function asPatchbayError(error: unknown, what: string): PatchbayError {
  if (error instanceof PatchbayError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new PatchbayError('io-failed', `${what} failed: ${message}`, { cause: error });
}

export async function apply(plan: Plan, options: EngineOptions & InternalOptions = {}): Promise<ApplyResult> {
  const stateDir = resolveStateDir(options.stateDir);
  // state-dir-unusable or lock-held here: nothing has been touched yet.
  const lock = await lockStateDir(stateDir, options.lockWaitMs);
  try {
    // The CLI calls recoverPending() first and reports it; this is the safety net for library callers:
    // applying on top of a half-applied transaction would make its later recovery clobber our work.
    const recovered = await recoverUnderLock(stateDir, options);
    const { journal, written } = await runTransaction(
      stateDir,
      plan.changes,
      plan.createDirs,
      { description: plan.description, kind: 'apply' },
      options.faults,
    ).catch((error: unknown) => {
      throw asPatchbayError(error, `Applying "${plan.description}"`);
    });
    // Emptied folders go after the commit: a crash before it leaves them, harmless and empty; one
    // that is not empty by now (something appeared in it) is the user's and stays.
    for (const dir of plan.removeDirs ?? []) await rmdir(dir).catch(() => undefined);
    // Pruning is housekeeping: a failure here must not turn a committed apply into an error.
    await pruneJournals(stateDir).catch(() => undefined);
    const result: ApplyResult = { id: journal.id, written };
    if (recovered.length > 0) result.recovered = recovered;
    return result;
  } finally {
    await lock.release();
  }
}
