#!/usr/bin/env node
// Bench (5): the cost of redaction and of the MCP `plan` tool on big or hostile host files.
//
// A. In-process: redactText (src/redact.ts, bundled on the fly with esbuild) on 64 KiB and 1 MiB of
//    adversarial text: one unbroken run of `y` (a base64 blob or minified value looks like this),
//    `a://` repeated (a URL scheme with nothing after it, over and over), and near-miss URLs
//    (`http:/x` without the second slash). Each measurement runs in a worker with a time budget, so
//    a quadratic redactor is reported as "> budget" instead of hanging the bench. CPU time, not wall.
// B. Whole server: `node dist/patchbay.mjs mcp` in a temp project whose `.mcp.json` holds 500 or
//    5,000 servers (args with secret flags, env values, URLs with tokens: ~200 bytes each, so 5,000 is
//    about 1 MB). Times tools/call plan {action: init, hosts: [claude-code]} from request to answer,
//    and pings sent every 100 ms meanwhile (the worst wait: how long the event loop was blocked).
//
// Not a test: nothing here fails because a number is slow (CI never gates on time).
//
//   node bench/redact-plan.mjs [--runs 3] [--budget-ms 20000] [--root <checkout>]
//
// --root measures another checkout (its src/redact.ts and its built dist/patchbay.mjs), e.g. the
// code before a change, with this same script: `git archive <rev> | tar -x -C /tmp/old`, link
// node_modules, `node scripts/build.mjs` there, then --root /tmp/old.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import { argValue, fmtBytes, fmtMs, markdownTable, progress, summary, runIfMain } from './lib/stats.mjs';

const repoRoot = path.resolve(argValue(process.argv, '--root', path.join(path.dirname(fileURLToPath(import.meta.url)), '..')));
const runs = Number(argValue(process.argv, '--runs', '3'));
// The server's tool workers (default) against everything on its main thread (PATCHBAY_MCP_WORKERS=0).
const MODES = [
  { name: 'worker threads (default)', env: {} },
  { name: 'main thread (PATCHBAY_MCP_WORKERS=0)', env: { PATCHBAY_MCP_WORKERS: '0' } },
];
const budgetMs = Number(argValue(process.argv, '--budget-ms', '20000'));
const bundle = path.join(repoRoot, 'dist', 'patchbay.mjs');

const KiB = 1024;
const SIZES = [64 * KiB, 1024 * KiB];
const SHAPES = {
  'run of y': (n) => 'y'.repeat(n),
  'a:// repeated': (n) => 'a://'.repeat(Math.ceil(n / 4)).slice(0, n),
  'near-miss URLs': (n) => 'http:/x?token=1 '.repeat(Math.ceil(n / 16)).slice(0, n),
};

async function bundleRedact(tmp) {
  const outfile = path.join(tmp, 'redact-bundle.mjs');
  await build({
    stdin: { contents: "export { redactText } from './src/redact.ts';", resolveDir: repoRoot, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    mainFields: ['module', 'main'],
    nodePaths: [path.join(repoRoot, 'node_modules')],
    logLevel: 'error',
  });
  return outfile;
}

// The worker times `runs` calls of redactText on one input and posts the times back.
const WORKER = `
import { parentPort, workerData } from 'node:worker_threads';
const { redactText } = await import(workerData.url);
const text = workerData.text;
redactText(text); // compile the code paths before timing
const times = [];
// CPU time (the process's; the main thread only waits): on a shared box wall time mostly measures
// the neighbours. Each run repeats the call for at least 100 ms: one 64 KiB call is below the noise.
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
for (let i = 0; i < workerData.runs; i++) {
  const t = cpu();
  let k = 0;
  let elapsed;
  do {
    redactText(text);
    k++;
    elapsed = cpu() - t;
  } while (elapsed < 100);
  times.push(elapsed / k);
}
parentPort.postMessage(times);
`;

function timeRedact(url, text) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { url, text, runs } });
    const timer = setTimeout(() => {
      void worker.terminate();
      resolve(null);
    }, budgetMs);
    worker.once('message', (times) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(times);
    });
    worker.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

/** A Claude Code `.mcp.json` with `count` servers, each carrying the kinds of secrets redaction handles. */
function mcpJson(count) {
  const servers = {};
  for (let i = 0; i < count; i++) {
    servers[`server-${i}`] =
      i % 3 === 2
        ? { type: 'http', url: `https://u${i}:pw${i}@mcp${i}.example.com/v1?token=t${i}&region=eu`, headers: { Authorization: `Bearer tok${i}` } }
        : { command: 'npx', args: ['-y', `tool-${i}@1.0.${i % 10}`, '--api-key', `key-${i}`], env: { API_TOKEN: `secret-${i}`, MODE: 'prod' } };
  }
  return `${JSON.stringify({ mcpServers: servers }, null, 2)}\n`;
}

/**
 * Spawns the server, initializes, sends the plan request, then a ping every 100 ms until the plan is
 * answered; then the same plan again (a warm server: modules loaded, JIT done). Returns both plans'
 * latencies and the worst ping latency (how long the event loop was blocked), in ms; plan is null
 * when the budget ran out first.
 */
