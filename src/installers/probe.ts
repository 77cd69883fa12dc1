// The real version probe: execa without a shell (argv is never interpreted), a 15 s timeout, never
// throwing (reject:false), memoized per command line so one CLI run probes each binary once.
// execa is imported on the first probe, not at module load: `patchbay mcp` and commands that never
// probe should not pay for evaluating it at start-up.
import type { ProbeResult } from './types.js';
import { findOnPath } from './which.js';

// 15 s, not less: OpenCode is a ~100 MB single-file Bun binary whose cold `--version` took over 5 s on
// a busy 2-core machine (seen in the e2e suite). A probe that times out refuses init, so a generous
// bound costs a hung binary's wait, while a tight one fails real users on slow disks.
export const PROBE_TIMEOUT_MS = 15_000;

export function createProbe(env: Readonly<Record<string, string | undefined>>): (command: string, args: readonly string[]) => Promise<ProbeResult> {
  const cache = new Map<string, Promise<ProbeResult>>();
  return (command, args) => {
    const key = JSON.stringify([command, ...args]);
    let pending = cache.get(key);
    if (!pending) {
      pending = run(command, args, env);
      cache.set(key, pending);
    }
    return pending;
  };
}

async function run(command: string, args: readonly string[], env: Readonly<Record<string, string | undefined>>): Promise<ProbeResult> {
  if ((await findOnPath(command, env)) === null) return notFound(command);
  const { execa } = await import('execa');
  const result = await execa(command, [...args], {
    shell: false,
    reject: false,
    timeout: PROBE_TIMEOUT_MS,
    stdin: 'ignore',
    env: env as Record<string, string>,
    extendEnv: false,
    windowsHide: true,
  });
  const code = (result as { code?: string }).code;
  if (code === 'ENOENT' || (result.failed && /ENOENT/.test(result.message ?? ''))) {
    return notFound(command);
  }
  if (result.timedOut) return { ok: false, reason: 'timeout', message: `no answer within ${PROBE_TIMEOUT_MS / 1000} s` };
  if (result.failed) return { ok: false, reason: 'failed', message: (result.shortMessage ?? result.message ?? 'failed').split('\n')[0] ?? 'failed' };
  return { ok: true, stdout: String(result.stdout ?? '') };
}

function notFound(command: string): ProbeResult {
  return { ok: false, reason: 'not-found', message: `${command} was not found on PATH` };
}
