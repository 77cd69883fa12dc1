#!/usr/bin/env node
// Bench (6): user-scope commands on a 56 MB ~/.claude.json (bench/lib/claude-home.mjs: Claude Code's
// shape, thousands of `projects` with prompt history, 2-space JSON). Long-time Claude Code users have
// files this size, and `init --scope user` must read, check and edit it.
// Baseline, same run: one JSON.parse of the file —
//   process: `node -e "JSON.parse(readFileSync(f, 'utf8'))"` (node start + read + parse: the same
//            footing as a CLI run), and
//   in-process: JSON.parse of the text already in memory (median), for scale.
// Rows (each a whole `node dist/patchbay.mjs` process, fresh copy of the file per run):
//   init --dry-run    read + parse + plan + diff, no writes
//   init              the real thing: plan, journal with the prior bytes (fsync), temp + fsync + rename
//   status            read + parse + state
//   uninstall         after an (untimed) init: plan the removal, journal, write
//
//   node bench/user-file-56mb.mjs [--runs 3] [--mb 56]
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateClaudeJson } from './lib/claude-home.mjs';
import { argValue, fmtBytes, fmtMs, goalLine, markdownTable, progress, ratio, summary, timedRun, runIfMain } from './lib/stats.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const bundle = path.join(here, '..', 'dist', 'patchbay.mjs');
const runs = Number(argValue(process.argv, '--runs', '3'));
const mb = Number(argValue(process.argv, '--mb', '56'));

export async function main() {
  if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run npm run build first`);
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'patchbay-bench-userfile-'));
  try {
    progress(`user-file-56mb: generating a ${mb} MB ~/.claude.json`);
    const master = path.join(tmp, 'claude.json');
    await writeFile(master, generateClaudeJson(mb * 1024 * 1024));
    const text = await readFile(master, 'utf8');
    const bytes = Buffer.byteLength(text);

    const home = path.join(tmp, 'home');
    const project = path.join(tmp, 'project');
    await mkdir(project, { recursive: true });
    const env = {
      PATH: path.dirname(process.execPath),
      HOME: home,
      XDG_CONFIG_HOME: path.join(home, '.config'),
      XDG_STATE_HOME: path.join(home, '.local', 'state'),
      PATCHBAY_STATE_DIR: path.join(tmp, 'state'),
      NO_COLOR: '1',
    };
    const target = path.join(home, '.claude.json');
    /** A fresh HOME holding only the big file, and an empty state dir (journals of earlier runs removed: not timed). */
    const fresh = async () => {
      await rm(home, { recursive: true, force: true });
      await rm(env.PATCHBAY_STATE_DIR, { recursive: true, force: true });
      await mkdir(home, { recursive: true });
      await copyFile(master, target);
    };
    const cli = (...args) => [bundle, ...args, project];
    const variants = [
      { name: '`node -e "JSON.parse(readFileSync(f))"` (baseline)', args: ['-e', `JSON.parse(require('node:fs').readFileSync(${JSON.stringify(target)}, 'utf8'))`], xs: [] },
      { name: '`patchbay init --yes --scope user --host claude-code --dry-run`', args: cli('init', '--yes', '--scope', 'user', '--host', 'claude-code', '--dry-run'), xs: [] },
      { name: '`patchbay init --yes --scope user --host claude-code`', args: cli('init', '--yes', '--scope', 'user', '--host', 'claude-code'), xs: [], check: true },
      { name: '`patchbay status --scope user --host claude-code`', args: cli('status', '--scope', 'user', '--host', 'claude-code'), xs: [], allowFail: true },
      // Issue #10 item 12: uninstall on the same file (the entry is installed first, untimed).
      { name: '`patchbay uninstall --yes --scope user --host claude-code`', args: cli('uninstall', '--yes', '--scope', 'user', '--host', 'claude-code'), xs: [], setup: cli('init', '--yes', '--scope', 'user', '--host', 'claude-code') },
    ];
    const once = async (v) => {
      await fresh();
      if (v.setup) await timedRun(process.execPath, v.setup, { cwd: project, env, timeoutMs: 600_000 });
      const r = await timedRun(process.execPath, v.args, { cwd: project, env, allowFail: v.allowFail ?? false, timeoutMs: 600_000 });
      if (v.check) {
        const after = await readFile(target, 'utf8');
        if (!after.includes('patchbay-mcp@')) throw new Error(`init did not write the entry:\n${r.out.slice(-2000)}`);
      }
      return r.ms;
    };
    for (const v of variants) await once(v); // warm-up (page cache)
    for (let i = 0; i < runs; i++) {
      progress(`user-file-56mb: run ${i + 1}/${runs}`);
      for (const v of variants) v.xs.push(await once(v));
    }
    const parseXs = [];
    for (let i = 0; i <= runs; i++) {
      const t = process.hrtime.bigint();
      JSON.parse(text);
      if (i > 0) parseXs.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    const inProcess = summary(parseXs).median;
    const base = summary(variants[0].xs).median;
    const rows = variants.map((v, i) => {
      const s = summary(v.xs);
      return [v.name, fmtMs(s.median), `${fmtMs(s.min)}–${fmtMs(s.max)}`, i === 0 ? '—' : ratio(s.median, base), ratio(s.median, inProcess)];
    });
    rows.unshift(['JSON.parse of the text, in this process (context)', fmtMs(inProcess), `${fmtMs(Math.min(...parseXs))}–${fmtMs(Math.max(...parseXs))}`, '—', '1.00×']);
    const out = [
      `### (6) a ${fmtBytes(bytes)} ~/.claude.json: init and status vs one JSON.parse, ${runs} runs each (+1 warm-up)`,
      '',
      `Command: \`node bench/user-file-56mb.mjs --runs ${runs} --mb ${mb}\`. File: bench/lib/claude-home.mjs (generated, Claude Code's shape). ` +
        'Every CLI row is a whole process with a fresh copy of the file and an empty state dir; `init` writes a journal holding the prior bytes and fsyncs.',
      '',
      markdownTable(['command', 'median ms', 'min–max ms', 'vs `node -e JSON.parse` (process)', 'vs in-process JSON.parse'], rows),
      '',
      goalLine({ measure: `init --scope user on a ${fmtBytes(bytes)} ~/.claude.json`, value: summary(variants[2].xs).median / base, goal: 3, baseline: 'node -e JSON.parse(readFileSync(f)) (process)', script: 'bench/user-file-56mb.mjs' }),
      goalLine({ measure: `uninstall --scope user on a ${fmtBytes(bytes)} ~/.claude.json`, value: summary(variants[4].xs).median / base, goal: 3, baseline: 'node -e JSON.parse(readFileSync(f)) (process)', script: 'bench/user-file-56mb.mjs' }),
      goalLine({ measure: `init --scope user on a ${fmtBytes(bytes)} ~/.claude.json, vs in-process JSON.parse`, value: summary(variants[2].xs).median / inProcess, goal: 3, baseline: 'JSON.parse of the text in memory', script: 'bench/user-file-56mb.mjs' }),
      '',
    ].join('\n');
    process.stdout.write(out + '\n');
    return out;
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

runIfMain(import.meta.url, main);
