#!/usr/bin/env node
// Bench (9): adding one stdio server to Claude Code + Cursor + VS Code (project scope), and listing the
// servers of those files, patchbay vs add-mcp@<pinned> (issue 25: "add ≤ 0.80× and list ≤ 0.80× add-mcp
// on the same files"). Both write the same launch: `npx -y <PKG> .`.
//   add:  patchbay add fs --host claude-code,cursor,vscode --yes -- npx -y <PKG> .
//         add-mcp <PKG> -n fs --args . -a claude-code -a cursor -a vscode -y
//   list: patchbay list --host claude-code,cursor,vscode   vs   add-mcp list -a claude-code -a cursor -a vscode
//         on a project where the add above already ran (set up untimed, per run, by the same tool).
// Baseline: add-mcp, measured in the same run, interleaved run by run. Each run gets a fresh project and HOME.
//
//   node bench/add-list-vs-add-mcp.mjs [--runs 30]
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { installTools, repoRoot } from '../scripts/e2e/install-tools.mjs';
import { sandboxEnv } from '../scripts/e2e/sandbox-env.mjs';
import { argValue, goalLine, markdownTable, pairedRuns, progress, timedRun, runIfMain } from './lib/stats.mjs';

// 30, not 10: these compare ~200 ms process runs, and on a shared 2-core VM ten runs per case moved the
// same build's ratio by up to 0.25× between two runs (issue 25 notes).
const runs = Number(argValue(process.argv, '--runs', '30'));
const bundle = path.join(repoRoot, 'dist', 'patchbay.mjs');
const PKG = '@modelcontextprotocol/server-filesystem@2025.8.21';
const HOSTS = ['claude-code', 'cursor', 'vscode'];

async function fresh() {
  const root = await mkdtemp(path.join(os.tmpdir(), 'patchbay-bench-add-'));
  const home = path.join(root, 'home');
  const project = path.join(root, 'project');
  await mkdir(home, { recursive: true });
  await mkdir(project, { recursive: true });
  return { root, home, project, env: sandboxEnv({ home }) };
}

const files = (box) => [path.join(box.project, '.mcp.json'), path.join(box.project, '.cursor', 'mcp.json'), path.join(box.project, '.vscode', 'mcp.json')];

function variants(addMcpBin) {
  const pbAdd = { cmd: process.execPath, args: () => [bundle, 'add', 'fs', '--host', HOSTS.join(','), '--yes', '--', 'npx', '-y', PKG, '.'] };
  const amAdd = { cmd: addMcpBin, args: () => [PKG, '-n', 'fs', '--args', '.', ...HOSTS.flatMap((a) => ['-a', a]), '-y'] };
  return [
    { name: 'add-mcp add, 3 hosts (baseline)', group: 'add', baseline: true, ...amAdd, check: 'files' },
    { name: 'patchbay add, 3 hosts', group: 'add', ...pbAdd, check: 'files' },
    { name: 'add-mcp list, 3 hosts (baseline)', group: 'list', baseline: true, setup: amAdd, cmd: addMcpBin, args: () => ['list', ...HOSTS.flatMap((a) => ['-a', a])], check: 'output' },
    { name: 'patchbay list, 3 hosts', group: 'list', setup: pbAdd, cmd: process.execPath, args: () => [bundle, 'list', '--host', HOSTS.join(',')], check: 'output' },
  ];
}

async function once(v) {
  const box = await fresh();
  try {
    if (v.setup) {
      const s = await timedRun(v.setup.cmd, v.setup.args(box), { cwd: box.project, env: box.env });
      if (!files(box).every((f) => existsSync(f))) throw new Error(`${v.name}: set-up wrote no host files. Output:\n${s.out}`);
    }
    const r = await timedRun(v.cmd, v.args(box), { cwd: box.project, env: box.env, cpu: true });
    if (v.check === 'files') {
      for (const file of files(box)) {
        if (!existsSync(file) || !readFileSync(file, 'utf8').includes(PKG)) throw new Error(`${v.name}: expected ${file} to hold ${PKG}. Output:\n${r.out}`);
      }
    } else if (!r.out.includes('fs')) {
      throw new Error(`${v.name}: the listing does not name the server fs. Output:\n${r.out}`);
    }
    return r;
  } finally {
    await rm(box.root, { recursive: true, force: true });
  }
}

export async function main() {
  if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run npm run build first`);
  const [addMcp] = await installTools({ names: ['add-mcp'], log: progress });
  const vs = variants(addMcp.bin);
  const { wallMedian, cpuMedian, baseOf, rows } = await pairedRuns(vs, once, { runs, label: 'add-list-vs-add-mcp' });
  const out = [
    `### (9) add and list vs add-mcp@${addMcp.version}, 3 hosts, project scope, ${runs} runs (+1 warm-up) each`,
    '',
    `Command: \`node bench/add-list-vs-add-mcp.mjs --runs ${runs}\`. Both write \`npx -y ${PKG} .\` as \`fs\` into .mcp.json, .cursor/mcp.json and .vscode/mcp.json; ` +
      'every add run checks the three files, every list run that the server is named. CPU = user+sys of the process.',
    '',
    markdownTable(['command', 'median ms', 'min–max ms', 'vs baseline', 'CPU median ms', 'CPU vs baseline'], rows),
    '',
    ...vs.filter((v) => !v.baseline).map((v) => {
      const base = baseOf(v);
      return goalLine({ measure: v.name, value: wallMedian(v) / wallMedian(base), cpu: cpuMedian(v) / cpuMedian(base), goal: 0.8, baseline: base.name.replace(' (baseline)', ''), script: 'bench/add-list-vs-add-mcp.mjs' });
    }),
    '',
  ].join('\n');
  process.stdout.write(out + '\n');
  return out;
}

runIfMain(import.meta.url, main);
