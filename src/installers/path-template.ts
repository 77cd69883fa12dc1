// Host file paths as data: a template per OS, expanded against the injected context (never
// process.env). Forms, written with `/` whatever the OS:
//   `~`                      the home folder (HOME / USERPROFILE)
//   `$XDG_CONFIG_HOME`       $XDG_CONFIG_HOME when absolute, else ~/.config (paths.ts)
//   `%APPDATA%`              %APPDATA%, else ~/AppData/Roaming
//   `%LOCALAPPDATA%`         %LOCALAPPDATA%, else ~/AppData/Local
//   `%USERPROFILE%`          the home folder
//   `${VAR:-default}`        a host's own override (COPILOT_HOME, GEMINI_CLI_HOME, ...): the variable
//                            when it holds an absolute path, else `default` (itself a template)
// A template that starts with none of these is relative to the project folder.
import type { HostContext } from './types.js';
import { pathApi, xdgConfigHome } from './paths.js';

type Ctx = Pick<HostContext, 'env' | 'home' | 'platform'>;

const WINDOWS_DIRS: Record<string, string> = { APPDATA: 'AppData/Roaming', LOCALAPPDATA: 'AppData/Local' };

/** The folder a template's leading token names, and the rest of the template after it. */
function head(template: string, ctx: Ctx): { base: string; rest: string } | undefined {
  if (template === '~' || template.startsWith('~/')) return { base: ctx.home, rest: template.slice(1) };
  if (template.startsWith('$XDG_CONFIG_HOME')) return { base: xdgConfigHome(ctx), rest: template.slice('$XDG_CONFIG_HOME'.length) };
  const win = /^%(APPDATA|LOCALAPPDATA|USERPROFILE)%/.exec(template);
  if (win) {
    const name = win[1] as string;
    const rest = template.slice(win[0].length);
    if (name === 'USERPROFILE') return { base: ctx.home, rest };
    const value = ctx.env[name];
    return { base: value ? value : pathApi(ctx).join(ctx.home, WINDOWS_DIRS[name] as string), rest };
  }
  if (template.startsWith('${')) {
    const close = matchingBrace(template);
    const inner = template.slice(2, close);
    const sep = inner.indexOf(':-');
    const name = sep < 0 ? inner : inner.slice(0, sep);
    const value = ctx.env[name];
    const rest = template.slice(close + 1);
    if (value && pathApi(ctx).isAbsolute(value)) return { base: value, rest };
    if (sep < 0) throw new Error(`internal: path template ${template} has no default for ${name}`);
    return { base: expandPath(inner.slice(sep + 2), ctx, '/'), rest };
  }
  return undefined;
}

function matchingBrace(template: string): number {
  let depth = 0;
  for (let i = 1; i < template.length; i++) {
    if (template[i] === '{') depth++;
    else if (template[i] === '}' && --depth === 0) return i;
  }
  throw new Error(`internal: unbalanced path template ${template}`);
}

/** The absolute file a template names (`projectDir` resolves the relative ones). */
export function expandPath(template: string, ctx: Ctx, projectDir: string): string {
  const found = head(template, ctx);
  const segments = (found ? found.rest : template).split('/').filter((s) => s !== '');
  return pathApi(ctx).join(found ? found.base : projectDir, ...segments);
}
