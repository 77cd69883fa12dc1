// Where patchbay keeps its lock and journals. Journals hold prior bytes of config files (which may
// contain secrets), so the folder is private to the user: 0700.
import { mkdir, chmod } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export function resolveStateDir(explicit?: string, env: Readonly<Record<string, string | undefined>> = process.env, home: string = os.homedir()): string {
  if (explicit) return path.resolve(explicit);
  if (env.PATCHBAY_STATE_DIR) return path.resolve(env.PATCHBAY_STATE_DIR);
  if (env.XDG_STATE_HOME) return path.join(path.resolve(env.XDG_STATE_HOME), 'patchbay');
  return path.join(home, ".local", "state", "patchbay");
}

export function journalDir(stateDir: string): string {
  return path.join(stateDir, 'journal');
}

/** Creates <state> and <state>/journal with mode 0700 (tightening an existing looser folder). */
export async function ensureStateDir(stateDir: string): Promise<void> {
  await mkdir(journalDir(stateDir), { recursive: true, mode: 0o700 });
  // mkdir's mode is filtered by the umask and ignored for folders that already exist: chmod explicitly.
  await chmod(stateDir, 0o700);
  await chmod(journalDir(stateDir), 0o700);
}
