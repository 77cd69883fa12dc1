#!/usr/bin/env node
// Bench (3): how the install edit scales with the size of the host file. Generated OpenCode configs of
// 10 KB, 1 MB and 10 MB (comments, trailing commas: bench/lib/generate-config.mjs).
//
// Layer A, in-process: patchbay's own JSONC code (src/installers/jsonc, bundled on the fly with esbuild)
//   doing what an install does to the text — parseDocument (tree + comment/duplicate/strictness scan),
//   detectFormat, insertAt(["mcp","patchbay"], managed V1 entry). Baseline: jsonc-parser's bare
//   parseTree of the same text (the floor any JSONC-aware editor pays), measured in the same run.
// Layer B, whole CLI: `patchbay init --yes --host opencode --opencode-version 1.18.33 --dry-run` on the
//   same file (process start + detect + plan + diff; writes nothing). Skipped with a note if the CLI
//   does not support it yet.
//
//   node bench/edit-scaling.mjs [--runs 20]
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { repoRoot } from '../scripts/e2e/install-tools.mjs';
import { sandboxEnv } from '../scripts/e2e/sandbox-env.mjs';
import { generateOpencodeConfig } from './lib/generate-config.mjs';
import { argValue, fmtBytes, fmtMs, goalLine, markdownTable, progress, ratio, summary, timedRun, runIfMain } from './lib/stats.mjs';

const baseRuns = Number(argValue(process.argv, '--runs', '20'));
const SIZES = [10 * 1024, 1024 * 1024, 10 * 1024 * 1024];
// Fewer repetitions for the big file: each 10 MB run takes long enough to be stable on its own.
const runsFor = (bytes) => (bytes >= 10 * 1024 * 1024 ? Math.max(3, Math.ceil(baseRuns / 4)) : baseRuns);
const bundle = path.join(repoRoot, 'dist', 'patchbay.mjs');