function timePlan(project, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bundle, 'mcp'], { cwd: project, env, stdio: ['pipe', 'pipe', 'pipe'] });
    const now = () => Number(process.hrtime.bigint()) / 1e6;
    let buffer = '';
    let sentAt = 0;
    let planMs;
    let againSentAt = 0;
    let worstPing = 0;
    let pinger;
    const pings = new Map();
    const finish = (result) => {
      clearInterval(pinger);
      clearTimeout(timer);
      // Pings still unanswered count with the time they have waited so far.
      for (const at of pings.values()) worstPing = Math.max(worstPing, now() - at);
      resolve({ ...result, ping: worstPing });
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish({ plan: null });
    }, budgetMs);
    const send = (m) => child.stdin.write(`${JSON.stringify(m)}\n`);
    child.stdout.on('data', (d) => {
      buffer += d;
      let nl;
      while ((nl = buffer.indexOf('\n')) !== -1) {
        const msg = JSON.parse(buffer.slice(0, nl));
        buffer = buffer.slice(nl + 1);
        if (msg.id === 1) {
          send({ jsonrpc: '2.0', method: 'notifications/initialized' });
          sentAt = now();
          send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'plan', arguments: { action: 'init', hosts: ['claude-code'] } } });
          let next = 100;
          pinger = setInterval(() => {
            pings.set(next, now());
            send({ jsonrpc: '2.0', id: next++, method: 'ping' });
          }, 100);
        } else if (msg.id === 2) {
          const status = msg.result?.structuredContent?.status;
          if (status !== 'ok') {
            child.kill('SIGKILL');
            finish({ plan: null });
            reject(new Error(`plan answered ${JSON.stringify(msg).slice(0, 500)}`));
            return;
          }
          planMs = now() - sentAt;
          againSentAt = now();
          send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'plan', arguments: { action: 'init', hosts: ['claude-code'] } } });
        } else if (msg.id === 3) {
          const againMs = now() - againSentAt;
          clearInterval(pinger);
          child.stdin.end();
          child.once('exit', () => finish({ plan: planMs, again: againMs }));
        } else if (pings.has(msg.id)) {
          worstPing = Math.max(worstPing, now() - pings.get(msg.id));
          pings.delete(msg.id);
        }
      }
    });
    child.on('error', reject);
    child.stdin.on('error', () => {});
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'patchbay-bench', version: '0' } },
    });
  });
}

const fmt = (s) => (s === null ? `> ${fmtMs(budgetMs)} (stopped)` : fmtMs(s.median));

export async function main() {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'patchbay-bench-redact-'));
  try {
    const url = pathToFileURL(await bundleRedact(tmp)).href;
    const rowsA = [];
    for (const [shape, make] of Object.entries(SHAPES)) {
      const row = [shape];
      const medians = [];
      for (const bytes of SIZES) {
        progress(`redact-plan: redactText ${shape} ${fmtBytes(bytes)}`);
        const times = await timeRedact(url, make(bytes));
        const s = times ? summary(times) : null;
        medians.push(s?.median ?? null);
        row.push(fmt(s));
      }
      row.push(medians.every((m) => m !== null) ? `${(medians[1] / medians[0]).toFixed(1)}×` : '—');
      rowsA.push(row);
    }

    const rowsB = [];
    let noteB = existsSync(bundle) ? '' : 'dist/patchbay.mjs missing (run npm run build)';
    for (const count of noteB ? [] : [500, 5000]) {
      const root = path.join(tmp, `plan-${count}`);
      const project = path.join(root, 'project');
      const home = path.join(root, 'home');
      await mkdir(project, { recursive: true });
      await mkdir(home, { recursive: true });
      const text = mcpJson(count);
      await writeFile(path.join(project, '.mcp.json'), text);
      for (const mode of MODES) {
        const env = { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), PATCHBAY_STATE_DIR: path.join(root, 'state'), ...mode.env };
        const planMs = [];
        const againMs = [];
        const pingMs = [];
        let stopped = false;
        for (let i = 0; i < runs && !stopped; i++) {
          progress(`redact-plan: plan on ${count} servers, ${mode.name}, run ${i + 1}/${runs}`);
          const r = await timePlan(project, env);
          if (r.plan == null) stopped = true;
          else {
            planMs.push(r.plan);
            againMs.push(r.again);
          }
          pingMs.push(r.ping);
        }
        rowsB.push([
          String(count),
          fmtBytes(text.length),
          mode.name,
          stopped ? `> ${fmtMs(budgetMs)} (stopped)` : fmtMs(summary(planMs).median),
          stopped ? '—' : fmtMs(summary(againMs).median),
          fmtMs(summary(pingMs).median),
          String(stopped ? planMs.length + 1 : runs),
        ]);
      }
    }

    const out = [
      '### (5) redaction and `plan` on big or hostile host files',
      '',
      `Command: \`node bench/redact-plan.mjs --runs ${runs} --budget-ms ${budgetMs}\` (code measured: ${repoRoot}). Medians; a run over the budget is stopped and shown as "> budget".`,
      '',
      'A. `redactText` in-process (src/redact.ts bundled by esbuild), CPU ms per call. A linear redactor grows ~16× from 64 KiB to 1 MiB.',
      '',
      markdownTable(['input', 'ms at 64 KiB', 'ms at 1 MiB', '1 MiB / 64 KiB'], rowsA),
      '',
      'B. `tools/call plan {action: init, hosts: [claude-code]}` against `node dist/patchbay.mjs mcp`, `.mcp.json` with N servers: the first call of a fresh server, then the same call again; a `ping` every 100 ms meanwhile (the worst wait shows how long the event loop was blocked).',
      '',
      noteB ? `_not measured: ${noteB}_` : markdownTable(['servers', 'file size', 'tools run on', 'first plan, ms', 'second plan, ms', 'worst ping wait, ms', 'runs'], rowsB),
      '',
    ].join('\n');
    process.stdout.write(`${out}\n`);
    return out;
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

runIfMain(import.meta.url, main);
