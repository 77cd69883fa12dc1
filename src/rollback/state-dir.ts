// Where patchbay keeps its lock and journals. Journals hold prior bytes of config files (which may
// contain secrets), so the folder is private to the user: 0700.
//
// Only commands that write need it. Reading (status, history, a dry run, the start-up check for an
// interrupted transaction when there is none) never creates it and works when it is unusable; a write
// command whose state dir is unusable refuses with `state-dir-unusable` before touching anything,
// because a write without a journal could not be undone.
import { constants } from 'node:fs';
import { access, chmod, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { PatchbayError } from '../errors.js';
import { errnoCode } from './fs-util.js';
import { acquireLock, type LockHandle } from './lock.js';

export { resolveStateDir } from './state-dir-path.js';

export function journalDir(stateDir: string): string {
  return path.join(stateDir, 'journal');
}

const WHERE = 'set PATCHBAY_STATE_DIR to a folder you own (default: $XDG_STATE_HOME/patchbay, else ~/.local/state/patchbay)';

export function stateDirUnusable(stateDir: string, why: string, hint: string, cause?: unknown): PatchbayError {
  return new PatchbayError(
    'state-dir-unusable',
    `patchbay's state folder ${stateDir} ${why}. It holds the journal that makes every change undoable, so patchbay writes nothing without it; nothing was written.`,
    { path: stateDir, hint, ...(cause === undefined ? {} : { cause }) },
  );
}

async function kind(p: string): Promise<'dir' | 'other' | 'missing'> {
  try {
    return (await stat(p)).isDirectory() ? 'dir' : 'other';
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') return 'missing';
    throw error;
  }
}

async function writable(dir: string): Promise<NodeJS.ErrnoException | null> {
  try {
    await access(dir, constants.W_OK | constants.X_OK);
    return null;
  } catch (error) {
    return error as NodeJS.ErrnoException;
  }
}

/**
 * Why a write command could not use `stateDir` (as a `state-dir-unusable` error), or undefined when it
 * can. Creates nothing: access(2) on the folder, or on the nearest existing ancestor when the folder
 * is still to be created. Root passes wherever root could write.
 */
export async function stateDirProblem(stateDir: string): Promise<PatchbayError | undefined> {
  for (const dir of [stateDir, journalDir(stateDir)]) {
    // kind() failing (EACCES on a parent) leaves the verdict to access() below.
    const k = await kind(dir).catch(() => 'dir' as const);
    if (k === 'other') {
      return dir === stateDir
        ? stateDirUnusable(stateDir, 'is a file, not a folder', `move the file aside, or ${WHERE}`)
        : stateDirUnusable(stateDir, `holds a file named journal where its journal folder must be`, `move ${dir} aside, or ${WHERE}`);
    }
    if (k === 'dir') {
      const denied = await writable(dir);
      if (denied) {
        return stateDirUnusable(stateDir, denied.code === 'EROFS' ? 'is on a read-only file system' : 'is not writable for you', `make it writable (\`chmod u+w ${dir}\`), or ${WHERE}`, denied);
      }
      continue;
    }
    // Missing: it will be created, so the nearest existing ancestor must be a folder we can write.
    let parent = path.dirname(dir);
    for (;;) {
      const pk = await kind(parent).catch(() => 'dir' as const);
      if (pk === 'other') return stateDirUnusable(stateDir, `cannot be created: ${parent} is a file, not a folder`, `move ${parent} aside, or ${WHERE}`);
      if (pk === 'dir') break;
      const up = path.dirname(parent);
      if (up === parent) break;
      parent = up;
    }
    const denied = await writable(parent);
    if (denied) return stateDirUnusable(stateDir, `does not exist and cannot be created (${parent} is not writable for you)`, WHERE, denied);
    return undefined; // a missing folder's children are missing too
  }
  return undefined;
}

/**
 * Creates <state> and <state>/journal with mode 0700, and takes group and other bits away from an
 * existing looser folder. It never adds a permission: a state dir its owner made read-only stays
 * read-only (and the write that needs it refuses, as stateDirProblem predicts), instead of patchbay
 * silently making it writable again. Only for commands that write. Any failure is
 * `state-dir-unusable`, with the reason found by stateDirProblem.
 */
export async function ensureStateDir(stateDir: string): Promise<void> {
  try {
    for (const dir of [stateDir, journalDir(stateDir)]) {
      let mode: number | null = null;
      try {
        const st = await stat(dir);
        if (st.isDirectory()) mode = st.mode & 0o777;
      } catch (error) {
        if (errnoCode(error) !== 'ENOENT') throw error;
      }
      if (mode === null) {
        await mkdir(dir, { recursive: true, mode: 0o700 });
        // mkdir's mode is filtered by the umask: set it exactly.
        await chmod(dir, 0o700);
      } else if ((mode & 0o077) !== 0) {
        await chmod(dir, mode & 0o700);
      }
    }
  } catch (error) {
    const known = await stateDirProblem(stateDir).catch(() => undefined);
    if (known) throw known;
    // e.g. chmod of a folder someone else owns (EPERM): keeping journals private needs our own folder.
    throw stateDirUnusable(stateDir, `cannot be prepared (${error instanceof Error ? error.message : String(error)})`, `use a folder you own: ${WHERE}`, error);
  }
}

/**
 * What every writer (apply, rollback, recovery of a pending journal) does first: create the state dir
 * and take its lock. A failure other than `lock-held` means the folder is unusable.
 */
export async function lockStateDir(stateDir: string, lockWaitMs?: number): Promise<LockHandle> {
  await ensureStateDir(stateDir);
  try {
    return await acquireLock(stateDir, lockWaitMs);
  } catch (error) {
    if (error instanceof PatchbayError) throw error;
    const known = await stateDirProblem(stateDir).catch(() => undefined);
    throw known ?? stateDirUnusable(stateDir, `cannot hold patchbay's lock (${error instanceof Error ? error.message : String(error)})`, `use a folder you own: ${WHERE}`, error);
  }
}
