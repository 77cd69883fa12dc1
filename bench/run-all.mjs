#!/usr/bin/env node
// `npm run bench`: runs every benchmark in sequence (never in parallel: this is a 2-core box), prints
// each one's markdown, and writes them all to bench/results.md with the command, date and machine.
// Contract for a bench script: markdown on stdout, progress on stderr, exit 0 on success. Absolute
// times are machine facts, not gates — nothing here fails CI because a number is "too slow".
//
//   node bench/run-all.mjs [--runs N] [--only name,name] [--merge]   (names: see BENCHES below)
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { argValue, machineInfo, progress } from './lib/stats.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const BENCHES = [
  { name: 'mcp-startup', file: 'mcp-startup.mjs', title: '(1) MCP server startup' },
  { name: 'init-vs-add-mcp', file: 'init-vs-add-mcp.mjs', title: '(2) init vs add-mcp' },
  { name: 'add-list-vs-add-mcp', file: 'add-list-vs-add-mcp.mjs', title: '(9) add and list vs add-mcp' },
  { name: 'edit-scaling', file: 'edit-scaling.mjs', title: '(3) edit scaling' },
  { name: 'cold-npx', file: 'cold-npx.mjs', title: '(4) cold vs warm npx' },
  { name: 'redact-plan', file: 'redact-plan.mjs', title: '(5) redaction and plan on big or hostile host files' },
  { name: 'status-scaling', file: 'status-scaling.mjs', title: '(6) status over the whole catalog' },
  // Big files: fewer runs than the others unless --runs says otherwise (each run parses 56 MB several times).
  { name: 'user-file-56mb', file: 'user-file-56mb.mjs', title: '(7) a 56 MB ~/.claude.json', runsArgs: (n) => ['--runs', String(Math.max(1, Math.ceil(n / 3)))] },
  // TOML and YAML at 1 and 4 MB: seconds per run, so a third of the runs as well.
  { name: 'format-scaling', file: 'format-scaling.mjs', title: '(8) TOML and YAML edits, 1 MB vs 4 MB', runsArgs: (n) => ['--runs', String(Math.max(1, Math.ceil(n / 3)))] },
];

/** The `<!-- goal {...} -->` lines a bench printed (bench/lib/stats.mjs goalLine). */
function goalsIn(text) {
  const goals = [];
  for (const m of text.matchAll(/<!-- goal (\{.*?\}) -->/g)) {
    try {
      goals.push(JSON.parse(m[1]));
    } catch {
      // a malformed line is left out of the summary; the bench's own section still shows its numbers
    }
  }
  return goals;
}

// A bench that prints plain text rather than markdown is kept verbatim in a fenced block under a heading.
function asMarkdown(b, out) {
  const text = out.trim();
  if (/^(#|\|)/m.test(text)) return text;
  return [`### ${b.title}`, '', '```', text, '```'].join('\n');
}

function runBench(file, args) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [path.join(here, file), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      process.stdout.write(d);
    });
    child.on('close', (code) => resolve({ code: code ?? -1, out, seconds: (Date.now() - started) / 1000 }));
  });
}

const runs = argValue(process.argv, '--runs', undefined);
const only = argValue(process.argv, '--only', undefined)?.split(',');
// --merge: a bench not run now (not in --only, or failed) keeps its section from the current
// results.md, marked with the date of the run that produced it, instead of disappearing.
const merge = process.argv.includes('--merge');
const resultsFile = path.join(here, 'results.md');

