// Spawns test/rollback/fixtures/engine-child.mjs (a plain-node process running the bundled engine),
// optionally as the unprivileged user `nobody` via setpriv, and lets a test watch its stderr markers.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, copyFile, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { bundleEngine, repoRoot } from './rollback-fixture.js';

export interface ChildKit {
  engine: string;
  script: string;
}

/** Bundles the engine and copies the child script into one world-readable temp folder. */
export async function prepareChildKit(): Promise<ChildKit> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pb-engine-bundle-'));
  const engine = await bundleEngine(dir);
  const script = path.join(dir, 'engine-child.mjs');
  await copyFile(path.join(repoRoot, 'test', 'rollback', 'fixtures', 'engine-child.mjs'), script);
  // Readable by `nobody` for the permission tests.
  await chmod(dir, 0o755);
  await chmod(engine, 0o644);
  await chmod(script, 0o644);
  return { engine, script };
}

export interface ChildRun {
  proc: ChildProcess;
  /** Resolves with the first stderr line that starts with `prefix`. */
  waitFor(prefix: string): Promise<string>;
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string; result: ChildResult | null }>;
}

export interface ChildResult {
  ok: boolean;
  steps: number;
  code?: string;
  message?: string;
  details?: { files?: string[] } | null;
  result?: unknown;
}

export function runChild(
  kit: ChildKit,
  args: { command: 'apply' | 'recover' | 'rollback'; planFile?: string; stateDir: string },
  env: Record<string, string> = {},
  opts: { asNobody?: boolean } = {},
): ChildRun {
  const nodeArgs = [kit.script, kit.engine, args.command, args.planFile ?? '-', args.stateDir];
  const [cmd, cmdArgs] = opts.asNobody
    ? ['setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, ...nodeArgs]]
    : [process.execPath, nodeArgs];
  const proc = spawn(cmd as string, cmdArgs as string[], {
    env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const waiters: { prefix: string; resolve: (line: string) => void }[] = [];
  let pendingLine = '';
  proc.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => {
    stderr += d.toString();
    pendingLine += d.toString();
    let nl: number;
    while ((nl = pendingLine.indexOf('\n')) !== -1) {
      const line = pendingLine.slice(0, nl);
      pendingLine = pendingLine.slice(nl + 1);
      for (const w of waiters.splice(0)) {
        if (line.startsWith(w.prefix)) w.resolve(line);
        else waiters.push(w);
      }
    }
  });
  const done = new Promise<Awaited<ChildRun['done']>>((resolve) => {
    proc.on('close', (code, signal) => {
      const last = stdout.trim().split('\n').pop();
      let result: ChildResult | null = null;
      try {
        result = last ? (JSON.parse(last) as ChildResult) : null;
      } catch {
        result = null;
      }
      resolve({ code, signal, stdout, stderr, result });
    });
  });
  const waitFor = (prefix: string): Promise<string> =>
    new Promise((resolve, reject) => {
      waiters.push({ prefix, resolve });
      void done.then(() => reject(new Error(`child exited before printing "${prefix}": ${stderr}\n${stdout}`)));
    });
  return { proc, waitFor, done };
}
