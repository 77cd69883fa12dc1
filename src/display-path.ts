// How a path is shown to people and to agents: project-relative inside the project, `~/...` inside
// the home directory, absolute otherwise. The absolute home never leaves patchbay (it names the user).
import path from 'node:path';

export interface DisplayRoots {
  projectDir: string;
  home: string;
}

export function displayPath(absolute: string, roots: DisplayRoots): string {
  const rel = path.relative(roots.projectDir, absolute);
  if (rel === '') return '.';
  if (!rel.startsWith('..') && !path.isAbsolute(rel)) return rel.split(path.sep).join('/');
  const fromHome = path.relative(roots.home, absolute);
  if (fromHome === '') return '~';
  if (!fromHome.startsWith('..') && !path.isAbsolute(fromHome)) return `~/${fromHome.split(path.sep).join('/')}`;
  return absolute;
}
