// Cold starts: a first `npx --yes pkg@1.2.3` (or `uvx pkg==1.2.3`) on a fresh machine spends its
// first seconds DOWNLOADING, and a handshake timer that starts with the spawn calls that "hung". So
// before the timer starts, doctor fetches the package with the user's own npm/uv, the way the launch
// will (same flags, env, cwd, cache), under a separate install budget; then the handshake timer
// measures the server alone, and a first run gives the verdicts of the second. Fetching runs no
// package code except what `npm exec` itself runs to install (as the host's own first start would).
import path from 'node:path';
import { findOnPath } from '../installers/which.js';
import { spawnServer, terminate } from './process-tree.js';
import { StderrTail } from './stderr-tail.js';
import type { CheckFailure, StdioLaunch } from './types.js';

export interface Prefetch {
  kind: 'npm' | 'pypi';
  /** The package specs fetched, e.g. `fixture-mcp@1.2.3`. */
  specs: string[];
  /** What is run instead of the server: installs the same packages into the same cache, then exits. */
  launch: StdioLaunch;
}

/** npx/npm-exec flags that take a value (the next argument when not written `--flag=value`). */
const NPX_VALUE_FLAGS = new Set(['--package', '-p', '--registry', '--cache', '--userconfig', '--prefix', '--node-options', '--shell', '--script-shell', '--workspace', '-w']);
/** uvx flags that take a value. */
const UVX_VALUE_FLAGS = new Set(['--from', '--with', '--with-editable', '--with-requirements', '--python', '-p', '--index', '--index-url', '--extra-index-url', '--default-index', '--find-links', '-f', '--cache-dir', '--config-file', '--directory', '--project', '--index-strategy', '--constraints', '-c', '--overrides']);

const base = (command: string) => path.basename(command).replace(/\.(cmd|exe)$/i, '').toLowerCase();

/** The flags before the first positional, and that positional's index (-1: none). */
function splitFlags(args: readonly string[], valueFlags: ReadonlySet<string>): { flags: string[]; first: number } {
  const flags: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--') return { flags, first: i + 1 < args.length ? i + 1 : -1 };
    if (!arg.startsWith('-')) return { flags, first: i };
    flags.push(arg);
    if (!arg.includes('=') && valueFlags.has(arg) && i + 1 < args.length) flags.push(args[++i] as string);
  }
  return { flags, first: -1 };
}

function npx(launch: StdioLaunch): Prefetch | undefined {
  const { flags, first } = splitFlags(launch.args, NPX_VALUE_FLAGS);
  // `-c` / `--call` run a shell string: nothing to fetch that doctor could name.
  if (flags.some((f) => f === '-c' || f === '--call' || f.startsWith('--call='))) return undefined;
  const specs: string[] = [];
  const kept: string[] = [];
  for (let i = 0; i < flags.length; i++) {
    const flag = flags[i] as string;
    if (flag === '--package' || flag === '-p') specs.push(flags[++i] as string);
    else if (flag.startsWith('--package=')) specs.push(flag.slice('--package='.length));
    else if (NPX_VALUE_FLAGS.has(flag) && !flag.includes('=')) kept.push(flag, flags[++i] as string);
    else kept.push(flag);
  }
  if (specs.length === 0 && first >= 0) specs.push(launch.args[first] as string);
  if (specs.length === 0) return undefined;
  // npx keys its cache by the package list, not the command, so `--package` + a no-op installs
  // exactly what the server's own start will find (same `_npx/<hash>` folder).
  // The launch's own flags, as they are (`--yes`, `--no`, a registry): npm decides as it will for the server.
  const args = [...kept, ...specs.map((s) => `--package=${s}`), '--', 'node', '-e', ''];
  return { kind: 'npm', specs, launch: { ...launch, args } };
}

function uvx(launch: StdioLaunch): Prefetch | undefined {
  const { flags, first } = splitFlags(launch.args, UVX_VALUE_FLAGS);
  const fromAt = flags.findIndex((f) => f === '--from' || f.startsWith('--from='));
  const spec = fromAt >= 0 ? (flags[fromAt]?.includes('=') ? flags[fromAt].slice('--from='.length) : flags[fromAt + 1]) : first >= 0 ? launch.args[first] : undefined;
  if (spec === undefined) return undefined;
  const kept = fromAt >= 0 ? flags.filter((_f, i) => i !== fromAt && !(i === fromAt + 1 && !flags[fromAt]?.includes('='))) : flags;
  // The same environment, built and cached by uv, with uv's own python as the no-op command.
  return { kind: 'pypi', specs: [spec], launch: { ...launch, args: [...kept, '--from', spec, 'python', '-c', ''] } };
}

/** What to fetch before this launch's timer starts, or undefined when it is not an npx/uvx launch. */
export function prefetchOf(launch: StdioLaunch): Prefetch | undefined {
  const name = base(launch.command);
  if (name === 'npx') return npx(launch);
  if (name === 'uvx') return uvx(launch);
  return undefined;
}

export interface PrefetchOptions {
  env: Record<string, string>;
  budgetMs: number;
  graceMs: number;
  platform: NodeJS.Platform;
}

/**
 * Runs the fetch under its own budget. Undefined when the package is in place (the check may start);
 * a CheckFailure (`install-failed`, `install-timeout`) when it is not, with npm's/uv's last lines.
 */
export async function runPrefetch(prefetch: Prefetch, options: PrefetchOptions): Promise<CheckFailure | undefined> {
  const started = Date.now();
  // Not on PATH: the check itself reports `not-found`.
  if ((await findOnPath(prefetch.launch.command, options.env, options.platform)) === null) return undefined;
  let child;
  try {
    child = spawnServer(prefetch.launch, options.env, options.platform);
  } catch {
    return undefined; // the check reports why the command cannot start
  }
  child.stdin.end();
  const tail = new StderrTail();
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => tail.append(chunk));
  child.stdout.resume();
  const tool = prefetch.kind === 'npm' ? 'npm' : 'uv';
  const code = await new Promise<number | null | 'timeout' | 'error'>((resolve) => {
    const timer = setTimeout(() => resolve('timeout'), options.budgetMs);
    child.once('error', () => {
      clearTimeout(timer);
      resolve('error');
    });
    child.once('exit', (exitCode) => {
      clearTimeout(timer);
      resolve(exitCode);
    });
  });
  await terminate(child, options.graceMs);
  const ms = Date.now() - started;
  const stderr = tail.lines(Object.values(prefetch.launch.env));
  const what = prefetch.specs.join(', ');
  if (code === 0) return undefined;
  if (code === 'timeout') {
    return { ok: false, code: 'install-timeout', message: `${tool} was still fetching ${what} after ${options.budgetMs} ms (the install budget, before the handshake timer)`, ms, ...(stderr.length > 0 ? { stderr } : {}) };
  }
  return { ok: false, code: 'install-failed', message: `${tool} could not fetch ${what}${typeof code === 'number' ? ` (exit ${code})` : ''}`, ms, ...(stderr.length > 0 ? { stderr } : {}) };
}
