#!/usr/bin/env node
// Installs the PINNED e2e/bench tools (real host CLIs, verdaccio, MCP Inspector, add-mcp) from the npm
// registry into .cache/e2e-tools/<name>, each in its own package dir, so the project's package.json and
// lockfile are never touched.
//
//   node scripts/e2e/install-tools.mjs                 # hosts + infra + bench tools
//   node scripts/e2e/install-tools.mjs opencode inspector
//   node scripts/e2e/install-tools.mjs --with-optional # also the optional tools of versions.json
//   node scripts/e2e/install-tools.mjs --json          # machine-readable result on stdout
//
// Idempotent: a stamp file records package@version; a tool whose stamp matches (and whose binary exists)
// is skipped without touching the network. Concurrency-safe: a per-tool lock directory (mkdir is atomic)
// serialises installers, and each install happens in a private staging dir that is renamed into place, so a
// reader never sees a half-installed tool. Versions live in scripts/e2e/versions.json (one place).
//
// Known, harmless npm noise (kept in each tool's install.log, not shown):
// - npm 11 prints `npm warn install-scripts … not yet covered by allowScripts`; the postinstall STILL runs.
// - @anthropic-ai/claude-code warns EBADENGINE (wants node >=22); the CLI is a native binary, so it works.
// - opencode-ai's wrapper needs its postinstall; we call the platform binary directly, which does not.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '..', '..');
export const versionsFile = path.join(here, 'versions.json');
const STAMP = '.patchbay-e2e-stamp.json';
const LOCK_WAIT_MS = 15 * 60_000; // a cold opencode install alone can take a minute on a slow registry
const DEFAULT_GROUPS = new Set(['host', 'infra', 'bench']);

/** Exit codes: 0 ok, 1 install failed, 2 usage, 3 registry unreachable. */
class InstallError extends Error {
  constructor(message, exitCode = 1) {
    super(message);
    this.exitCode = exitCode;
  }
}

export function toolsDir() {
  // Overridable so a CI machine can keep the (1 GB+) tools outside a fresh clone.
  return path.resolve(process.env.PATCHBAY_E2E_TOOLS_DIR ?? path.join(repoRoot, '.cache', 'e2e-tools'));
}

export async function readVersions() {
  return JSON.parse(await readFile(versionsFile, 'utf8')).tools;
}

async function readStamp(dir) {
  try {
    return JSON.parse(await readFile(path.join(dir, STAMP), 'utf8'));
  } catch {
    return undefined;
  }
}

function isInstalled(stamp, spec, dir) {
  return (
    stamp !== undefined &&
    stamp.package === spec.package &&
    stamp.version === spec.version &&
    existsSync(path.join(dir, spec.bin))
  );
}

function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', (err) => resolve({ code: -1, out: out + String(err) }));
    child.on('close', (code) => resolve({ code: code ?? -1, out }));
  });
}

const npmCmd = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const NPM_QUIET = ['--no-audit', '--no-fund', '--no-update-notifier'];

async function registryUrl() {
  const { out } = await run(npmCmd, ['config', 'get', 'registry']);
  return out.trim() || 'https://registry.npmjs.org/';
}

// Checked once, and only when something must be installed, so a warm cache works fully offline.
async function assertRegistryReachable() {
  const url = await registryUrl();
  // Three tries: one slow answer on a busy machine (seen: a 20 s timeout while other suites ran) is
  // not an unreachable registry; a registry that is really down still fails within a minute.
  let res;
  for (let attempt = 1; attempt <= 3; attempt++) {
    res = await run(npmCmd, ['ping', '--registry', url, ...NPM_QUIET], {
      env: { ...process.env, npm_config_fetch_retries: '0', npm_config_fetch_timeout: '20000' },
    });
    if (res.code === 0) break;
  }
  if (res.code !== 0) {
    throw new InstallError(
      `install-tools: the npm registry ${url} is unreachable (npm ping exited ${res.code}).\n` +
        `  The e2e tools are not cached in ${toolsDir()}, so they must be downloaded.\n` +
        `  Fix the network/registry (npm config get registry), or pre-populate that folder.\n` +
        `  npm said: ${res.out.trim().split('\n').slice(-3).join(' | ')}`,
      3,
    );
  }
  return url;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function pidAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

// mkdir is atomic: exactly one process creates the lock dir. A lock whose owner pid is dead is stale.
async function withLock(name, fn) {
  const lockDir = path.join(toolsDir(), '.locks', name);
  await mkdir(path.dirname(lockDir), { recursive: true });
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      await mkdir(lockDir);
      await writeFile(path.join(lockDir, 'owner'), String(process.pid));
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      const owner = Number(await readFile(path.join(lockDir, 'owner'), 'utf8').catch(() => 'NaN'));
      let age = 0;
      try {
        age = Date.now() - (await stat(lockDir)).mtimeMs;
      } catch {
        continue; // released between our mkdir and stat: retry at once
      }
      // No owner file after 30 s means the holder died between mkdir and writeFile.
      if ((Number.isInteger(owner) && !pidAlive(owner)) || (!Number.isInteger(owner) && age > 30_000)) {
        await rm(lockDir, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) {
        throw new InstallError(`install-tools: timed out waiting for lock ${lockDir} (held by pid ${owner})`);
      }
      await sleep(500);
    }
  }
  try {
    return await fn();
  } finally {
    await rm(lockDir, { recursive: true, force: true });
  }
}

