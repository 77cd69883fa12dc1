#!/usr/bin/env node
// Bench: TOML and YAML edits are linear in the size of the host file (issue 24: a 4 MB config.toml
// took 56 s for add + remove in 0.2, a 20 MB one did not finish). For Codex (TOML, project file) and
// Goose (YAML, user file), `patchbay add … --dry-run` (process start + detect + parse + plan + diff)
// on generated files of 1 MB and 4 MB; the baseline is the 1 MB run of the same format, measured in
// the same run, so the ratio (4 MB / 1 MB: 4.0× is linear) says how it scales. Peak memory is the
// child's max RSS from /usr/bin/time where the machine has it. Nothing here gates CI.
//
//   node bench/format-scaling.mjs [--runs 5]
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { argValue, fmtMs, markdownTable, progress, summary, timedRun, runIfMain } from './lib/stats.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const bundle = path.join(root, 'dist', 'patchbay.mjs');
const MB = 1_000_000;

function tomlOf(bytes) {
  const parts = ['model = "o3"\n# generated\n'];
  for (let i = 0, n = 0; n < bytes; i++) {
    const s = `[mcp_servers.s${i}]\ncommand = "node"\nargs = ["server-${i}.js", "--port", "${i}"]\n# server ${i}\n[mcp_servers.s${i}.env]\nKEY_${i} = "value-${i}"\n\n`;
    parts.push(s);
    n += s.length;
  }
  return parts.join('');
}

function yamlOf(bytes) {
  const parts = ['# generated\nextensions:\n'];
  for (let i = 0, n = 0; n < bytes; i++) {
    const s = `  s${i}:\n    type: stdio\n    cmd: node\n    args:\n      - server-${i}.js\n      - --port\n      - "${i}"\n    enabled: true # server ${i}\n    envs:\n      KEY_${i}: value-${i}\n`;
    parts.push(s);
    n += s.length;
  }
  return parts.join('');
}

const FORMATS = [
  { name: 'TOML (Codex, .codex/config.toml)', host: 'codex', scope: 'project', file: (p, h) => path.join(p, '.codex', 'config.toml'), make: tomlOf },
  { name: 'YAML (Goose, ~/.config/goose/config.yaml)', host: 'goose', scope: 'user', file: (p, h) => path.join(h, '.config', 'goose', 'config.yaml'), make: yamlOf },
];

function maxRssKb(args, env, cwd) {
  if (!existsSync('/usr/bin/time')) return undefined;
  const r = spawnSync('/usr/bin/time', ['-f', 'PBRSS %M', process.execPath, ...args], { env, cwd, encoding: 'utf8' });
  const m = /PBRSS (\d+)/.exec(r.stderr ?? '');
  return m ? Number(m[1]) : undefined;
}

async function main() {
  const runs = Number(argValue(process.argv, '--runs', '5'));
  if (!existsSync(bundle)) throw new Error('build first: npm run build');
  const rows = [];
  for (const format of FORMATS) {
    const results = [];
    for (const size of [1 * MB, 4 * MB]) {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'pb-format-scaling-'));
      const project = path.join(dir, 'project');
      const home = path.join(dir, 'home');
      const file = format.file(project, home);
      await mkdir(path.dirname(file), { recursive: true });
      await mkdir(home, { recursive: true });
      await mkdir(project, { recursive: true });
      await writeFile(file, format.make(size));
      const env = { ...process.env, HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), PATCHBAY_STATE_DIR: path.join(dir, 'state'), NO_COLOR: '1' };
      const args = [bundle, 'add', 'zz', '--host', format.host, '--scope', format.scope, '--dry-run', '--', 'node', 'z.js'];
      const times = [];
      for (let r = 0; r < runs; r++) {
        progress(`${format.host} ${size / MB} MB run ${r + 1}/${runs}`);
        times.push((await timedRun(process.execPath, args, { cwd: project, env, timeoutMs: 300_000 })).ms);
      }
      results.push({ size, ms: summary(times).median, rss: maxRssKb(args, env, project) });
      await rm(dir, { recursive: true, force: true });
    }
    const [one, four] = results;
    rows.push([format.name, `${fmtMs(one.ms)} ms`, `${fmtMs(four.ms)} ms`, `${(four.ms / one.ms).toFixed(2)}×`,
      one.rss ? `${(one.rss / 1024).toFixed(0)} MB` : 'n/a', four.rss ? `${(four.rss / 1024).toFixed(0)} MB` : 'n/a']);
  }
  process.stdout.write(`${markdownTable(['format', 'add --dry-run, 1 MB (baseline)', '4 MB', '4 MB / 1 MB', 'max RSS 1 MB', 'max RSS 4 MB'], rows)}\n`);
}

runIfMain(import.meta.url, main);
