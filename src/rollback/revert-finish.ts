// The last step of a rollback, shared with recovery (which redoes it after a kill).
import { rmdir } from 'node:fs/promises';
import type { InternalOptions } from './faults.js';
import { writeJournal, type Journal } from './journal.js';

/**
 * After the revert transaction committed: remove the folders the original apply created (if nothing
 * else lives in them now), then mark the original 'reverted'. In that order, so that if we are killed
 * in between, recovery (which sees a committed revert whose original is still 'committed') can redo
 * both, and once the original is marked nobody touches those folders again.
 */
export async function finishRevert(stateDir: string, original: Journal, dirs: string[], internal: InternalOptions): Promise<void> {
  for (const dir of [...dirs].reverse()) {
    await rmdir(dir).catch(() => undefined);
  }
  original.status = 'reverted';
  await writeJournal(stateDir, original, internal.faults);
}
