// The library API as a CLI that ships its own MCP server uses it (the README's ten lines): plan the
// registration in every detected host, apply it in one transaction, ask status — on real temp dirs.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { apply, plan, status } from '../../src/lib/api.js';

const BUNDLE = path.resolve(import.meta.dirname, '../../dist/patchbay.mjs');

/** Every file under a folder, by relative path, with its bytes (folders included, as empty markers). */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, full)] = entry.isDirectory() ? '<dir>' : await readFile(full, 'utf8');
  }
  return out;
}

let root: string;
let env: Record<string, string>;
let project: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'pb-lib-'));
  project = path.join(root, 'project');
  await mkdir(path.join(project, '.cursor'), { recursive: true });
  await mkdir(path.join(root, 'home'), { recursive: true });
  await writeFile(path.join(project, '.mcp.json'), '{\n  "mcpServers": {}\n}\n');
  env = { HOME: path.join(root, 'home'), PATCHBAY_STATE_DIR: path.join(root, 'state'), PATH: path.join(root, 'no-bin') };
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('library API', () => {
  it('registers a CLI\'s own server in every detected host, in one transaction, and status agrees', async () => {
    const p = await plan({ servers: { chant: { npm: 'chant', version: '1.4.0', args: ['serve', 'mcp'] } }, cwd: project, env });
    expect(p.diagnostics).toEqual([]);
    expect(p.ok).toBe(true);
    expect(p.hosts.sort()).toEqual(['claude-code', 'cursor']);
    expect(p.diff).toContain('chant@1.4.0');
    const applied = await apply(p);
    expect(applied.transaction).toMatch(/^\d{8}T/);
    const entry = { command: 'npx', args: ['--yes', 'chant@1.4.0', 'serve', 'mcp'] };
    expect(JSON.parse(await readFile(path.join(project, '.mcp.json'), 'utf8')).mcpServers.chant).toEqual(entry);
    expect(JSON.parse(await readFile(path.join(project, '.cursor', 'mcp.json'), 'utf8')).mcpServers.chant).toEqual(entry);
    // The library does not add a manifest to the user's project unless asked.
    await expect(readFile(path.join(project, 'patchbay.jsonc'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
    const again = await plan({ servers: { chant: { npm: 'chant', version: '1.4.0', args: ['serve', 'mcp'] } }, cwd: project, env });
    expect(again.ok).toBe(false);
    expect(again.files).toEqual([]);
    const st = await status({ cwd: project, env, hosts: ['claude-code'] });
    expect(st).toMatchObject({ current: true, malformed: false });
    expect(st.servers).toEqual([{
      name: 'chant', label: 'chant@1.4.0', scope: 'project', hosts: ['claude-code'], recordedIn: 'state',
      perHost: [{ host: 'claude-code', current: true }], current: true,
    }]);
    expect((await status({ cwd: project, env })).servers[0]?.hosts.sort()).toEqual(['claude-code', 'cursor']);
  });

  it('what the library registers the CLI lists as managed and removes to the exact prior bytes', async () => {
    const before = await snapshot(project);
    const p = await plan({ servers: { chant: { npm: 'chant', version: '1.4.0' } }, hosts: ['claude-code', 'cursor'], cwd: project, env });
    await apply(p);
    const cli = (args: string[]) => spawnSync(process.execPath, [BUNDLE, ...args], { cwd: project, env, encoding: 'utf8' });
    const list = cli(['list', '--json']);
    expect(list.status, list.stderr).toBe(0);
    const rows = (JSON.parse(list.stdout) as { servers: { name: string; host: string; managed: boolean }[] }).servers.filter((r) => r.name === 'chant');
    // copilot-cli reads claude-code's .mcp.json too: the same entry, listed for each host that reads it.
    expect(rows.map((r) => r.host).sort()).toEqual(['claude-code', 'copilot-cli', 'cursor']);
    expect(rows.every((r) => r.managed)).toBe(true);
    const removed = cli(['remove', 'chant', '--yes']);
    expect(removed.status, removed.stderr).toBe(0);
    expect(await snapshot(project)).toEqual(before);
  });

  it('plan() with no host to write returns ok: false and a no-host diagnostic; an unknown host id too, without throwing', async () => {
    const empty = path.join(root, 'empty');
    await mkdir(empty);
    const none = await plan({ servers: { chant: { npm: 'chant', version: '1.4.0' } }, cwd: empty, env });
    expect(none.ok).toBe(false);
    expect(none.files).toEqual([]);
    expect(none.diagnostics.map((d) => d.code)).toEqual(['no-host']);
    await expect(apply(none)).rejects.toMatchObject({ code: 'usage' });
    // The CLI's fallback (the generic user file) is not the library's: nothing was planned for it.
    await expect(readFile(path.join(root, 'home', '.config', 'mcp', 'mcp.json'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
    const unknown = await plan({ servers: { chant: { npm: 'chant', version: '1.4.0' } }, hosts: ['vim' as 'cursor'], cwd: project, env });
    expect(unknown.ok).toBe(false);
    expect(unknown.diagnostics[0]?.code).toBe('unknown-host');
  });

  it('a plan with errors is refused by apply and writes nothing', async () => {
    await writeFile(path.join(project, '.mcp.json'), '{ "mcpServers": { "chant": { "command": "mine" } } }\n');
    const p = await plan({ servers: { chant: { npm: 'chant', version: '1.4.0' } }, hosts: ['claude-code'], cwd: project, env });
    expect(p.ok).toBe(false);
    expect(p.diagnostics.map((d) => d.code)).toEqual(['foreign-entry']);
    await expect(apply(p)).rejects.toMatchObject({ code: 'usage' });
    expect(await readFile(path.join(project, '.mcp.json'), 'utf8')).toBe('{ "mcpServers": { "chant": { "command": "mine" } } }\n');
  });

  it('the library is held to the same validator as the CLI: a bad spec is a diagnostic, not a write', async () => {
    const bad = await plan({ servers: { '../x': { command: 'node' }, chant: { npm: 'chant', version: '^1.4.0' }, hook: { url: 'https://x.test/', headers: { X: 'a\r\nB: 1' } } }, hosts: ['cursor'], cwd: project, env });
    expect(bad.ok).toBe(false);
    expect(bad.files).toEqual([]);
    const messages = bad.diagnostics.filter((d) => d.code === 'invalid-server').map((d) => d.message);
    expect(messages).toEqual([
      expect.stringMatching(/^\.\.\/x: name: .*not a usable server name/),
      expect.stringMatching(/^chant: version: npm version '\^1\.4\.0' is not exact/),
      expect.stringMatching(/^hook: headers\.X: a header value cannot hold a line break/),
    ]);
    await expect(apply(bad)).rejects.toMatchObject({ code: 'usage' });
    await expect(readFile(path.join(project, '.cursor', 'mcp.json'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
