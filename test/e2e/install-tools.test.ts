// scripts/e2e/install-tools.mjs: idempotent (a stamp skips the network entirely), safe when two
// processes install the same tool at once, clear when the registry is unreachable, and re-installs when
// the pinned version changes.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explain, run } from './helpers/run.js';
import { prepareTools } from './helpers/tools.js';
import { repoRoot } from '../../scripts/e2e/install-tools.mjs';

const script = path.join(repoRoot, 'scripts', 'e2e', 'install-tools.mjs');
const DEAD_REGISTRY = 'http://127.0.0.1:9/'; // discard port: connection refused at once
const tools = await prepareTools(['add-mcp']);

function env(extra: Record<string, string>): Record<string, string> {
  const e: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !/^npm_/i.test(k)) e[k] = v;
  return { ...e, npm_config_update_notifier: 'false', ...extra };
}
const install = (args: string[], extra: Record<string, string>) =>
  run(process.execPath, [script, ...args], { cwd: repoRoot, env: env(extra), timeoutMs: 180_000 });

describe.skipIf(!tools.ok)('install-tools.mjs', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'patchbay-e2e-tools-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('skips an already-installed pinned tool without touching the registry', async () => {
    // The shared cache (.cache/e2e-tools) holds add-mcp after prepareTools; a dead registry proves no lookup.
    const r = await install(['--json', 'add-mcp'], { npm_config_registry: DEAD_REGISTRY });
    expect(r.exitCode, explain('install-tools (cached)', r)).toBe(0);
    const [res] = JSON.parse(r.stdout) as Array<{ status: string; version: string; bin: string }>;
    expect(res?.status).toBe('cached');
    expect(existsSync(res!.bin)).toBe(true);
  });

  it('says the registry is unreachable (exit 3) when a tool must be downloaded and cannot be', async () => {
    const empty = await mkdtemp(path.join(os.tmpdir(), 'patchbay-e2e-tools-empty-'));
    try {
      const r = await install(['add-mcp'], { npm_config_registry: DEAD_REGISTRY, PATCHBAY_E2E_TOOLS_DIR: empty });
      expect(r.exitCode, explain('install-tools (dead registry)', r)).toBe(3);
      expect(r.stderr).toContain(`the npm registry ${DEAD_REGISTRY} is unreachable`);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });

  it('two concurrent installs of the same tool leave exactly one complete install', async () => {
    const [a, b] = await Promise.all([
      install(['--json', 'add-mcp'], { PATCHBAY_E2E_TOOLS_DIR: dir }),
      install(['--json', 'add-mcp'], { PATCHBAY_E2E_TOOLS_DIR: dir }),
    ]);
    expect(a.exitCode, explain('install A', a)).toBe(0);
    expect(b.exitCode, explain('install B', b)).toBe(0);
    const statuses = [a, b].map((r) => (JSON.parse(r.stdout) as Array<{ status: string }>)[0]!.status).sort();
    expect(statuses).toEqual(['cached', 'installed']); // the lock made the second one wait, then reuse
    const stamp = JSON.parse(await readFile(path.join(dir, 'add-mcp', '.patchbay-e2e-stamp.json'), 'utf8')) as {
      package: string;
      version: string;
    };
    expect(stamp).toMatchObject({ package: 'add-mcp', version: tools.ok ? tools.specs['add-mcp']!.version : '' });
    // No staging dirs, trash or held locks left behind.
    expect((await readdir(dir)).filter((n) => n.startsWith('.staging') || n.startsWith('.trash'))).toEqual([]);
    expect(await readdir(path.join(dir, '.locks'))).toEqual([]);
  });

  it('re-installs when the stamp records another version (a pin change)', async () => {
    const stampFile = path.join(dir, 'add-mcp', '.patchbay-e2e-stamp.json');
    const stamp = JSON.parse(await readFile(stampFile, 'utf8')) as Record<string, unknown>;
    await writeFile(stampFile, JSON.stringify({ ...stamp, version: '0.0.1' }));
    const r = await install(['--json', 'add-mcp'], { PATCHBAY_E2E_TOOLS_DIR: dir });
    expect(r.exitCode, explain('install-tools (re-pin)', r)).toBe(0);
    expect((JSON.parse(r.stdout) as Array<{ status: string }>)[0]!.status).toBe('installed');
    expect(JSON.parse(await readFile(stampFile, 'utf8'))).toMatchObject({ version: stamp.version });
  });

  it('rejects an unknown tool name with a usage error', async () => {
    const r = await install(['no-such-tool'], { PATCHBAY_E2E_TOOLS_DIR: dir });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/unknown tool\(s\) no-such-tool/);
  });
});
