// Small filesystem primitives shared by apply, restore and the journal: durable writes,
// symlink resolution. Every write is temp-file + fsync + rename + fsync(folder), so a reader (or a
// crash) only ever sees the old bytes or the new bytes of a file, never a torn mix.
import { lstat, open, readlink, realpath, rename, stat } from 'node:fs/promises';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { step, type FaultHooks, type StepName } from './faults.js';

export function errnoCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : undefined;
}

/** Current state of a regular file, following symlinks. `exists: false` when it is missing. */
export interface FileState {
  exists: boolean;
  bytes: Uint8Array | null;
  mode: number | null;
  uid: number | null;
  gid: number | null;
}

/**
 * Reads a file's bytes and mode. A missing file (or a dangling symlink) is `exists: false`.
 * Anything that is not a regular file (a folder, a socket) throws EISDIR-like errors on purpose:
 * patchbay never treats a folder as "a config file with no content".
 */
export async function readState(file: string): Promise<FileState> {
  const missing = (): FileState => ({ exists: false, bytes: null, mode: null, uid: null, gid: null });
  // Synchronous on purpose: a host file is read whole in one go, and the async calls cost a thread-pool
  // round trip each (stat, open, fstat, read, close). Over 40 hosts that waiting was 14 ms of idle in
  // `status` (--cpu-prof); the bytes and the answers are the same.
  let st;
  try {
    st = statSync(file, { throwIfNoEntry: false });
  } catch (error) {
    // ENOTDIR: a parent is not a folder, so the file cannot exist either.
    if (errnoCode(error) === 'ENOTDIR') st = undefined;
    else throw error;
  }
  if (st === undefined) return missing();
  if (!st.isFile()) {
    const err = new Error(`${file} is not a regular file`) as NodeJS.ErrnoException;
    err.code = st.isDirectory() ? 'EISDIR' : 'EINVAL';
    throw err;
  }
  // A plain Uint8Array view of the Buffer's memory: new Uint8Array(buffer) copied every byte, a full
  // extra pass per read of a big file.
  let buffer: Buffer;
  try {
    buffer = readFileSync(file);
  } catch (error) {
    // Gone between the stat and the read: the same answer a later stat would give.
    if (errnoCode(error) === 'ENOENT') return missing();
    throw error;
  }
  const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  return { exists: true, bytes, mode: st.mode & 0o7777, uid: st.uid, gid: st.gid };
}

/**
 * The path apply actually writes for `file`: the final target of a symlink chain (so the link stays a
 * link), or the path itself. Works for dangling links too (writing creates the link's target).
 */
export async function resolveWriteTarget(file: string): Promise<string> {
  const absolute = path.resolve(file);
  try {
    return await realpath(absolute);
  } catch (error) {
    if (errnoCode(error) !== 'ENOENT') throw error;
  }
  // Missing file, or a dangling symlink: follow links by hand (bounded, like the kernel's ELOOP).
  let current = absolute;
  for (let hops = 0; hops < 40; hops++) {
    let st;
    try {
      st = await lstat(current);
    } catch (error) {
      if (errnoCode(error) === 'ENOENT') break;
      throw error;
    }
    if (!st.isSymbolicLink()) break;
    current = path.resolve(path.dirname(current), await readlink(current));
  }
  // Resolve the folder part when it exists, so two spellings of one file compare equal.
  try {
    return path.join(await realpath(path.dirname(current)), path.basename(current));
  } catch {
    return current;
  }
}

export async function fsyncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export interface DurableWriteSteps {
  writeTemp: StepName;
  fsyncTemp: StepName | null;
  rename: StepName;
  fsyncDir: StepName | null;
}

/**
 * Writes `bytes` to `target` durably: temp file in the same folder (so rename is atomic), contents
 * and mode set through the descriptor, fsync, rename over, fsync the folder. The temp file is
 * created with O_EXCL ('wx') so a pre-existing path there (a symlink planted by someone) is never
 * followed. `owner` is applied best-effort: root rewriting a user's file must not hand it to root.
 */
export async function writeDurably(
  target: string,
  tempPath: string,
  bytes: Uint8Array,
  mode: number,
  owner: { uid: number | null; gid: number | null },
  faults: FaultHooks | undefined,
  steps: DurableWriteSteps,
): Promise<void> {
  await step(faults, steps.writeTemp, tempPath);
  const handle = await open(tempPath, 'wx', 0o600);
  let written: { ino: number; dev: number };
  try {
    await handle.writeFile(bytes);
    await handle.chmod(mode);
    if (owner.uid !== null && owner.gid !== null && typeof process.getuid === 'function') {
      const st = await handle.stat();
      if (st.uid !== owner.uid || st.gid !== owner.gid) {
        await handle.chown(owner.uid, owner.gid).catch(() => undefined);
        // chown clears setuid/setgid bits on some systems; re-apply the exact mode.
        await handle.chmod(mode);
      }
    }
    if (steps.fsyncTemp) await step(faults, steps.fsyncTemp, tempPath);
    await handle.sync();
    written = await handle.stat();
  } finally {
    await handle.close();
  }
  await step(faults, steps.rename, target);
  await rename(tempPath, target);
  // rename(2) moves whatever is at tempPath now. If something replaced our temp file meanwhile, the
  // target now holds that, not our bytes: fail (restore then leaves the foreign object alone).
  const landed = await lstat(target);
  if (landed.ino !== written.ino || landed.dev !== written.dev) {
    const err = new Error(`${tempPath} was replaced by another program before it was renamed to ${target}`) as NodeJS.ErrnoException;
    err.code = 'EBUSY';
    throw err;
  }
  if (steps.fsyncDir) await step(faults, steps.fsyncDir, path.dirname(target));
  await fsyncDir(path.dirname(target));
}

/** Name of the temp file apply uses for `target` in transaction `id`; recognisable and recorded. */
export function tempPathFor(target: string, id: string, purpose: 'write' | 'restore'): string {
  const suffix = purpose === 'write' ? 'tmp' : 'restore.tmp';
  return path.join(path.dirname(target), `.${path.basename(target)}.patchbay-${id}.${suffix}`);
}
