// One throw-away world per test: HOME (with every XDG dir inside it), a project dir, a private npm cache,
// and a bin dir for the host CLIs. Real directories under os.tmpdir(); removed in cleanup().
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sandboxEnv } from '../../../scripts/e2e/sandbox-env.mjs';

export interface Sandbox {
  root: string;
  home: string;
  project: string;
  npmCache: string;
  binDir: string;
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

export async function makeSandbox(opts: { registry?: string; extra?: Record<string, string> } = {}): Promise<Sandbox> {
  // realpath: hosts key per-project state by the resolved cwd (Claude's ~/.claude.json projects map).
  const root = await mkdtemp(path.join(os.tmpdir(), 'patchbay-e2e-'));
  const home = path.join(root, 'home');
  const project = path.join(root, 'project');
  const npmCache = path.join(root, 'npm-cache');
  const binDir = path.join(root, 'bin');
  await Promise.all([home, project, npmCache, binDir].map((d) => mkdir(d, { recursive: true })));
  const env = sandboxEnv({
    home,
    npmCache,
    extraPath: [binDir],
    ...(opts.registry ? { registry: opts.registry } : {}),
    ...(opts.extra ? { extra: opts.extra } : {}),
  });
  return { root, home, project, npmCache, binDir, env, cleanup: () => rm(root, { recursive: true, force: true }) };
}
