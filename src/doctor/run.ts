// runDoctor: Targets in, one Row per target out. Identical launches (same command, args, env, cwd;
// or same URL and headers) are started once and their result shared, checks run with bounded
// parallelism, and every process is stopped before this resolves. Independent of where targets come
// from: host files (targets.ts), a test, or later the host catalog.
import { PATCHBAY_VERSION } from '../version.js';
import { checkRemote } from './check-remote.js';
import { checkStdio, mergedEnv } from './check-stdio.js';
import { prefetchOf, runPrefetch } from './prefetch.js';
import { hintFor } from './hints.js';
import { mapLimit } from './pool.js';
import type { CheckResult, DoctorReport, DoctorSummary, Launch, Row, RowStatus, Target } from './types.js';

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_PARALLEL = 4;
export const DEFAULT_GRACE_MS = 1_000;
/** Fetching an npm/PyPI package before its handshake timer starts (a cold cache, a big package). */
export const DEFAULT_INSTALL_TIMEOUT_MS = 300_000;

export interface DoctorProgress {
  done: number;
  total: number;
  /** Names of the launches being checked right now ("host name"), or fetched ("fetching host name"). */
  running: string[];
}

export interface DoctorOptions {
  /** The environment hosts start servers from; entries' env is merged over it. */
  env: Readonly<Record<string, string | undefined>>;
  timeoutMs?: number;
  /** Budget for fetching an npx/uvx package before the handshake timer starts (prefetch.ts). */
  installTimeoutMs?: number;
  parallel?: number;
  /** Wait after stdin EOF, and again after SIGTERM, before the next step of shutdown. */
  graceMs?: number;
  platform?: NodeJS.Platform;
  /**
   * `--trust`: start project servers their host would not start now (the verdict stays the host's).
   * Without it such a server is not started at all: a project's files are untrusted input.
   */
  trust?: boolean;
  onProgress?(progress: DoctorProgress): void;
}

/** Started by this run? User-scope servers are the user's own; a withheld project one needs --trust. */
export function willStart(target: Target, trust: boolean): boolean {
  return target.launch.kind === 'launch' && (target.withheld === undefined || target.scope !== 'project' || trust);
}

/** Equal keys mean equal launches. Holds secret values: it never leaves this module. */
function launchKey(launch: Launch): string {
  const sorted = (record: Record<string, string>) => Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return launch.transport === 'stdio'
    ? JSON.stringify(['stdio', launch.command, launch.args, sorted(launch.env), launch.cwd])
    : JSON.stringify([launch.transport, launch.url, sorted(launch.headers)]);
}

interface Group {
  id: string;
  launch: Launch;
  targets: number[];
  label: string;
}

function groupLaunches(targets: readonly Target[], trust: boolean): Group[] {
  const groups = new Map<string, Group>();
  targets.forEach((target, index) => {
    if (target.launch.kind !== 'launch' || !willStart(target, trust)) return;
    const key = launchKey(target.launch.launch);
    let group = groups.get(key);
    if (!group) {
      group = { id: `L${groups.size + 1}`, launch: target.launch.launch, targets: [], label: `${target.host} ${target.name}` };
      groups.set(key, group);
    }
    // One start serves hosts that fall back to SSE and hosts that do not: allow the fallback when any
    // of them would, and resultForHost gives the others the refusal.
    const own = target.launch.launch;
    if (own.transport !== 'stdio' && own.sseFallback && group.launch.transport !== 'stdio') group.launch = { ...group.launch, sseFallback: true };
    group.targets.push(index);
  });
  return [...groups.values()];
}

function checkedStatus(result: CheckResult, target: Target): RowStatus {
  if (result.ok) return target.withheld !== undefined && target.withheld.unknownRules !== true ? target.withheld.status : 'ok';
  if (result.code === 'timeout' || result.code === 'install-timeout') return 'timeout';
  if (result.code === 'not-found') return 'not-found';
  return 'failed';
}

function baseRow(target: Target, status: RowStatus): Row {
  return { host: target.host, scope: target.scope, file: target.file, name: target.name, transport: target.transport, status, display: target.display, notes: [...(target.notes ?? [])] };
}

/** What this target's host sees of a shared result: without a fallback of its own, the refusal. */
function resultForHost(target: Target, result: CheckResult): CheckResult {
  if (!result.ok || result.viaSse === undefined) return result;
  const own = target.launch.kind === 'launch' ? target.launch.launch : undefined;
  if (own?.transport !== 'stdio' && own?.sseFallback) return result;
  return { ok: false, code: 'http-status', message: result.viaSse.refusal, ms: result.ms };
}

