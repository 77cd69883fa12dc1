// The real version probe: node:child_process without a shell (argv is never interpreted), a 15 s
// timeout, never throwing, memoized per command line so one CLI run probes each binary once.
// A binary that is not on PATH (which.ts: a few stat calls) is never spawned. Probes of different
// binaries run in parallel: each call starts at once, and callers that Promise.all their hosts get
// every `--version` in flight together.
// Plain spawn, not execa: execa was ~190 KB of bundled code (a chunk of its own) that every `init`,
// `status` and `patchbay mcp` tool call loaded and compiled before its first probe, for features a
// `--version` probe does not use. node:child_process itself is imported on the first spawn, not at
// module load: it drags in net, dgram and stream internals that node compiles on first use (measured
// with --cpu-prof as compileForInternalLoader), which a run that finds no host binary never needs.
import type { ProbeResult } from './types.js';
import { findOnPath } from './which.js';

// 15 s, not less: OpenCode is a ~100 MB single-file Bun binary whose cold `--version` took over 5 s on
// a busy 2-core machine (seen in the e2e suite). A probe that times out refuses init, so a generous
// bound costs a hung binary's wait, while a tight one fails real users on slow disks.
export const PROBE_TIMEOUT_MS = 15_000;

/** More output than any `--version` prints; past it the probe stops collecting (it still waits for exit). */
const MAX_OUTPUT_BYTES = 1024 * 1024;
/** After the probed process exits, how long its output pipes may stay open (held by a grandchild). */
const EXIT_GRACE_MS = 500;

export function createProbe(
  env: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform = process.platform,
  onPath: (command: string) => Promise<string | null> = (command) => findOnPath(command, env, platform),
): (command: string, args: readonly string[]) => Promise<ProbeResult> {
  const cache = new Map<string, Promise<ProbeResult>>();
  return (command, args) => {
    const key = JSON.stringify([command, ...args]);
    let pending = cache.get(key);
    if (!pending) {
      pending = run(command, args, env, platform, onPath);
      cache.set(key, pending);
    }
    return pending;
  };
}

async function run(
  command: string, args: readonly string[], env: Readonly<Record<string, string | undefined>>, platform: NodeJS.Platform,
  onPath: (command: string) => Promise<string | null>,
): Promise<ProbeResult> {
  const resolved = await onPath(command);
  if (resolved === null) return notFound(command);
  const [file, argv, verbatim] = platform === 'win32' && /\.(cmd|bat)$/i.test(resolved) ? cmdShimInvocation(resolved, args, env) : [resolved, [...args], false];
  const { spawn } = await import('node:child_process');
  return new Promise<ProbeResult>((resolve) => {
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let size = 0;
    let timedOut = false;
    let settled = false;
    const finish = (result: ProbeResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    let child;
    try {
      child = spawn(file, argv, {
        shell: false,
        stdio: ['ignore', 'pipe', 'pipe'],
        // Exactly the given environment (never merged with process.env): tests and the server inject it.
        env: env as NodeJS.ProcessEnv,
        windowsHide: true,
        windowsVerbatimArguments: verbatim,
      });
    } catch (error) {
      // Synchronous spawn failures (EINVAL, EACCES on some platforms) are a failed probe, never a throw.
      finish(spawnFailure(command, error));
      return;
    }
    const collect = (into: Buffer[]) => (chunk: Buffer) => {
      if (size >= MAX_OUTPUT_BYTES) return;
      size += chunk.length;
      into.push(chunk);
    };
    child.stdout.on('data', collect(stdout));
    child.stderr.on('data', collect(stderr));
    // 'close' waits for the pipes too, and a grandchild (a daemon the binary starts) may hold them
    // open: after a timeout, or a short grace after the probed process itself exited, stop reading.
    const release = () => {
      child.stdout.destroy();
      child.stderr.destroy();
    };
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
      release();
    }, PROBE_TIMEOUT_MS);
    child.on('exit', () => setTimeout(release, EXIT_GRACE_MS).unref());
    child.on('error', (error) => finish(spawnFailure(command, error)));
    child.on('close', (code, signal) => {
      if (timedOut) return finish({ ok: false, reason: 'timeout', message: `no answer within ${PROBE_TIMEOUT_MS / 1000} s` });
      if (code !== 0) {
        const how = signal ? `was killed with ${signal}` : `failed with exit code ${code}`;
        const said = firstLine(Buffer.concat(stderr).toString('utf8')) || firstLine(Buffer.concat(stdout).toString('utf8'));
        return finish({ ok: false, reason: 'failed', message: `Command ${how}: ${[command, ...args].join(' ')}${said ? ` (${said})` : ''}` });
      }
      finish({ ok: true, stdout: stripFinalNewline(Buffer.concat(stdout).toString('utf8')) });
    });
  });
}

function spawnFailure(command: string, error: unknown): ProbeResult {
  const code = (error as NodeJS.ErrnoException).code;
  // Found on PATH a moment ago, gone (or not executable after all) now: the same as not installed.
  if (code === 'ENOENT') return notFound(command);
  return { ok: false, reason: 'failed', message: firstLine(error instanceof Error ? error.message : String(error)) || 'failed' };
}

/**
 * Windows runs a `.cmd`/`.bat` shim (npm installs `claude.cmd`) only through cmd.exe: spawning it
 * directly fails with EINVAL since Node 20.12.2. The command line is quoted and every cmd
 * metacharacter caret-escaped (the approach of cross-spawn), so argv still is never interpreted.
 */
export function cmdShimInvocation(file: string, args: readonly string[], env: Readonly<Record<string, string | undefined>>): [string, string[], boolean] {
  const meta = /([()\][%!^"`<>&|;, *?])/g;
  const quoteArg = (arg: string) => `"${arg.replace(/(\\*)"/g, '$1$1\\"').replace(/(\\*)$/, '$1$1')}"`.replace(meta, '^$1');
  const line = [file.replace(meta, '^$1'), ...args.map(quoteArg)].join(' ');
  return [env.ComSpec ?? env.COMSPEC ?? 'cmd.exe', ['/d', '/s', '/c', `"${line}"`], true];
}

function firstLine(text: string): string {
  return text.split(/\r?\n/).find((l) => l.trim() !== '')?.trim() ?? '';
}

/** As execa did (and a shell's $(…) does): the trailing line break is not part of the answer. */
function stripFinalNewline(text: string): string {
  return text.replace(/\r?\n$/, '');
}

function notFound(command: string): ProbeResult {
  return { ok: false, reason: 'not-found', message: `${command} was not found on PATH` };
}