/** The sections of a results.md this script wrote, by bench name (between <!-- bench:NAME --> markers). */
function previousSections() {
  const found = new Map();
  if (!merge || !existsSync(resultsFile)) return found;
  const text = readFileSync(resultsFile, 'utf8');
  const date = /Date: (\S+)\./.exec(text)?.[1] ?? 'an earlier run';
  for (const m of text.matchAll(/<!-- bench:([\w-]+) -->\n([\s\S]*?)<!-- \/bench -->/g)) {
    const body = m[2].includes('_(kept from') ? m[2] : m[2].replace(/\n*$/, `\n\n_(kept from the run of ${date}: not run this time)_\n`);
    found.set(m[1], body);
  }
  return found;
}
const previous = previousSections();
const section = (name, body) => [`<!-- bench:${name} -->`, body.replace(/\n*$/, ''), '<!-- /bench -->', ''];
const m = machineInfo();
const command = `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;
const sections = [
  '# patchbay benchmarks',
  '',
  `Command: \`${command}\` (bench/run-all.mjs). Date: ${m.date}.`,
  `Machine: ${m.nproc} cores (nproc), ${m.cpu}, ${m.memGiB} GiB RAM, ${m.platform}, node ${m.node}.`,
  'Medians; ratios are against a baseline measured in the same run. Absolute times vary with the machine and are never a CI gate.',
  `Load average (1/5/15 min) at the start: ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}; at the end: LOAD_AT_END.`,
  '',
];
const headerLength = sections.length;
let failed = 0;
const goals = [];
const keep = (b) => {
  const old = previous.get(b.name);
  if (old === undefined) return false;
  goals.push(...goalsIn(old).map((g) => ({ ...g, kept: true })));
  sections.push(...section(b.name, old));
  return true;
};
for (const b of BENCHES) {
  if (only && !only.includes(b.name)) {
    keep(b);
    continue;
  }
  if (!existsSync(path.join(here, b.file))) {
    sections.push(...section(b.name, `### ${b.name}\n\n_not run: bench/${b.file} does not exist yet_`));
    progress(`run-all: skipping ${b.name} (bench/${b.file} missing)`);
    continue;
  }
  progress(`run-all: ${b.name}`);
  const r = await runBench(b.file, runs ? (b.runsArgs ?? ((n) => ['--runs', n]))(runs) : []);
  if (r.code !== 0) {
    failed++;
    const how = r.code === -1 ? 'killed by a signal' : `exit ${r.code}`;
    if (!keep(b)) sections.push(...section(b.name, `### ${b.name}\n\n_failed (${how}); see the run's stderr_`));
    else progress(`run-all: ${b.name} failed (${how}); kept its previous section`);
  } else {
    goals.push(...goalsIn(r.out));
    sections.push(...section(b.name, `${asMarkdown(b, r.out)}\n\n_(${b.name} took ${r.seconds.toFixed(0)} s)_`));
  }
}
// The goals first: each ratio against its baseline from the same run, and the goal it is held to.
const goalRows = goals.map((g) => {
  const met = g.goal == null ? '—' : g.value <= g.goal ? 'met' : 'NOT met';
  const cpu = g.cpu == null ? '—' : `${g.cpu.toFixed(2)}×`;
  const measure = g.kept ? `${g.measure} (kept from an earlier run, see its section)` : g.measure;
  return `| ${measure} | ${g.baseline} | ${g.value.toFixed(2)}× | ${cpu} | ${g.goal == null ? '—' : `≤ ${g.goal}×`} | ${met} | \`${g.script}\` |`;
});
if (goalRows.length > 0) {
  sections.splice(
    headerLength,
    0,
    '## Goals (each ratio against a baseline from the same run)',
    '',
    'Goals are on wall time. CPU (user+sys of the child, where measured) is shown beside it: on a shared, loaded machine it moves far less than wall time between runs.',
    '',
    '| measure | baseline (same run) | ratio (wall) | ratio (CPU) | goal | wall vs goal | script |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...goalRows,
    '',
  );
}
const loadAtEnd = os.loadavg().map((l) => l.toFixed(1)).join(' / ');
await writeFile(resultsFile, sections.join('\n').replace('LOAD_AT_END', loadAtEnd));
progress(`run-all: wrote bench/results.md${failed ? ` (${failed} benchmark(s) failed)` : ''}`);
process.exitCode = failed ? 1 : 0;
