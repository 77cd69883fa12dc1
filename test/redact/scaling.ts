// Measures how a redaction function's cost grows from 64 KiB to 1 MiB of the same repeated input.
// A linear function grows ~16×; a quadratic one 256×. Times are CPU time of the measuring thread's
// process (process.cpuUsage), not wall time: on a shared 2-core box a busy neighbour stretches wall
// time but not CPU time. Each size is timed repeatedly (interleaved, best of several) to damp noise.
//
// The code under test runs in a worker (src/redact.ts bundled with esbuild), so that a quadratic
// implementation is stopped from outside instead of blocking the test runner for half an hour.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const SMALL = 64 * 1024;
export const BIG = 1024 * 1024;

export type Measured = 'redactText' | 'redactConfigText' | 'redactArgs' | 'redactUrl' | 'isSecretLikeValue';

export interface Scaling {
  /** Best CPU ms per call at 64 KiB and at 1 MiB. */
  small: number;
  big: number;
  ratio: number;
}

/** Bundles src/redact.ts once per test file; returns its URL and a cleanup. */
export async function bundleRedactor(): Promise<{ url: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pb-redact-scaling-'));
  const outfile = path.join(dir, 'redact.mjs');
  await build({
    entryPoints: [path.join(repoRoot, 'src', 'redact.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    mainFields: ['module', 'main'],
    outfile,
    logLevel: 'error',
  });
  return { url: pathToFileURL(outfile).href, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

// The worker: builds both inputs as flat strings (a host file read from disk is flat; `repeat`
// makes a rope whose every access is slower), then times small, big, small, big, ... and reports.
const WORKER = `
import { parentPort, workerData } from 'node:worker_threads';
const mod = await import(workerData.url);
const run = {
  redactText: (s) => mod.redactText(s),
  redactConfigText: (s) => mod.redactConfigText(s),
  redactArgs: (s) => mod.redactArgs(['--token', s, s]),
  redactUrl: (s) => mod.redactUrl(s),
  isSecretLikeValue: (s) => mod.isSecretLikeValue(s),
}[workerData.fn];
// redactUrl gets a URL whose path, query and fragment are the repeated unit.
const prefix = workerData.fn === 'redactUrl' ? 'https://u:p@example.com/' : '';
const fill = (n) => Buffer.from(prefix + workerData.unit.repeat(Math.ceil(n / workerData.unit.length)).slice(0, n - prefix.length)).toString();
const small = fill(${SMALL});
const big = fill(${BIG});
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
// Calls fn until at least 20 ms of CPU went by: a 64 KiB call can take far less than a timer tick.
const perCall = (s) => { const t0 = cpu(); let k = 0; let t; do { run(s); k++; t = cpu() - t0; } while (t < 20); return t / k; };
run(small);
let bestSmall = perCall(small);
parentPort.postMessage({ phase: 'small', ms: bestSmall });
run(big);
// Up to three attempts of interleaved rounds, keeping the best ratio: memory-hungry neighbours slow
// the 1 MiB input (it no longer fits the caches) more than the 64 KiB one, and CPU time cannot
// see that. A quadratic redactor is ~256x in every attempt; a linear one ~16x in a quiet one.
let best = { small: bestSmall, big: Infinity };
for (let attempt = 0; attempt < 3 && best.big / best.small >= workerData.maxRatio; attempt++) {
  let s = Infinity;
  let b = Infinity;
  for (let round = 0; round < 3; round++) {
    b = Math.min(b, perCall(big));
    s = Math.min(s, perCall(small));
  }
  if (b / s < best.big / best.small) best = { small: s, big: b };
}
parentPort.postMessage({ phase: 'done', small: best.small, big: best.big });
`;

/**
 * Times `fn` on `unit` repeated to 64 KiB and to 1 MiB. Rejects when the worker has not finished by
 * `deadline` (ms since epoch): a run that slow cannot be linear, and the test must not hang on it.
 */
export function measureScaling(url: string, fn: Measured, unit: string, maxRatio: number, deadline: number): Promise<Scaling> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { url, fn, unit, maxRatio } });
    let small: number | undefined;
    const stop = (error?: Error, result?: Scaling) => {
      clearTimeout(timer);
      void worker.terminate();
      if (error) reject(error);
      else resolve(result!);
    };
    const timer = setTimeout(
      () => stop(new Error(`${fn} on ${JSON.stringify(unit.slice(0, 40))}: not done in time (64 KiB took ${small?.toFixed(1) ?? 'longer than that'} ms per call)`)),
      Math.max(0, deadline - Date.now()),
    );
    worker.on('message', (m: { phase: string; ms?: number; small?: number; big?: number }) => {
      if (m.phase === 'small') small = m.ms;
      else stop(undefined, { small: m.small!, big: m.big!, ratio: m.big! / m.small! });
    });
    worker.on('error', (error) => stop(error));
  });
}
