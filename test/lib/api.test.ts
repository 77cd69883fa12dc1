// The library API as a CLI that ships its own MCP server uses it (the README's ten lines): plan the
// registration in every detected host, apply it in one transaction, ask status — on real temp dirs.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apply, plan, status } from '../../src/lib/api.js';

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
    expect(st.hosts).toEqual(['claude-code']);
  });

  it('a plan with errors is refused by apply and writes nothing', async () => {
    await writeFile(path.join(project, '.mcp.json'), '{ "mcpServers": { "chant": { "command": "mine" } } }\n');
    const p = await plan({ servers: { chant: { npm: 'chant', version: '1.4.0' } }, hosts: ['claude-code'], cwd: project, env });
    expect(p.ok).toBe(false);
    expect(p.diagnostics.map((d) => d.code)).toEqual(['foreign-entry']);
    await expect(apply(p)).rejects.toMatchObject({ code: 'usage' });
    expect(await readFile(path.join(project, '.mcp.json'), 'utf8')).toBe('{ "mcpServers": { "chant": { "command": "mine" } } }\n');
  });
});
