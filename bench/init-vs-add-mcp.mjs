#!/usr/bin/env node
// Bench (2): `patchbay init --yes` registering its server in several hosts, vs add-mcp@<pinned> doing
// the same registrations (add-mcp's non-interactive form, from its --help:
//   add-mcp <pkg> -n <name> --args <arg> -a <agent> … -y).
// Baseline: add-mcp with the same number of hosts, measured in the same run, interleaved run by run so
// machine drift hits both equally. Each run gets a fresh project dir and HOME.
//
//   node bench/init-vs-add-mcp.mjs [--runs 30]
//
// Host sets: the 3-host rows (opencode, claude-code, cursor, project scope) are exactly like for like.
// The 4-host rows are user scope, because patchbay's 4th host, generic ($XDG_CONFIG_HOME/mcp/mcp.json),
// exists only there; add-mcp has no generic agent, so its 4th is vscode (~/.config/Code/User/mcp.json),
// also one small JSON file.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { installTools, repoRoot } from '../scripts/e2e/install-tools.mjs';
import { sandboxEnv } from '../scripts/e2e/sandbox-env.mjs';
import { argValue, canMeasureCpu, goalLine, markdownTable, pairedRuns, progress, timedRun, runIfMain } from './lib/stats.mjs';

// 30, not 10: these compare ~200 ms process runs, and on a shared 2-core VM ten runs per case moved the
// same build's ratio by up to 0.25× between two runs (issue 25 notes).
const runs = Number(argValue(process.argv, '--runs', '30'));
const bundle = path.join(repoRoot, 'dist', 'patchbay.mjs');
const { name: pkgName, version } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
const SPEC = `${pkgName}@${version}`; // what both tools register (npx --yes <SPEC> mcp)
const OC_VERSION = '1.18.33'; // dialect chosen by flag: no `opencode --version` probe in the timing

async function fresh() {
  const root = await mkdtemp(path.join(os.tmpdir(), 'patchbay-bench-init-'));
  const home = path.join(root, 'home');
  const project = path.join(root, 'project');
  await mkdir(home, { recursive: true });
  await mkdir(project, { recursive: true });
  return { root, home, project, env: sandboxEnv({ home }) };
}

/** Files both tools must have written: the three shared hosts, plus each tool's own fourth user-scope host. */
function expectedFiles(box, scope, fourthUserFile) {
  if (scope === 'project') {
    return [path.join(box.project, 'opencode.jsonc'), path.join(box.project, '.mcp.json'), path.join(box.project, '.cursor', 'mcp.json')];
  }
  return [
    path.join(box.home, '.config', 'opencode', 'opencode.jsonc'),
    path.join(box.home, '.claude.json'),
    path.join(box.home, '.cursor', 'mcp.json'),
    fourthUserFile,
  ];
}

function variants(addMcpBin) {
  const pb = (hosts, scope) => ({
    cmd: process.execPath,
    args: (box) => [bundle, 'init', '--yes', '--scope', scope, '--host', hosts.join(','), '--opencode-version', OC_VERSION, box.project],
    expect: (box) => expectedFiles(box, scope, path.join(box.home, '.config', 'mcp', 'mcp.json')),
  });
  const am = (agents, scope) => ({
    cmd: addMcpBin,
    args: () => [SPEC, '-n', 'patchbay', '--args', 'mcp', ...(scope === 'user' ? ['-g'] : []), ...agents.flatMap((a) => ['-a', a]), '-y'],
    expect: (box) => expectedFiles(box, scope, path.join(box.home, '.config', 'Code', 'User', 'mcp.json')),
  });
  return [
    { name: 'node -e 0 (process floor)', group: 0, cmd: process.execPath, args: () => ['-e', '0'], expect: () => [] },
    { name: 'add-mcp, 3 hosts, project scope (baseline)', group: 3, baseline: true, ...am(['opencode', 'claude-code', 'cursor'], 'project') },
    { name: 'patchbay init, 3 hosts, project scope', group: 3, ...pb(['opencode', 'claude-code', 'cursor'], 'project') },
    { name: 'add-mcp -g, 4 hosts (+vscode), user scope (baseline)', group: 4, baseline: true, ...am(['opencode', 'claude-code', 'cursor', 'vscode'], 'user') },
    { name: 'patchbay init --scope user, 4 hosts (+generic)', group: 4, ...pb(['opencode', 'claude-code', 'cursor', 'generic'], 'user') },
  ];
}

async function once(v) {
  const box = await fresh();
  try {
    const r = await timedRun(v.cmd, v.args(box), { cwd: box.project, env: box.env, cpu: true });
    for (const file of v.expect(box)) {
      if (!existsSync(file) || !readFileSync(file, 'utf8').includes(SPEC)) {
        throw new Error(`${v.name}: expected ${file} to hold the ${SPEC} entry. Output:\n${r.out}`);
      }
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
  const { wallMedian, cpuMedian, baseOf, rows } = await pairedRuns(vs, once, { runs, label: 'init-vs-add-mcp' });
  const out = [
    `### (2) init vs add-mcp@${addMcp.version} — wall time per registration run, ${runs} runs (+1 warm-up) each`,
    '',
    `Command: \`node bench/init-vs-add-mcp.mjs --runs ${runs}\`. patchbay: \`node dist/patchbay.mjs init --yes --scope <scope> --host <hosts> --opencode-version ${OC_VERSION} <dir>\`; ` +
      `add-mcp: \`add-mcp ${SPEC} -n patchbay --args mcp [-g] -a <agent>… -y\`. Fresh project + HOME per run; every run's files are checked for the entry.`,
    '',
    `CPU = user+sys of the process (${canMeasureCpu ? '/usr/bin/time, 10 ms resolution' : 'not measured: no /usr/bin/time'}); wall time also holds patchbay's fsync waits, CPU does not.`,
    '',
    markdownTable(['command', 'median ms', 'min–max ms', 'vs baseline', 'CPU median ms', 'CPU vs baseline'], rows),
    '',
    ...vs
      .filter((v) => !v.baseline && v.group > 0)
      .map((v) => {
        const base = baseOf(v);
        const value = wallMedian(v) / wallMedian(base);
        return goalLine({ measure: v.name, value, cpu: cpuMedian(v) / cpuMedian(base), goal: v.group === 3 ? 0.8 : null, baseline: base.name.replace(' (baseline)', ''), script: 'bench/init-vs-add-mcp.mjs' });
      }),
    '',
  ].join('\n');
  process.stdout.write(out + '\n');
  return out;
}

runIfMain(import.meta.url, main);
