#!/usr/bin/env node
// Bench (5): how `patchbay status` scales with the size of the host catalog. The catalog grows as data
// (src/installers/catalog-data.ts + catalog.ts); this bench reads it from the sources at run time
// (esbuild bundles catalog.ts into a temp file), so it measures every supported host without edits
// when more land. Baseline: the same command with `--host <the first 4 catalog hosts>`, same run.
//
// Setup per PATH variant: a fresh HOME, `patchbay init --yes --scope user --host <all>` (so every host
// file exists and holds the entry: status parses them all), then, alternating:
//   status --scope user --host <first 4>     (baseline)
//   status --scope user --host <all N>
//   status --scope user                       (no --host: every host in scope, the default a user runs)
// PATH variants: no host binary on PATH (file work only), and a fake `--version` script for every
// binary name the host records probe (found in src/installers by `binaries: [...]` and
// `probeVersion(ctx, '<bin>')`): a machine with every host installed, where each checked host costs a
// spawned probe.
//
//   node bench/status-scaling.mjs [--runs 30] [--repo <checkout>]   (the checkout must be built)
import { readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { existsSync } from 'node:fs';
import { build } from 'esbuild';
import { argValue, canMeasureCpu, fmtMs, goalLine, markdownTable, progress, ratio, summary, timedRun, runIfMain } from './lib/stats.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
// 30, not 10: these compare ~200 ms process runs, and on a shared 2-core VM ten runs per case moved the
// same build's ratio by up to 0.25× between two runs (issue 25 notes).
const runs = Number(argValue(process.argv, '--runs', '30'));
const repo = path.resolve(argValue(process.argv, '--repo', path.join(here, '..')));
const bundle = path.join(repo, 'dist', 'patchbay.mjs');
const SCOPE = 'user';

/** The catalog as the CLI sees it: supported host ids in order, filtered to those with a file at `scope`. */
async function catalogHosts(tmp, scope) {
  const out = path.join(tmp, 'catalog.mjs');
  await build({
    stdin: { contents: "export { HOST_IDS, hostRecord, supportsScope } from './src/installers/catalog.ts';", resolveDir: repo, loader: 'ts' },
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    mainFields: ['module', 'main'],
    define: { __PATCHBAY_VERSION__: '"0.0.0-bench"', __PATCHBAY_NAME__: '"patchbay-mcp"' },
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    logLevel: 'error',
  });
  const m = await import(pathToFileURL(out).href);
  return m.HOST_IDS.filter((h) => m.supportsScope(m.hostRecord(h), scope));
}

/** Every binary name a host record may probe, from the sources (see the header). */
function probedBinaries() {
  const names = new Set();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.name.endsWith('.ts')) {
        const text = readFileSync(p, 'utf8');
        for (const m of text.matchAll(/probeVersion\(\s*ctx\s*,\s*'([^']+)'/g)) names.add(m[1]);
        for (const m of text.matchAll(/binaries:\s*\[([^\]]*)\]/g)) for (const b of m[1].matchAll(/'([^']+)'/g)) names.add(b[1]);
      }
    }
  };
  walk(path.join(repo, 'src', 'installers'));
  return [...names].sort();
}

const FAKE_VERSIONS = { opencode: '1.18.33', claude: '2.1.332 (Claude Code)' };

async function setup(root, binaries) {
  const home = path.join(root, 'home');
  const project = path.join(root, 'project');
  const bin = path.join(root, 'bin');
  for (const dir of [home, project, bin]) await mkdir(dir, { recursive: true });
  for (const name of binaries) {
    const file = path.join(bin, name);
    await writeFile(file, `#!/bin/sh\necho '${FAKE_VERSIONS[name] ?? '1.0.0'}'\n`);
    await chmod(file, 0o755);
  }
  const env = {
    PATH: bin,
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_STATE_HOME: path.join(home, '.local', 'state'),
    XDG_CACHE_HOME: path.join(home, '.cache'),
    PATCHBAY_STATE_DIR: path.join(home, '.local', 'state', 'patchbay'),
    NO_COLOR: '1',
  };
  return { home, project, env };
}