function rowFor(target: Target, check: { group: Group; result: CheckResult } | undefined): Row {
  const { launch } = target;
  let row: Row;
  switch (launch.kind) {
    case 'disabled':
      row = { ...baseRow(target, 'disabled'), message: launch.reason };
      break;
    case 'missing-env':
      row = { ...baseRow(target, 'missing-env'), missingEnv: launch.names, message: `not started: ${launch.names.join(', ')} ${launch.names.length === 1 ? 'is' : 'are'} not set` };
      break;
    case 'invalid':
      row = { ...baseRow(target, 'invalid'), message: launch.message };
      break;
    case 'unsupported':
      row = { ...baseRow(target, 'unsupported'), message: launch.message };
      break;
    case 'override':
      throw new Error('override entries are not targets');
    case 'launch': {
      const { withheld } = target;
      if (!check) {
        // Withheld and not started: the host's verdict, and nothing ran.
        if (withheld === undefined) throw new Error(`no check result for ${target.host} ${target.name}`);
        row = { ...baseRow(target, withheld.status), message: `not started: ${withheld.reason}`, consent: withheld.how };
        break;
      }
      const { group } = check;
      const result = resultForHost(target, check.result);
      row = { ...baseRow(target, checkedStatus(result, target)), launchId: group.id, ms: result.ms };
      if (withheld !== undefined) Object.assign(row, { consent: withheld.how, startedWithout: true });
      if (result.ok) {
        Object.assign(row, { protocolVersion: result.protocolVersion, tools: result.tools, toolNames: result.toolNames });
        if (withheld?.unknownRules === true) row.notes.push(`started with --trust: ${withheld.reason}`);
        else if (withheld !== undefined) row.message = `works, but ${withheld.reason}`;
        if (result.viaSse) row.notes.push('streamable HTTP was refused; answered over the older SSE transport, as this host falls back');
      } else {
        row.reason = result.code;
        row.message = result.message;
        if (result.exitCode !== undefined) row.exitCode = result.exitCode;
        if (result.signal !== undefined) row.signal = result.signal;
        if (result.stderr !== undefined) row.stderr = result.stderr;
        if (withheld !== undefined) row.notes.push(`even when fixed: ${withheld.reason}`);
      }
      if (launch.launch.transport === 'stdio' && launch.launch.windowsWrapper) row.notes.push('Windows `cmd /c` wrapper');
      if (group.targets.length > 1) row.notes.push(`one start shared by ${group.targets.length} entries (${group.id})`);
      break;
    }
  }
  const hint = hintFor(row);
  if (hint !== undefined) row.hint = hint;
  return row;
}

const STATUSES: readonly RowStatus[] = ['ok', 'failed', 'timeout', 'not-found', 'missing-env', 'needs-approval', 'untrusted', 'disabled', 'invalid', 'unsupported'];
/** Not failures: the user switched it off, or doctor cannot judge it. */
const NEUTRAL: ReadonlySet<RowStatus> = new Set(['ok', 'disabled', 'unsupported']);

export function summarize(rows: readonly Row[], launches: number, ms: number): DoctorSummary {
  const counts = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<RowStatus, number>;
  for (const row of rows) counts[row.status]++;
  return { total: rows.length, launches, counts, healthy: rows.every((r) => NEUTRAL.has(r.status)), ms };
}

export async function runDoctor(targets: readonly Target[], options: DoctorOptions): Promise<DoctorReport> {
  const started = Date.now();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const installTimeoutMs = options.installTimeoutMs ?? DEFAULT_INSTALL_TIMEOUT_MS;
  const graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
  const platform = options.platform ?? process.platform;
  const groups = groupLaunches(targets, options.trust === true);
  const running = new Set<string>();
  let done = 0;
  const report = (): void => options.onProgress?.({ done, total: groups.length, running: [...running] });

  const results = await mapLimit(groups, options.parallel ?? DEFAULT_PARALLEL, async (group) => {
    const { launch } = group;
    let result: CheckResult | undefined;
    const fetch = launch.transport === 'stdio' ? prefetchOf(launch) : undefined;
    if (fetch !== undefined && launch.transport === 'stdio') {
      const label = `fetching ${group.label}`;
      running.add(label);
      report();
      result = await runPrefetch(fetch, { env: mergedEnv(options.env, launch.env), budgetMs: installTimeoutMs, graceMs, platform });
      running.delete(label);
    }
    running.add(group.label);
    report();
    result ??=
      launch.transport === 'stdio'
        ? await checkStdio(launch, { baseEnv: options.env, timeoutMs, graceMs, platform, clientVersion: PATCHBAY_VERSION })
        : await checkRemote(launch, { timeoutMs, graceMs, clientVersion: PATCHBAY_VERSION });
    running.delete(group.label);
    done++;
    report();
    return result;
  });

  const byTarget = new Map<number, { group: Group; result: CheckResult }>();
  groups.forEach((group, i) => {
    for (const t of group.targets) byTarget.set(t, { group, result: results[i] as CheckResult });
  });
  const rows = targets.map((target, i) => rowFor(target, byTarget.get(i)));
  return { rows, summary: summarize(rows, groups.length, Date.now() - started) };
}