async function loadEditCode(tmp) {
  const outfile = path.join(tmp, 'edit-bundle.mjs');
  await build({
    stdin: {
      contents: [
        "export { parseDocument } from './src/installers/jsonc/parse.ts';",
        "export { insertAt } from './src/installers/jsonc/edit.ts';",
        "export { detectFormat } from './src/installers/text/text.ts';",
        "export { managedEntry } from './src/installers/entry.ts';",
        "export { parseTree } from 'jsonc-parser';",
        "export { createHostContext, planAction } from './src/installers/index.ts';",
      ].join('\n'),
      resolveDir: repoRoot,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    define: { __PATCHBAY_VERSION__: '"0.0.0-bench"', __PATCHBAY_NAME__: '"patchbay-mcp"' },
    // jsonc-parser's UMD build uses require(): prefer its ESM build, and give the bundle a real require
    // for anything else (the same trick as scripts/build.mjs).
    mainFields: ['module', 'main'],
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    logLevel: 'error',
  });
  return import(pathToFileURL(outfile).href);
}

function timeInProcess(fn, runs) {
  fn(); // warm-up (JIT)
  const xs = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    fn();
    xs.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return summary(xs);
}

async function timeAsync(fn, runs) {
  await fn(); // warm-up (JIT)
  const xs = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    await fn();
    xs.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return summary(xs);
}

/**
 * Layer A2: the real planner on the file in a temp project — what `init --host opencode` computes before
 * it shows a diff: read, parse, checks, the edit, the Plan (hashes, before/after). Null when the
 * planner's API changed under this bench (the row then says so instead of failing the run).
 */
async function planTimer(code, tmp, bytes, text) {
  if (typeof code.planAction !== 'function' || typeof code.createHostContext !== 'function') return null;
  const project = path.join(tmp, `plan-${bytes}`);
  await mkdir(project, { recursive: true });
  await writeFile(path.join(project, 'opencode.jsonc'), text);
  const ctx = code.createHostContext({ projectDir: project, env: { PATH: '' }, home: path.join(tmp, 'home'), platform: process.platform });
  const request = { action: 'init', hosts: ['opencode'], scope: 'project', version: '0.0.0-bench', opencodeVersion: '1.18.33' };
  return async () => {
    const result = await code.planAction(ctx, request);
    if (result.diagnostics.some((d) => d.severity === 'error') || result.plan.changes?.length === 0) {
      throw new Error(`planAction did not plan one clean edit: ${JSON.stringify(result.diagnostics).slice(0, 300)}`);
    }
  };
}

export async function main() {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'patchbay-bench-edit-'));
  try {
    const code = await loadEditCode(tmp);
    const entry = code.managedEntry('opencode-v1', '0.0.0-bench', process.platform);
    const rowsA = [];
    const rowsB = [];
    let firstA;
    let firstB;
    let planNote = '';
    const goals = [];
    const cliOk = existsSync(bundle);
    let cliNote = cliOk ? '' : 'dist/patchbay.mjs missing (run npm run build)';
    for (const bytes of SIZES) {
      const text = generateOpencodeConfig(bytes);
      const runs = runsFor(bytes);
      progress(`edit-scaling: ${fmtBytes(text.length)} × ${runs} runs`);
      const edit = () => {
        const doc = code.parseDocument(text, { strict: false });
        if (doc.diagnostics.some((d) => d.severity === 'error')) throw new Error('generated config did not parse cleanly');
        const out = code.insertAt(doc.split.body, ['mcp', 'patchbay'], entry, code.detectFormat(text));
        if (out.length <= text.length) throw new Error('insertAt did not insert');
      };
      const base = timeInProcess(() => code.parseTree(text), runs);
      const ours = timeInProcess(edit, runs);
      firstA ??= ours.median;
      let planCells = ['n/a', 'n/a'];
      try {
        const plan = await planTimer(code, tmp, bytes, text);
        if (plan) {
          const p = await timeAsync(plan, runs);
          planCells = [fmtMs(p.median), ratio(p.median, base.median)];
          if (bytes >= 1024 * 1024) {
            goals.push(goalLine({ measure: `edit path (plan) on ${fmtBytes(text.length)} JSONC`, value: p.median / base.median, goal: 1.5, baseline: 'jsonc-parser parseTree', script: 'bench/edit-scaling.mjs' }));
          }
        }
      } catch (err) {
        planNote = `planAction failed: ${String(err.message).split('\n')[0]}`;
      }
      rowsA.push([fmtBytes(text.length), fmtMs(base.median), fmtMs(ours.median), ratio(ours.median, base.median), ...planCells, ratio(ours.median, firstA), String(runs)]);

      if (!cliNote) {
        const root = path.join(tmp, `cli-${bytes}`);
        const home = path.join(root, 'home');
        const project = path.join(root, 'project');
        await mkdir(home, { recursive: true });
        await mkdir(project, { recursive: true });
        await writeFile(path.join(project, 'opencode.jsonc'), text);
        const env = sandboxEnv({ home });
        const args = [bundle, 'init', '--yes', '--host', 'opencode', '--opencode-version', '1.18.33', '--dry-run', project];
        const xs = [];
        try {
          for (let i = 0; i <= runs; i++) {
            const r = await timedRun(process.execPath, args, { cwd: project, env });
            if (i > 0) xs.push(r.ms); // first run is a warm-up
          }
          const s = summary(xs);
          firstB ??= s.median;
          rowsB.push([fmtBytes(text.length), fmtMs(s.median), `${fmtMs(s.min)}–${fmtMs(s.max)}`, ratio(s.median, firstB), String(runs)]);
        } catch (err) {
          cliNote = `CLI dry-run failed: ${String(err.message).split('\n').slice(0, 3).join(' ')}`;
        }
      }
    }
    const out = [
      '### (3) install-edit scaling with host-file size (generated OpenCode JSONC with comments)',
      '',
      `Command: \`node bench/edit-scaling.mjs --runs ${baseRuns}\`.`,
      '',
      'A. In-process (src/ bundled by esbuild). Edit: parseDocument + detectFormat + insertAt of the V1 entry (src/installers/jsonc). ' +
        'Plan: `planAction` init for opencode on the file in a temp project (read, parse, checks, edit, the Plan with hashes) — what init computes before its diff. ' +
        'Baseline: `jsonc-parser` `parseTree` of the same text, same run.',
      '',
      markdownTable(['file size', 'baseline parseTree ms', 'edit ms', 'edit vs baseline', 'plan ms', 'plan vs baseline', 'edit growth vs 10 KB', 'runs'], rowsA),
      ...(planNote ? ['', `_plan: ${planNote}_`] : []),
      '',
      'B. Whole CLI: `node dist/patchbay.mjs init --yes --host opencode --opencode-version 1.18.33 --dry-run <dir>` (process start included).',
      '',
      cliNote ? `_not measured: ${cliNote}_` : markdownTable(['file size', 'median ms', 'min–max ms', 'growth vs 10 KB', 'runs'], rowsB),
      '',
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
