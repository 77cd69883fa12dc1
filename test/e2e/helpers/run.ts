// Runs a real process with a hard timeout and returns everything a failing assertion should show.
import { existsSync } from 'node:fs';
import { execa } from 'execa';
import { bundlePath } from '../../../scripts/e2e/local-registry.mjs';
import { stripAnsi } from '../../../scripts/e2e/sandbox-env.mjs';

export interface RunResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** stdout + stderr, ANSI stripped, for matching host output loosely. */
  text: string;
  ms: number;
}

export async function run(
  file: string,
  args: string[],
  opts: { cwd: string; env: Record<string, string>; timeoutMs?: number; input?: string },
): Promise<RunResult> {
  const started = Date.now();
  const r = await execa(file, args, {
    cwd: opts.cwd,
    env: opts.env,
    extendEnv: false,
    reject: false,
    timeout: opts.timeoutMs ?? 60_000,
    stripFinalNewline: false,
    ...(opts.input === undefined ? { stdin: 'ignore' as const } : { input: opts.input }),
  });
  const stdout = String(r.stdout ?? '');
  const stderr = String(r.stderr ?? '');
  return {
    exitCode: r.exitCode ?? -1,
    stdout,
    stderr,
    text: stripAnsi(`${stdout}\n${stderr}`),
    ms: Date.now() - started,
  };
}

/** For assertion messages: the command's whole story. */
export function explain(what: string, r: RunResult): string {
  return `${what} (exit ${r.exitCode}, ${r.ms} ms)\n--- stdout ---\n${r.stdout}\n--- stderr ---\n${r.stderr}`;
}

/** The bundle is built by `npm test` (npm run build) before vitest; tests never build it (parallel races). */
export function requireBundle(): string {
  if (!existsSync(bundlePath)) {
    throw new Error(`${bundlePath} is missing: run \`npm run build\` first (npm test does it before vitest)`);
  }
  return bundlePath;
}

export function patchbay(args: string[], opts: { cwd: string; env: Record<string, string>; timeoutMs?: number }) {
  return run(process.execPath, [requireBundle(), ...args], opts);
}
