// Finds a bare command name on PATH the way the OS would, without spawning anything. A probe for a
// host that is not installed (the common case) then costs a few stat calls instead of loading execa
// and spawning a process that fails with ENOENT (~20 ms of `patchbay init`, measured with --cpu-prof).
import { access, constants, stat } from 'node:fs/promises';
import path from 'node:path';

export async function findOnPath(
  command: string,
  env: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform = process.platform,
): Promise<string | null> {
  // A path with a separator is not looked up on PATH; let the spawn decide.
  if (command.includes('/') || (platform === 'win32' && command.includes('\\'))) return command;
  const pathValue = platform === 'win32' ? (env.Path ?? env.PATH ?? env.path) : env.PATH;
  if (!pathValue) return null;
  const delimiter = platform === 'win32' ? ';' : ':';
  // Windows resolves `claude` to `claude.cmd`, `claude.exe`, ... through PATHEXT.
  const extensions = platform === 'win32' ? ['', ...(env.PATHEXT ?? '.COM;.EXE;.BAT;.CMD').split(';').filter(Boolean)] : [''];
  for (const dir of pathValue.split(delimiter)) {
    if (dir === '') continue;
    for (const ext of extensions) {
      const candidate = path.join(dir, command + ext);
      try {
        const st = await stat(candidate);
        if (!st.isFile()) continue;
        if (platform !== 'win32') await access(candidate, constants.X_OK);
        return candidate;
      } catch {
        // not here (or not executable): keep looking, as execvp does
      }
    }
  }
  return null;
}
