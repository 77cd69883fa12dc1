// Base folders host files live under, resolved from the injected context (never process.env).
import path from 'node:path';
import type { HostContext } from './types.js';

/** $XDG_CONFIG_HOME when set to an absolute path (the XDG rule), else ~/.config. */
export function xdgConfigHome(ctx: Pick<HostContext, 'env' | 'home'>): string {
  const xdg = ctx.env.XDG_CONFIG_HOME;
  return xdg && path.isAbsolute(xdg) ? xdg : path.join(ctx.home, '.config');
}
