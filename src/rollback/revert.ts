// rollback(id?): restore a committed transaction's files to their exact prior bytes and modes.
// The restore is itself a journaled transaction (kind 'revert'), so a kill mid-rollback is undone by
// recovery like any other apply, and the original stays 'committed' until the revert commits.
import { PatchbayError } from '../errors.js';
import type { RollbackOptions, TransactionSummary } from './api.js';
import type { InternalOptions } from './faults.js';
import { errnoCode, readState, type FileState } from './fs-util.js';
import { sha256Hex } from '../node-crypto.js';
import { pruneJournals, readAllJournalHeads, readJournal, summarize, type Journal } from './journal.js';
import { dirsToCreate } from './plan-builder.js';
import { recoverUnderLock } from './recover.js';
import { matchesAfter, matchesPrior } from './restore.js';
import { priorBytesOf } from './prior-blob.js';
import { lockStateDir, resolveStateDir } from './state-dir.js';
import { finishRevert } from './revert-finish.js';
import { runTransaction, type InternalChange } from './transaction.js';
import { asPatchbayError } from './apply.js';

async function observe(file: string): Promise<FileState | 'not-a-file'> {
  try {
    return await readState(file);
  } catch (error) {
    if (errnoCode(error) === 'EISDIR' || errnoCode(error) === 'EINVAL') return 'not-a-file';
    throw error;
  }
}

async function pickTarget(stateDir: string, id: string | undefined): Promise<Journal> {
  if (id !== undefined) {
    const journal = await readJournal(stateDir, id);
    if (journal.status !== 'committed') {
      throw new PatchbayError('nothing-to-rollback', `Transaction ${id} is ${journal.status}, not committed: there is nothing to roll back.`, {
        hint: 'Run `patchbay history` to see which transactions are committed.',
      });
    }
    return journal;
  }
  // Newest committed transaction made by apply. Revert transactions are skipped so that repeated
  // `patchbay rollback` keeps walking back through history instead of undoing its own undo.
  const journals = await readAllJournalHeads(stateDir);
  const head = journals.reverse().find((j) => j.status === 'committed' && j.kind === 'apply');
  const newest = head ? await readJournal(stateDir, head.id) : undefined;
  if (!newest) {
    throw new PatchbayError('nothing-to-rollback', 'There is no committed transaction to roll back.', {
      hint: 'Run `patchbay history` to see past transactions.',
    });
  }
  return newest;
}

export async function rollback(id?: string, options: RollbackOptions & InternalOptions = {}): Promise<TransactionSummary> {
  const stateDir = resolveStateDir(options.stateDir);
  const lock = await lockStateDir(stateDir, options.lockWaitMs);
  try {
    await recoverUnderLock(stateDir, options);
    const original = await pickTarget(stateDir, id);

    const changes: InternalChange[] = [];
    const changed: string[] = [];
    const createDirs: string[] = [];
    // Reverse order, mirroring how a failed apply is undone.
    for (const f of [...original.files].reverse()) {
      const cur = await observe(f.target);
      if (!matchesAfter(cur, f)) changed.push(f.path);
      if (matchesPrior(cur, f)) continue; // already back to its prior state
      if (cur === 'not-a-file') continue; // reported as changed; never replaced, even with force
      const before = {
        exists: cur.exists,
        sha256: cur.bytes ? sha256Hex(cur.bytes) : null,
        mode: cur.mode,
        bytes: cur.bytes,
      };
      if (f.existedBefore) {
        for (const d of await dirsToCreate(f.target)) if (!createDirs.includes(d)) createDirs.push(d);
        changes.push({
          path: f.target,
          before,
          after: await priorBytesOf(original.id, f),
          forceMode: f.priorMode ?? 0o644,
          forceOwner: { uid: f.priorUid, gid: f.priorGid },
          // What the original kept of its bytes the revert keeps of the prior ones (`patchbay repair`).
          ...(f.afterBase64 !== undefined ? { journalAfter: true } : {}),
        });
      } else {
        changes.push({ path: f.target, before, after: 'delete' });
      }
    }
    if (changed.length > 0 && !options.force) {
      throw new PatchbayError(
        'rollback-refused',
        `Not rolling back ${original.id}: ${changed.length === 1 ? 'this file has' : 'these files have'} changed since patchbay wrote ${changed.length === 1 ? 'it' : 'them'}: ${changed.join(', ')}.`,
        { files: changed, hint: 'Review the changes; pass --force to restore the prior bytes anyway (your later edits are lost).' },
      );
    }
    const blocked = [];
    for (const f of original.files) if ((await observe(f.target)) === 'not-a-file') blocked.push(f.path);
    if (blocked.length > 0) {
      throw new PatchbayError('rollback-refused', `Not rolling back ${original.id}: ${blocked.join(', ')} is no longer a regular file.`, {
        files: blocked,
        hint: 'Move the folder (or other object) out of the way, then retry.',
      });
    }

    await runTransaction(
      stateDir,
      changes,
      createDirs,
      { description: `rollback ${original.id}: ${original.description}`, kind: 'revert', revertOf: original.id, removeDirsAfter: original.createdDirs },
      options.faults,
    ).catch((error: unknown) => {
      throw asPatchbayError(error, `Rolling back ${original.id}`);
    });

    await finishRevert(stateDir, original, original.createdDirs, options);
    await pruneJournals(stateDir).catch(() => undefined);
    return summarize(original);
  } finally {
    await lock.release();
  }
}

