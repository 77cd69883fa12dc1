#!/usr/bin/env node
// Bench (1): cold start of `patchbay mcp` — median time from spawn to the initialize response of
// `node dist/patchbay.mjs mcp`, against a bare one-tool serveStdio server bundled the same way
// (bench/fixtures/bare-server.ts, rolldown with the options of scripts/build.mjs, into a temp dir):
// the ratio is what patchbay adds on top of the SDK. Runs alternate so drift hits both equally. Also
// reported: user+sys CPU time of the child (from /usr/bin/time when present), which a busy machine
// disturbs far less than wall time. It never fails on time; it exits non-zero only when a server
// does not answer.
//
//   npm run build && node bench/mcp-startup.mjs [--runs 15]
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { timeInitialize } from './lib/mcp-initialize.mjs';
import { sdkShims } from '../scripts/sdk-shims.mjs';
import { NODE_INPUT, NODE_OUTPUT, bundleTo } from '../scripts/build/rolldown-node.mjs';
import { argValue, fmtMs, goalLine, markdownTable, progress, ratio, summary, runIfMain } from './lib/stats.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const runs = Number(argValue(process.argv, '--runs', process.argv[2] && /^\d+$/.test(process.argv[2]) ? process.argv[2] : '15'));
const patchbay = path.join(root, 'dist', 'patchbay.mjs');
const TIME = '/usr/bin/time';

export async function main() {
  if (!existsSync(patchbay)) throw new Error(`${patchbay} is missing: run \`npm run build\` first.`);
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'patchbay-bench-mcp-'));
  try {
    // Two builds of the same bare server: the SDK as published (its Node shims load Ajv), and with
    // patchbay's shims (scripts/sdk-shims.mjs), so the table shows what patchbay adds beyond that choice.
    const bare = path.join(tmp, 'bare-server.mjs');
    const bareShims = path.join(tmp, 'bare-server-shims.mjs');
    const buildBare = (file, plugins) =>
      bundleTo({ ...NODE_INPUT, input: path.join(root, 'bench', 'fixtures', 'bare-server.ts'), plugins }, { ...NODE_OUTPUT, file, codeSplitting: false });
    await buildBare(bare, []);
    await buildBare(bareShims, [sdkShims]);
    const env = { PATH: process.env.PATH ?? '', HOME: tmp, NO_COLOR: '1' };
    const withTime = existsSync(TIME);
    const spawnArgs = (args) => (withTime ? [TIME, ['-f', 'PBCPU %U %S', process.execPath, ...args]] : [process.execPath, args]);
    const variants = [
      { name: 'bare one-tool `serveStdio` server (baseline)', args: [bare], wall: [], cpu: [] },
      { name: 'the same bare server, with patchbay’s SDK shims (no Ajv)', args: [bareShims], wall: [], cpu: [] },
      { name: '`node dist/patchbay.mjs mcp`', args: [patchbay, 'mcp'], wall: [], cpu: [] },
    ];
    const once = async (v) => {
      const [cmd, args] = spawnArgs(v.args);
      const r = await timeInitialize(cmd, args, { cwd: tmp, env });
      return r;
    };
    for (const v of variants) await once(v); // warm-up: page cache
    for (let i = 0; i < runs; i++) {
      progress(`mcp-startup: run ${i + 1}/${runs}`);
      for (const v of variants) {
        const r = await once(v);
        v.wall.push(r.ms);
        const m = /PBCPU ([\d.]+) ([\d.]+)/.exec(r.stderr ?? '');
        if (m) v.cpu.push((Number(m[1]) + Number(m[2])) * 1000);
      }
    }
    const [base, baseShims, ours] = variants.map((v) => ({ ...v, w: summary(v.wall), c: v.cpu.length ? summary(v.cpu) : undefined }));
    const row = (v, isBase) => [
      v.name,
      fmtMs(v.w.median),
      `${fmtMs(v.w.min)}–${fmtMs(v.w.max)}`,
      isBase ? '—' : ratio(v.w.median, base.w.median),
      v.c ? fmtMs(v.c.median) : 'n/a',
      isBase || !v.c ? '—' : ratio(v.c.median, base.c.median),
    ];
    const out = [
      `### (1) \`patchbay mcp\` spawn → initialize response, ${runs} runs each (alternating, +1 warm-up)`,
      '',
      `Command: \`node bench/mcp-startup.mjs --runs ${runs}\`. Baseline: bench/fixtures/bare-server.ts (one tool, \`serveStdio\`), bundled by rolldown with the same minification as dist/, with the SDK as published.` +
        ' The second row is that server built with patchbay’s SDK shims (scripts/sdk-shims.mjs: the SDK’s light JSON Schema validator instead of Ajv), so the gap between it and patchbay is what patchbay’s own code costs.' +
        ` CPU = user+sys of the child process (${withTime ? '/usr/bin/time, 10 ms resolution' : 'not measured: no /usr/bin/time'}).`,
      '',
      markdownTable(['server', 'median ms', 'min–max ms', 'vs baseline', 'CPU median ms', 'CPU vs baseline'], [row(base, true), row(baseShims, false), row(ours, false)]),
      '',
      goalLine({ measure: '`patchbay mcp` spawn → initialize', value: ours.w.median / base.w.median, cpu: ours.c && base.c ? ours.c.median / base.c.median : undefined, goal: 1.1, baseline: 'bare one-tool serveStdio server', script: 'bench/mcp-startup.mjs' }),
      goalLine({ measure: '`patchbay mcp` spawn → initialize, vs the bare server with the same SDK shims', value: ours.w.median / baseShims.w.median, cpu: ours.c && baseShims.c ? ours.c.median / baseShims.c.median : undefined, goal: null, baseline: 'bare one-tool serveStdio server, patchbay’s SDK shims', script: 'bench/mcp-startup.mjs' }),
      '',
    ].join('\n');
    process.stdout.write(out + '\n');
    return out;
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

runIfMain(import.meta.url, main);
