// One stdio check: find the command as the OS would, start it in its own process group with the
// host's environment, run the handshake under a deadline, and always stop the whole group before
// returning. Never throws: every outcome is a CheckResult.
import { findOnPath } from '../installers/which.js';
import { CheckError, isCheckError } from './check-error.js';
import { handshake } from './handshake.js';
import { spawnServer, terminate } from './process-tree.js';
import { StderrTail } from './stderr-tail.js';
import { StdioChannel } from './stdio-channel.js';
import type { CheckResult, StdioLaunch } from './types.js';
import { withDeadline } from './deadline.js';

export interface StdioCheckOptions {
  /** The environment the host runs in; the entry's env is merged over it. */
  baseEnv: Readonly<Record<string, string | undefined>>;
  timeoutMs: number;
  graceMs: number;
  platform: NodeJS.Platform;
  clientVersion: string;
}

export function mergedEnv(base: Readonly<Record<string, string | undefined>>, own: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(base)) if (v !== undefined) env[k] = v;
  return Object.assign(env, own);
}

export async function checkStdio(launch: StdioLaunch, options: StdioCheckOptions): Promise<CheckResult> {
  const started = Date.now();
  const env = mergedEnv(options.baseEnv, launch.env);
  // PATH as the server's own environment has it: that is the one the spawn searches.
  if ((await findOnPath(launch.command, env, options.platform)) === null) {
    return { ok: false, code: 'not-found', message: `\`${launch.command}\` is not on PATH`, ms: Date.now() - started };
  }
  let child;
  try {
    child = spawnServer(launch, env, options.platform);
  } catch (error) {
    return { ok: false, code: 'spawn-failed', message: `the command could not be started (${(error as NodeJS.ErrnoException).code ?? String(error)})`, ms: Date.now() - started };
  }
  const tail = new StderrTail();
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => tail.append(chunk));
  const channel = new StdioChannel(child);
  let result: CheckResult;
  try {
    const done = await withDeadline(handshake(channel, options.clientVersion), options.timeoutMs, started);
    result = { ok: true, protocolVersion: done.protocolVersion, tools: done.toolNames.length, toolNames: done.toolNames, ms: Date.now() - started };
  } catch (error) {
    const failure = isCheckError(error) ? error : new CheckError('spawn-failed', String(error));
    result = { ok: false, code: failure.code, message: failure.message, ms: Date.now() - started };
  }
  await terminate(child, options.graceMs);
  if (!result.ok) {
    // After termination: the whole of stderr is in, and the exit status is known.
    if (result.code === 'exited') {
      result.exitCode = child.exitCode;
      result.signal = child.signalCode;
    }
    const lines = tail.lines(Object.values(launch.env));
    if (lines.length > 0) result.stderr = lines;
  }
  return result;
}
