// Finds a bare command name on PATH the way the OS would, without spawning anything. A probe for a
// host that is not installed (the common case) then costs a few stat calls instead of loading execa
// and spawning a process that fails with ENOENT (~20 ms of `patchbay init`, measured with --cpu-prof).
import { access, constants, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

type Env = Readonly<Record<string, string | undefined>>;

/** Where a lookup looks: the PATH folders in order, and the names it tries in each (PATHEXT on Windows). */
function searchOf(command: string, env: Env, platform: NodeJS.Platform): { dirs: string[]; names: string[] } {
  const pathValue = platform === 'win32' ? (env.Path ?? env.PATH ?? env.path) : env.PATH;
  const delimiter = platform === 'win32' ? ';' : ':';
  // Windows resolves `claude` to `claude.cmd`, `claude.exe`, ... through PATHEXT.
  const extensions = platform === 'win32' ? ['', ...(env.PATHEXT ?? '.COM;.EXE;.BAT;.CMD').split(';').filter(Boolean)] : [''];
  return { dirs: (pathValue ?? '').split(delimiter).filter((d) => d !== ''), names: extensions.map((ext) => command + ext) };
}

/** The candidate is an executable file (a symlink is followed, as exec does). */
async function runnable(candidate: string, platform: NodeJS.Platform): Promise<boolean> {
  try {
    if (!(await stat(candidate)).isFile()) return false;
    if (platform !== 'win32') await access(candidate, constants.X_OK);
    return true;
  } catch {
    return false; // not here (or not executable): keep looking, as execvp does
  }
}

/**
 * findOnPath for many commands in one run: each PATH folder is listed once, and only a name the listing
 * holds is stat'ed. Detection asks for ~30 host binaries; looked up one by one that is a stat per
 * binary per PATH folder (300+ on a 10-folder PATH, 12 ms of `status` over 42 hosts in --cpu-prof),
 * growing with the catalog. A folder that cannot be listed (x without r) falls back to stat per name.
 * The listings live as long as the lookup: one host context, i.e. one command or one MCP tool call.
 */
export function createPathLookup(env: Env, platform: NodeJS.Platform = process.platform): (command: string) => Promise<string | null> {
  const listings = new Map<string, Promise<Set<string> | null>>();
  // Windows file names are case-insensitive: `Claude.CMD` is `claude.cmd`.
  const fold = (name: string) => (platform === 'win32' ? name.toLowerCase() : name);
  const listing = (dir: string) => {
    let pending = listings.get(dir);
    if (!pending) {
      pending = readdir(dir).then((names) => new Set(names.map(fold)), () => null);
      listings.set(dir, pending);
    }
    return pending;
  };
  return async (command) => {
    if (command.includes('/') || (platform === 'win32' && command.includes('\\'))) return command;
    const { dirs, names } = searchOf(command, env, platform);
    const listed = await Promise.all(dirs.map(listing));
    for (const [i, dir] of dirs.entries()) {
      const here = listed[i];
      for (const name of names) {
        if (here && !here.has(fold(name))) continue;
        const candidate = path.join(dir, name);
        if (await runnable(candidate, platform)) return candidate;
      }
    }
    return null;
  };
}

export async function findOnPath(
  command: string,
  env: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform = process.platform,
): Promise<string | null> {
  // A path with a separator is not looked up on PATH; let the spawn decide.
  if (command.includes('/') || (platform === 'win32' && command.includes('\\'))) return command;
  const { dirs, names } = searchOf(command, env, platform);
  for (const dir of dirs) {
    for (const name of names) {
      const candidate = path.join(dir, name);
      if (await runnable(candidate, platform)) return candidate;
    }
  }
  return null;
}
