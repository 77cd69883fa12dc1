// The one description of the machine a command or the MCP server runs against: project, home, the
// environment variables, platform, and the state dir. Resolved ONCE at the entry point (the CLI's
// session, the server's start-up) from values only; nothing below reads process.env or os.homedir().
import os from 'node:os';
import path from 'node:path';
import type { DisplayRoots } from '../display-path.js';
import { resolveStateDir } from '../rollback/state-dir-path.js';

export interface Environment {
  /** Absolute project directory. */
  projectDir: string;
  /** Absolute home directory (HOME, or USERPROFILE on Windows). */
  home: string;
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
  /** Journal, lock and managed-server records: $PATCHBAY_STATE_DIR, else $XDG_STATE_HOME/patchbay. */
  stateDir: string;
  /** Set when HOME was unset and the account's home from the password database was used instead. */
  homeFallback?: string;
}

export function resolveEnvironment(options: {
  cwd?: string;
  env?: Readonly<Record<string, string | undefined>>;
  platform?: NodeJS.Platform;
} = {}): Environment {
  const env = options.env ?? process.env;
  const platform = options.platform ?? process.platform;
  const projectDir = path.resolve(options.cwd ?? process.cwd());
  const given = platform === 'win32' ? env.USERPROFILE || env.HOME : env.HOME || env.USERPROFILE;
  const home = path.resolve(given || os.homedir());
  const environment: Environment = { projectDir, home, env, platform, stateDir: resolveStateDir(undefined, env, home) };
  if (!given) environment.homeFallback = home;
  return environment;
}

export function rootsOf(environment: Pick<Environment, 'projectDir' | 'home'>): DisplayRoots {
  return { projectDir: environment.projectDir, home: environment.home };
}
