// A host's own home folder, movable by one variable (CODEX_HOME, GROK_HOME, VIBE_HOME,
// CONTINUE_GLOBAL_DIR): the variable when it is an absolute path, else `~/<dir>`.
import { pathApi } from '../paths.js';
import type { HostContext } from '../types.js';

export function hostHome(ctx: Pick<HostContext, 'env' | 'home' | 'platform'>, variable: string, dir: string): string {
  const value = ctx.env[variable];
  return value && pathApi(ctx).isAbsolute(value) ? value : pathApi(ctx).join(ctx.home, dir);
}
