// A host's own home folder, movable by one variable (CODEX_HOME, GROK_HOME, VIBE_HOME,
// CONTINUE_GLOBAL_DIR): the variable when it is an absolute path, else `~/<dir>`.
import path from 'node:path';
import type { HostContext } from '../types.js';

export function hostHome(ctx: Pick<HostContext, 'env' | 'home'>, variable: string, dir: string): string {
  const value = ctx.env[variable];
  return value && path.isAbsolute(value) ? value : path.join(ctx.home, dir);
}
