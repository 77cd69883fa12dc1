// Where the server looks: the project is its cwd (or options.cwd), HOME and XDG_* come from its
// environment. Resolved once at startup from values only (no file reads, no probes); the host
// context that reads files is created per call.
import os from 'node:os';
import path from 'node:path';
import type { DisplayRoots } from '../display-path.js';

export interface ServerEnvironment {
  projectDir: string;
  home: string;
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
  /** Journal location, as the engine resolves it, computed from `env` (not process.env). */
  stateDir: string;
}

export function resolveEnvironment(options: {
  cwd?: string;
  env?: Readonly<Record<string, string | undefined>>;
  platform?: NodeJS.Platform;
}): ServerEnvironment {
  const env = options.env ?? process.env;
  const projectDir = path.resolve(options.cwd ?? process.cwd());
  const home = path.resolve(env.HOME || env.USERPROFILE || os.homedir());
  const stateDir = env.PATCHBAY_STATE_DIR
    ? path.resolve(env.PATCHBAY_STATE_DIR)
    : env.XDG_STATE_HOME
      ? path.join(path.resolve(env.XDG_STATE_HOME), 'patchbay')
      : path.join(home, '.local', 'state', 'patchbay');
  return { projectDir, home, env, platform: options.platform ?? process.platform, stateDir };
}

export function rootsOf(environment: ServerEnvironment): DisplayRoots {
  return { projectDir: environment.projectDir, home: environment.home };
}