export async function main() {
  if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run npm run build first`);
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'patchbay-bench-status-'));
  try {
    const all = await catalogHosts(tmp, SCOPE);
    const first4 = all.slice(0, 4);
    const binaries = probedBinaries();
    const sections = [];
    const summaryRows = [];
    const goals = [];
    for (const variant of [
      { name: 'no host binary on PATH', binaries: [] },
      { name: `every probed binary on PATH (${binaries.length} fake \`--version\` scripts)`, binaries },
    ]) {
      const box = await setup(path.join(tmp, variant.binaries.length ? 'with-bins' : 'no-bins'), variant.binaries);
      const init = await timedRun(process.execPath, [bundle, 'init', '--yes', '--scope', SCOPE, '--host', all.join(','), box.project], { cwd: box.project, env: box.env });
      if (!/Done|Nothing to do/.test(init.out)) throw new Error(`init did not register every host:\n${init.out}`);
      const commands = [
        { name: `status --host <first ${first4.length}> (baseline)`, args: ['--host', first4.join(',')], xs: [], cpu: [] },
        { name: `status --host <all ${all.length}>`, args: ['--host', all.join(',')], xs: [], cpu: [] },
        { name: 'status (no --host: every host in scope)', args: [], xs: [], cpu: [] },
      ];
      const once = (c) => timedRun(process.execPath, [bundle, 'status', '--scope', SCOPE, ...c.args, box.project], { cwd: box.project, env: box.env, cpu: true });
      for (const c of commands) await once(c); // warm-up
      for (let i = 0; i < runs; i++) {
        progress(`status-scaling (${variant.name}): run ${i + 1}/${runs}`);
        for (const c of commands) {
          const r = await once(c);
          c.xs.push(r.ms);
          if (r.cpuMs !== undefined) c.cpu.push(r.cpuMs);
        }
      }
      const base = summary(commands[0].xs).median;
      const cpuOf = (c) => (c.cpu.length ? summary(c.cpu).median : NaN);
      const rows = commands.map((c, i) => {
        const s = summary(c.xs);
        return [c.name, fmtMs(s.median), `${fmtMs(s.min)}–${fmtMs(s.max)}`, i === 0 ? '—' : ratio(s.median, base), canMeasureCpu ? fmtMs(cpuOf(c)) : 'n/a', i === 0 || !canMeasureCpu ? '—' : ratio(cpuOf(c), cpuOf(commands[0]))];
      });
      summaryRows.push([variant.name, rows[0][1], rows[1][1], rows[1][3], rows[2][1], rows[2][3]]);
      goals.push(
        goalLine({
          measure: `status, all ${all.length} catalog hosts vs first ${first4.length} (${variant.binaries.length ? 'every host binary on PATH' : 'no host binary on PATH'})`,
          value: summary(commands[1].xs).median / base,
          cpu: cpuOf(commands[1]) / cpuOf(commands[0]),
          goal: 1.3,
          baseline: `\`status --host <first ${first4.length}>\``,
          script: 'bench/status-scaling.mjs',
        }),
      );
      sections.push(`${variant.name}:`, '', markdownTable(['command', 'median ms', 'min–max ms', 'vs baseline', 'CPU median ms', 'CPU vs baseline'], rows), '');
    }
    const out = [
      `### (5) \`status\` over the whole catalog (${all.length} hosts at ${SCOPE} scope) vs the first ${first4.length}, ${runs} runs each (alternating, +1 warm-up)`,
      '',
      `Command: \`node bench/status-scaling.mjs --runs ${runs}\`. Each: \`node dist/patchbay.mjs status --scope ${SCOPE} [--host …] <dir>\` after \`init --yes --scope ${SCOPE} --host <all>\` in a fresh HOME. ` +
        `Hosts: ${all.join(', ')}. Probed binaries: ${binaries.join(', ') || 'none'}.`,
      '',
      markdownTable(['PATH', `first ${first4.length} ms (baseline)`, `all ${all.length} ms`, 'all vs baseline', 'no --host ms', 'no --host vs baseline'], summaryRows),
      '',
      ...sections,
      ...goals,
      '',
    ].join('\n');
    process.stdout.write(out + '\n');
    return out;
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

runIfMain(import.meta.url, main);
