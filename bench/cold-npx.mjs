#!/usr/bin/env node
// Bench (4): what a host pays on the FIRST start of `npx --yes patchbay-mcp@<v> mcp` (empty npm cache: npx
// resolves and downloads the tarball) vs later starts (warm cache), spawn → initialize response.
// The registry is a local verdaccio with this checkout's tarball (scripts/e2e/local-registry.mjs), so
// "cold" here is install work without internet latency; a real first start adds the registry round trips.
// Baseline: warm npx, measured in the same run. Context row: `node dist/patchbay.mjs mcp` without npx.
//
//   node bench/cold-npx.mjs [--runs 10]
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { installTools } from '../scripts/e2e/install-tools.mjs';
import { bundlePath, startRegistryWithPatchbay } from '../scripts/e2e/local-registry.mjs';
import { sandboxEnv } from '../scripts/e2e/sandbox-env.mjs';
import { argValue, fmtMs, markdownTable, progress, ratio, summary, runIfMain } from './lib/stats.mjs';
import { timeInitialize } from './lib/mcp-initialize.mjs';

const runs = Number(argValue(process.argv, '--runs', '10'));

export async function main() {
  if (!existsSync(bundlePath)) throw new Error(`${bundlePath} is missing: run npm run build first`);
  await installTools({ names: ['verdaccio'], log: progress });
  const registry = await startRegistryWithPatchbay();
  const root = await mkdtemp(path.join(os.tmpdir(), 'patchbay-bench-npx-'));
  try {
    const home = path.join(root, 'home');
    const project = path.join(root, 'project');
    await mkdir(home, { recursive: true });
    await mkdir(project, { recursive: true });
    const warmCache = path.join(root, 'warm-cache');
    const env = (npmCache) => sandboxEnv({ home, registry: registry.url, npmCache });
    const npxArgs = ['--yes', registry.spec, 'mcp'];
    const times = { cold: [], warm: [], direct: [] };
    await timeInitialize('npx', npxArgs, { cwd: project, env: env(warmCache) }); // fills the warm cache
    await timeInitialize(process.execPath, [bundlePath, 'mcp'], { cwd: project, env: env(warmCache) });
    for (let i = 0; i < runs; i++) {
      progress(`cold-npx: run ${i + 1}/${runs}`);
      const coldCache = path.join(root, `cold-cache-${i}`);
      times.cold.push((await timeInitialize('npx', npxArgs, { cwd: project, env: env(coldCache) })).ms);
      await rm(coldCache, { recursive: true, force: true });
      times.warm.push((await timeInitialize('npx', npxArgs, { cwd: project, env: env(warmCache) })).ms);
      times.direct.push((await timeInitialize(process.execPath, [bundlePath, 'mcp'], { cwd: project, env: env(warmCache) })).ms);
    }
    const warm = summary(times.warm).median;
    const row = (name, xs, base) => {
      const s = summary(xs);
      return [name, fmtMs(s.median), `${fmtMs(s.min)}–${fmtMs(s.max)}`, base ? ratio(s.median, warm) : '—'];
    };
    const out = [
      `### (4) cold vs warm \`npx --yes ${registry.spec} mcp\` — spawn → initialize response, ${runs} runs each`,
      '',
      `Command: \`node bench/cold-npx.mjs --runs ${runs}\`. Registry: local verdaccio on 127.0.0.1 (no internet latency). Cold = a new empty npm cache every run.`,
      '',
      markdownTable(
        ['start', 'median ms', 'min–max ms', 'vs warm npx'],
        [
          row('npx, warm cache (baseline)', times.warm, false),
          row('npx, cold (empty cache, tarball fetched)', times.cold, true),
          row('node dist/patchbay.mjs mcp (no npx)', times.direct, true),
        ],
      ),
      '',
    ].join('\n');
    process.stdout.write(out + '\n');
    return out;
  } finally {
    await registry.stop();
    await rm(root, { recursive: true, force: true });
  }
}

runIfMain(import.meta.url, main);