async function installOne(name, spec, ctx, log) {
  const dir = path.join(toolsDir(), name);
  if (isInstalled(await readStamp(dir), spec, dir)) return { name, status: 'cached', dir };
  return withLock(name, async () => {
    // Another process may have finished the install while we waited for the lock.
    if (isInstalled(await readStamp(dir), spec, dir)) return { name, status: 'cached', dir };
    ctx.registry ??= await assertRegistryReachable();
    const staging = path.join(toolsDir(), `.staging-${name}-${process.pid}`);
    await rm(staging, { recursive: true, force: true });
    await mkdir(staging, { recursive: true });
    await writeFile(
      path.join(staging, 'package.json'),
      JSON.stringify({ name: `patchbay-e2e-tool-${name.replace(/[^a-z0-9-]/g, '-')}`, private: true }, null, 2),
    );
    log(`install-tools: installing ${spec.package}@${spec.version} → ${path.relative(process.cwd(), dir) || dir}`);
    const started = Date.now();
    const res = await run(
      npmCmd,
      ['install', '--save-exact', '--no-package-lock', ...NPM_QUIET, `${spec.package}@${spec.version}`],
      { cwd: staging, env: { ...process.env, npm_config_update_notifier: 'false' } },
    );
    await writeFile(path.join(staging, 'install.log'), res.out);
    if (res.code !== 0) {
      const tail = res.out.trim().split('\n').slice(-15).join('\n');
      const network = /ENOTFOUND|ECONNREFUSED|ETIMEDOUT|EAI_AGAIN|ECONNRESET|network/i.test(res.out);
      await rm(staging, { recursive: true, force: true });
      throw new InstallError(
        `install-tools: npm install ${spec.package}@${spec.version} failed (exit ${res.code})` +
          (network ? ' — looks like the registry is unreachable' : '') +
          `:\n${tail}`,
        network ? 3 : 1,
      );
    }
    if (!existsSync(path.join(staging, spec.bin))) {
      await rm(staging, { recursive: true, force: true });
      throw new InstallError(
        `install-tools: ${spec.package}@${spec.version} installed but ${spec.bin} is missing ` +
          `(postinstall skipped or platform package not published for ${process.platform}-${process.arch}?)`,
      );
    }
    const seconds = (Date.now() - started) / 1000;
    await writeFile(
      path.join(staging, STAMP),
      JSON.stringify({ package: spec.package, version: spec.version, node: process.version, seconds }, null, 2),
    );
    // Swap into place: move any old version aside first (rename is atomic; rm of the old tree is not).
    if (existsSync(dir)) {
      const trash = path.join(toolsDir(), `.trash-${name}-${process.pid}-${Date.now()}`);
      await rename(dir, trash);
      await rm(trash, { recursive: true, force: true });
    }
    await rename(staging, dir);
    log(`install-tools: ${spec.package}@${spec.version} installed in ${seconds.toFixed(1)} s`);
    return { name, status: 'installed', dir, seconds };
  });
}

export async function installTools({ names, withOptional = false, log = (m) => process.stderr.write(m + '\n') } = {}) {
  const tools = await readVersions();
  let selected = names?.length ? names : Object.keys(tools).filter((n) => DEFAULT_GROUPS.has(tools[n].group) || withOptional);
  const unknown = selected.filter((n) => !(n in tools));
  if (unknown.length) {
    throw new InstallError(`install-tools: unknown tool(s) ${unknown.join(', ')}; known: ${Object.keys(tools).join(', ')}`, 2);
  }
  await mkdir(toolsDir(), { recursive: true });
  const ctx = {};
  const results = [];
  // Sequential on purpose: parallel npm installs on a 2-core box are slower and fight over the npm cache.
  for (const name of selected) {
    const spec = tools[name];
    const r = await installOne(name, spec, ctx, log);
    results.push({ ...r, package: spec.package, version: spec.version, bin: path.join(r.dir, spec.bin) });
  }
  return results;
}

async function main(argv) {
  const json = argv.includes('--json');
  const withOptional = argv.includes('--with-optional');
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write('usage: install-tools.mjs [--with-optional] [--json] [tool ...]\n');
    return 0;
  }
  const bad = argv.filter((a) => a.startsWith('-') && !['--json', '--with-optional'].includes(a));
  if (bad.length) throw new InstallError(`install-tools: unknown option(s) ${bad.join(' ')}`, 2);
  const names = argv.filter((a) => !a.startsWith('-'));
  const results = await installTools({ names, withOptional });
  if (json) process.stdout.write(JSON.stringify(results, null, 2) + '\n');
  else for (const r of results) process.stdout.write(`${r.status.padEnd(9)} ${r.package}@${r.version}  ${r.bin}\n`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (err) => {
      process.stderr.write(`${err.message}\n`);
      process.exitCode = err.exitCode ?? 1;
    },
  );
}
