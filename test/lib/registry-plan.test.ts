// The library's plan() with a server named by its MCP-registry name: fetched from a local HTTP registry
// (real HTTP, test/helpers/local-registry.ts), rendered as `patchbay add <name>@<version>` renders it,
// applied in one transaction; every registry refusal is `ok: false` with its code, nothing written.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apply, plan, status } from '../../src/lib/index.js';
import { REPO_ROOT } from '../helpers/cli-sandbox.js';
import { startRegistry, type LocalRegistry } from '../helpers/local-registry.js';

const corpus = async (file: string) => JSON.parse(await readFile(path.join(REPO_ROOT, 'fixtures', 'corpus', 'server-json', file), 'utf8')) as Record<string, unknown>;

/** The entry as published at another version: the server's and its packages' versions move together. */
const at = (sj: Record<string, unknown>, version: string) => ({
  ...sj, version, packages: (sj.packages as Array<Record<string, unknown>>).map((p) => ({ ...p, version })),
});

let registry: LocalRegistry;
let context7: Record<string, unknown>;
beforeAll(async () => {
  context7 = await corpus('003-upstash-context7.json');
  const browserbase = await corpus('029-browserbase-mcp-server-browserbase.json');
  registry = await startRegistry([
    { server: at(context7, '1.0.0') },
    { server: context7 },
    { server: browserbase },
    { server: { ...context7, name: 'io.github.gone/server', version: '2.0.0' }, status: 'deleted' },
  ]);
});
afterAll(() => registry.close());

let root: string;
let project: string;
let env: Record<string, string>;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'pb-libreg-'));
  project = path.join(root, 'project');
  await mkdir(project, { recursive: true });
  await mkdir(path.join(root, 'home'), { recursive: true });
  await writeFile(path.join(project, '.mcp.json'), '{\n  "mcpServers": {}\n}\n');
  env = { HOME: path.join(root, 'home'), PATCHBAY_STATE_DIR: path.join(root, 'state'), PATH: path.join(root, 'no-bin'), PATCHBAY_REGISTRY: registry.url };
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('plan() with a registry server', () => {
  it('fetches name@version from PATCHBAY_REGISTRY, pins it exactly, applies, and status agrees', async () => {
    const p = await plan({ servers: { docs: { registry: 'io.github.upstash/context7', version: '1.0.0' } }, cwd: project, env, hosts: ['claude-code'] });
    expect(p.diagnostics).toEqual([]);
    expect(p.ok).toBe(true);
    expect(registry.requests).toContain('GET /v0.1/servers/io.github.upstash%2Fcontext7/versions/1.0.0');
    await apply(p);
    const entry = JSON.parse(await readFile(path.join(project, '.mcp.json'), 'utf8')).mcpServers.docs;
    const pkg = (context7.packages as Array<{ identifier: string }>)[0] as { identifier: string };
    expect(entry.command).toBe('npx');
    expect(entry.args).toContain(`${pkg.identifier}@1.0.0`);
    expect((await status({ cwd: project, env, hosts: ['claude-code'] })).current).toBe(true);
  });

  it('takes latest when no version is given, and an explicit registryUrl over the env', async () => {
    const p = await plan({ servers: { docs: { registry: 'io.github.upstash/context7', registryUrl: registry.url } }, cwd: project, env: { ...env, PATCHBAY_REGISTRY: 'https://registry.invalid' }, hosts: ['claude-code'] });
    expect(p.ok, JSON.stringify(p.diagnostics)).toBe(true);
    const pkg = (context7.packages as Array<{ identifier: string; version: string }>)[0];
    expect(p.diff).toContain(`${pkg?.identifier}@${pkg?.version}`);
  });

  it('a required input without a value, a deleted entry, an unknown name, an insecure URL: ok false, nothing written', async () => {
    const before = await readdir(project);
    const cases: Array<[Parameters<typeof plan>[0]['servers'][string], string]> = [
      [{ registry: 'io.github.browserbase/mcp-server-browserbase' }, 'input-required'],
      [{ registry: 'io.github.gone/server', version: '2.0.0' }, 'registry-deleted'],
      [{ registry: 'io.github.nobody/nothing' }, 'registry-not-found'],
      [{ registry: 'io.github.upstash/context7', registryUrl: 'http://example.com' }, 'registry-insecure'],
    ];
    for (const [spec, code] of cases) {
      const p = await plan({ servers: { x: spec }, cwd: project, env, hosts: ['claude-code'] });
      expect(p.ok).toBe(false);
      expect(p.diagnostics.map((d) => d.code)).toEqual([code]);
      expect(p.files).toEqual([]);
    }
    expect(await readdir(project)).toEqual(before);
    expect(await readFile(path.join(project, '.mcp.json'), 'utf8')).toBe('{\n  "mcpServers": {}\n}\n');
  });

  it('with its inputs given, the secret stays a reference', async () => {
    const p = await plan({
      servers: { bb: { registry: 'io.github.browserbase/mcp-server-browserbase', env: { BROWSERBASE_PROJECT_ID: 'proj-1' } } },
      cwd: project, env, hosts: ['claude-code'],
    });
    expect(p.ok, JSON.stringify(p.diagnostics)).toBe(true);
    await apply(p);
    const entry = JSON.parse(await readFile(path.join(project, '.mcp.json'), 'utf8')).mcpServers.bb;
    expect(entry.env).toMatchObject({ BROWSERBASE_PROJECT_ID: 'proj-1', BROWSERBASE_API_KEY: '${BROWSERBASE_API_KEY}' });
    expect(JSON.stringify(entry)).not.toMatch(/bb_live|sk-/);
  });
});
