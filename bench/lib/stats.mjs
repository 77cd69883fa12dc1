// Small shared helpers for bench/*.mjs: timing, medians, markdown tables, machine facts.
// Benchmarks print markdown on stdout (so bench/run-all.mjs can collect it) and progress on stderr.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** GNU time: the child's user+sys CPU, which a busy machine disturbs far less than wall time. */
const TIME = '/usr/bin/time';
export const canMeasureCpu = existsSync(TIME);

export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export function summary(values) {
  const s = [...values].sort((a, b) => a - b);
  return { median: median(s), min: s[0], max: s[s.length - 1], n: s.length };
}

export const fmtMs = (ms) => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2));

export function fmtBytes(n) {
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  if (n >= 1024) return `${(n / 1024).toFixed(0)} KB`;
  return `${n} B`;
}

/** `ratio(x, baseline)` as "2.31×". */
export const ratio = (value, baseline) => `${(value / baseline).toFixed(2)}×`;

export function markdownTable(headers, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}

export function machineInfo() {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    nproc: os.availableParallelism?.() ?? cpus.length,
    cpu: cpus[0]?.model?.trim() ?? 'unknown',
    memGiB: (os.totalmem() / 1024 ** 3).toFixed(1),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
  };
}

/** Parses `--runs N` (and `--flag value` pairs generally) from argv. */
export function argValue(argv, name, fallback) {
  const i = argv.indexOf(name);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : fallback;
}

export const progress = (msg) => process.stderr.write(`${msg}\n`);

/**
 * Spawns a process and measures wall time from spawn to exit (and, with `cpu`, the child's user+sys
 * CPU ms through /usr/bin/time, 10 ms resolution). Output is collected so failures can be shown; a
 * non-zero exit throws (a benchmark of a failing command measures nothing).
 */
export function timedRun(cmd, args, { cwd, env, timeoutMs = 120_000, allowFail = false, cpu = false } = {}) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const timed = cpu && canMeasureCpu;
    const child = timed
      ? spawn(TIME, ['-f', 'PBCPU %U %S', cmd, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      let cpuMs;
      if (timed) {
        const m = /PBCPU ([\d.]+) ([\d.]+)\n?/.exec(out);
        if (m) {
          cpuMs = (Number(m[1]) + Number(m[2])) * 1000;
          out = out.replace(m[0], '');
        }
      }
      if (code !== 0 && !allowFail) reject(new Error(`${cmd} ${args.join(' ')} exited ${code}:\n${out.slice(-2000)}`));
      else resolve({ ms, code, out, cpuMs });
    });
  });
}

/**
 * A machine-readable goal line for bench/run-all.mjs, invisible in rendered markdown:
 * `<!-- goal {"measure":…,"value":1.23,"goal":1.1,"baseline":…} -->`. run-all collects every bench's
 * goal lines into the summary table at the top of bench/results.md.
 */
export function goalLine({ measure, value, cpu, goal, baseline, script }) {
  const cpuValue = cpu === undefined || !Number.isFinite(cpu) ? null : Number(cpu.toFixed(3));
  return `<!-- goal ${JSON.stringify({ measure, value: Number(value.toFixed(3)), cpu: cpuValue, goal, baseline, script })} -->`;
}

/**
 * Runs a bench's `main` when its module is the script node was started with (`node bench/x.mjs`), not
 * when bench/run-all.mjs imports it; a failure is printed and sets a non-zero exit code.
 */
export function runIfMain(moduleUrl, main) {
  if (!process.argv[1] || path.resolve(process.argv[1]) !== fileURLToPath(moduleUrl)) return;
  main().catch((err) => {
    process.stderr.write(`${err.stack ?? err}\n`);
    process.exitCode = 1;
  });
}

/**
 * Paired runs: each variant once as a warm-up, then `runs` rounds running every variant in turn,
 * so machine drift hits all of them equally. `once(v)` resolves to timedRun's result. A variant
 * with `baseline: true` is the baseline of the variants sharing its `group`. Returns the medians
 * and the markdown table rows: command, median, min–max, vs baseline, CPU median, CPU vs baseline.
 */
export async function pairedRuns(vs, once, { runs, label }) {
  const times = new Map(vs.map((v) => [v, []]));
  const cpus = new Map(vs.map((v) => [v, []]));
  for (const v of vs) await once(v); // warm-up: page cache, first-run effects
  for (let i = 0; i < runs; i++) {
    progress(`${label}: run ${i + 1}/${runs}`);
    for (const v of vs) {
      const r = await once(v);
      times.get(v).push(r.ms);
      if (r.cpuMs !== undefined) cpus.get(v).push(r.cpuMs);
    }
  }
  const wallMedian = (v) => summary(times.get(v)).median;
  const cpuMedian = (v) => (cpus.get(v).length ? summary(cpus.get(v)).median : NaN);
  const baseOf = (v) => vs.find((b) => b.baseline && b.group === v.group);
  const rows = vs.map((v) => {
    const s = summary(times.get(v));
    const base = baseOf(v);
    const vsBase = base !== undefined && base !== v;
    return [
      v.name,
      fmtMs(s.median),
      `${fmtMs(s.min)}–${fmtMs(s.max)}`,
      vsBase ? ratio(s.median, wallMedian(base)) : '—',
      canMeasureCpu ? fmtMs(cpuMedian(v)) : 'n/a',
      vsBase && canMeasureCpu ? ratio(cpuMedian(v), cpuMedian(base)) : '—',
    ];
  });
  return { wallMedian, cpuMedian, baseOf, rows };
}
