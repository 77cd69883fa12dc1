// Base folders host files live under, resolved from the injected context (never process.env), and
// the path rules of the context's platform: a win32 context joins with `\` and knows `C:\` is
// absolute even when patchbay runs elsewhere (`patchbay hosts --platform win32`, tests).
import path from 'node:path';
import type { HostContext } from './types.js';

/**
 * node:path for the context's platform: win32 rules on Windows, POSIX rules everywhere else. A win32
 * context whose home is a POSIX path (`/tmp/…`: the tests that render Windows entries into real temp
 * folders on Linux) keeps POSIX rules, since its files live on this system's disk.
 */
export function pathApi(ctx: Pick<HostContext, 'platform' | 'home'>): path.PlatformPath {
  return ctx.platform === 'win32' && !ctx.home.startsWith('/') ? path.win32 : path.posix;
}

/** $XDG_CONFIG_HOME when set to an absolute path (the XDG rule), else ~/.config. */
export function xdgConfigHome(ctx: Pick<HostContext, 'env' | 'home' | 'platform'>): string {
  const p = pathApi(ctx);
  const xdg = ctx.env.XDG_CONFIG_HOME;
  return xdg && p.isAbsolute(xdg) ? xdg : p.join(ctx.home, '.config');
}
