// Permission tests need a user the kernel holds to permission bits, and root is not one: root writes
// into a 0555 folder and reads a 0000 file. So, as test/rollback/fault-injection.test.ts does for
// EACCES, a test running as root runs the CLI as `nobody` (uid 65534) through setpriv; a test running
// as an ordinary user needs no switch at all (its own permission bits already bind it).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, lchown, lstat, readdir } from 'node:fs/promises';
import path from 'node:path';

export const NOBODY = 65534;

/** Absolute, because the sandboxed CLI runs with a PATH holding only fake host binaries. */
export const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv', '/usr/sbin/setpriv', '/sbin/setpriv'].find((p) => existsSync(p)) ?? 'setpriv';

export const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** setpriv can switch this (root) process's children to nobody. */
export function setprivWorks(): boolean {
  if (!isRoot) return false;
  try {
    execFileSync(SETPRIV, ['--reuid=65534', '--regid=65534', '--clear-groups', 'true']);
    return true;
  } catch {
    return false;
  }
}

/**
 * How a permission test runs here: 'nobody' (root with setpriv: run the CLI as nobody, files handed to
 * nobody), 'self' (not root: permission bits already apply), or a reason it cannot run (root without
 * setpriv, where root would ignore every bit the test sets).
 */
export function permissionMode(): { mode: 'nobody' | 'self' } | { mode: 'skip'; reason: string } {
  if (!isRoot) return { mode: 'self' };
  if (setprivWorks()) return { mode: 'nobody' };
  return { mode: 'skip', reason: 'running as root without a working setpriv: root ignores permission bits, so a read-only folder would not be read-only' };
}

/** chown -R to nobody (symlinks themselves, not their targets). */
export async function chownTree(p: string, uid = NOBODY, gid = NOBODY): Promise<void> {
  const st = await lstat(p);
  if (st.isSymbolicLink()) {
    await lchown(p, uid, gid);
    return;
  }
  await chown(p, uid, gid);
  if (st.isDirectory()) for (const n of await readdir(p)) await chownTree(path.join(p, n), uid, gid);
}

/** Lets nobody traverse `dir` (mkdtemp makes 0700 folders). */
export async function traversable(dir: string): Promise<void> {
  await chmod(dir, 0o755);
}
