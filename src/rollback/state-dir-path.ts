// Where the state dir is: a pure path computation, in a module of its own so that code which only needs
// the path (src/core/environment.ts, and through it the MCP server's start) does not load the lock and
// file helpers of state-dir.ts (and node:crypto with them).
import os from 'node:os';
import path from 'node:path';

export function resolveStateDir(explicit?: string, env: Readonly<Record<string, string | undefined>> = process.env, home: string = os.homedir()): string {
  if (explicit) return path.resolve(explicit);
  if (env.PATCHBAY_STATE_DIR) return path.resolve(env.PATCHBAY_STATE_DIR);
  if (env.XDG_STATE_HOME) return path.join(path.resolve(env.XDG_STATE_HOME), 'patchbay');
  return path.join(home, ".local", "state", "patchbay");
}
