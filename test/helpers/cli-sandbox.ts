// A throwaway machine for end-to-end CLI tests: a project folder, HOME, XDG dirs, a patchbay state dir,
// and a PATH holding only fake host binaries (tiny shell scripts) so detection is fully controlled.
// Runs the BUILT bundle (dist/patchbay.mjs) as a child process; it never builds it (npm test does).
import { spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, readdirSync, statSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SETPRIV } from './as-nobody.js';
import { snapshotTree, type Entry } from './tree.js';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BUNDLE = path.join(REPO_ROOT, 'dist', 'patchbay.mjs');

export function requireBundle(): void {
  if (!existsSync(BUNDLE)) {
    throw new Error(`${BUNDLE} is missing: run 'npm run build' first (npm test builds it before vitest runs).`);
  }
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface Sandbox {
  root: string;
  project: string;
  home: string;
  configHome: string;
  stateHome: string;
  stateDir: string;
  bin: string;
  env: Record<string, string>;
  /** Installs (or replaces) a fake binary printing `output` for `--version`. */
  fakeBinary(name: string, output: string): Promise<void>;
  removeBinary(name: string): Promise<void>;
  write(relative: string, text: string): Promise<string>;
  read(relative: string): Promise<string>;
  exists(relative: string): boolean;
  /** `asNobody`: run as uid/gid 65534 through setpriv (see test/helpers/as-nobody.ts); root only. */
  run(args: readonly string[], options?: { cwd?: string; env?: Record<string, string | undefined>; input?: string; asNobody?: boolean }): Promise<RunResult>;
  /** Every entry under the sandbox (project + home), keyed by path relative to the sandbox root. */
  snapshot(): Promise<Record<string, Entry>>;
  cleanup(): Promise<void>;
}

export async function createSandbox(): Promise<Sandbox> {
  requireBundle();
  const root = await mkdtemp(path.join(os.tmpdir(), 'pb-cli-'));
  /**
   * nobody cannot read the checkout's dist/ when the checkout sits in a 0700 folder (CI clones into a
   * fresh temp dir): it runs a copy of the bundle kept in a world-readable folder instead. The bundle
   * is the bin and the files it imports (dist/commands/, dist/chunks/): the whole dist/ is copied.
   */
  const nobodyBundle = (): string => {
    const dir = path.join(root, 'bundle');
    const file = path.join(dir, 'patchbay.mjs');
    if (!existsSync(file)) {
      cpSync(path.dirname(BUNDLE), dir, { recursive: true });
      chmodSync(root, 0o755);
      const open = (p: string): void => {
        const isDir = statSync(p).isDirectory();
        chmodSync(p, isDir ? 0o755 : 0o644);
        if (isDir) for (const name of readdirSync(p)) open(path.join(p, name));
      };
      open(dir);
    }
    return file;
  };
  const project = path.join(root, 'project');
  const home = path.join(root, 'home');
  const configHome = path.join(home, '.config');
  const stateHome = path.join(home, '.local', 'state');
  const stateDir = path.join(root, 'state');
  const bin = path.join(root, 'bin');
  for (const dir of [project, home, configHome, stateHome, bin]) await mkdir(dir, { recursive: true });
  const env: Record<string, string> = {
    HOME: home,
    XDG_CONFIG_HOME: configHome,
    XDG_STATE_HOME: stateHome,
    PATCHBAY_STATE_DIR: stateDir,
    PATH: bin,
    LANG: 'C.UTF-8',
  };
  const sandbox: Sandbox = {
    root,
    project,
    home,
    configHome,
    stateHome,
    stateDir,
    bin,
    env,
    async fakeBinary(name, output) {
      const file = path.join(bin, name);
      // Only `--version` is ever probed; anything else fails loudly so an unexpected call shows up.
      await writeFile(file, `#!/bin/sh\nif [ "$1" = "--version" ]; then echo '${output}'; exit 0; fi\necho "fake ${name}: unexpected $*" >&2\nexit 64\n`);
      await chmod(file, 0o755);
    },
    async removeBinary(name) {
      await rm(path.join(bin, name), { force: true });
    },
    async write(relative, text) {
      const file = path.resolve(root, relative);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, text);
      return file;
    },
    read(relative) {
      return readFile(path.resolve(root, relative), 'utf8');
    },
    exists(relative) {
      return existsSync(path.resolve(root, relative));
    },
    run(args, options = {}) {
      return new Promise((resolve, reject) => {
        const childEnv: Record<string, string> = { ...env };
        for (const [k, v] of Object.entries(options.env ?? {})) {
          if (v === undefined) delete childEnv[k];
          else childEnv[k] = v;
        }
        const [cmd, argv] = options.asNobody
          ? [SETPRIV, ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, nobodyBundle(), ...args]]
          : [process.execPath, [BUNDLE, ...args]];
        const child = spawn(cmd, argv, { cwd: options.cwd ?? project, env: childEnv, stdio: ['pipe', 'pipe', 'pipe'] });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
        child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, stdout, stderr }));
        child.stdin.end(options.input ?? '');
      });
    },
    async snapshot() {
      return {
        ...(await snapshotTree(project, { prefix: 'project/' })),
        ...(await snapshotTree(home, { prefix: 'home/' })),
      };
    },
    async cleanup() {
      await rm(root, { recursive: true, force: true });
    },
  };
  return sandbox;
}
