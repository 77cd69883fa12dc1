// init --no-mcp writes only patchbay.jsonc; a later init --yes registers exactly what it says.
import { parse as parseJsonc } from 'jsonc-parser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../helpers/cli-sandbox.js';

const VERSION = (await import('../../src/version.js')).PATCHBAY_VERSION;

let sb: Sandbox;
beforeEach(async () => {
  sb = await createSandbox();
  await sb.fakeBinary('opencode', '1.18.33');
  await sb.fakeBinary('claude', '2.1.332 (Claude Code)');
});
afterEach(async () => {
  await sb.cleanup();
});

describe('project manifest', () => {
  it('--no-mcp writes only patchbay.jsonc; init --yes then registers its hosts and scope', async () => {
    const before = await sb.snapshot();
    const r = await sb.run(['init', '--no-mcp', '--host', 'claude-code,cursor']);
    expect(r.code).toBe(0);
    const after = await sb.snapshot();
    const added = Object.keys(after).filter((k) => !(k in before));
    expect(added).toEqual(['project/patchbay.jsonc']);
    for (const key of Object.keys(before)) expect(after[key]).toEqual(before[key]);
    const manifest = parseJsonc(await sb.read('project/patchbay.jsonc'));
    expect(manifest).toMatchObject({
      $schema: `https://unpkg.com/patchbay-mcp@${VERSION}/schema/patchbay.schema.json`,
      hosts: ['claude-code', 'cursor'],
      scope: 'project',
      servers: { patchbay: { npm: 'patchbay-mcp', version: VERSION, args: ['mcp'] } },
    });

    const again = await sb.run(['init', '--no-mcp', '--host', 'claude-code,cursor']);
    expect(again.stdout).toContain('Nothing to do');

    // opencode is detected, but the manifest does not list it: it stays untouched.
    const init = await sb.run(['init', '--yes']);
    expect(init.code).toBe(0);
    expect(init.stdout).toContain('patchbay.jsonc');
    const entry = { command: 'npx', args: ['--yes', `patchbay-mcp@${VERSION}`, 'mcp'] };
    expect(JSON.parse(await sb.read('project/.mcp.json')).mcpServers.patchbay).toEqual(entry);
    expect(JSON.parse(await sb.read('project/.cursor/mcp.json')).mcpServers.patchbay).toEqual(entry);
    expect(sb.exists('project/opencode.jsonc')).toBe(false);
    const status = JSON.parse((await sb.run(['status', '--json'])).stdout);
    expect(status).toMatchObject({ status: 'current', source: 'patchbay.jsonc' });
    expect(status.hosts.map((h: { host: string }) => h.host)).toEqual(['claude-code', 'cursor']);
  });

  it('the manifest scope is honoured (user files, not project files)', async () => {
    expect((await sb.run(['init', '--no-mcp', '--host', 'claude-code', '--scope', 'user'])).code).toBe(0);
    expect((await sb.run(['init', '--yes'])).code).toBe(0);
    expect(JSON.parse(await sb.read('home/.claude.json')).mcpServers.patchbay).toEqual({ command: 'npx', args: ['--yes', `patchbay-mcp@${VERSION}`, 'mcp'] });
    expect(sb.exists('project/.mcp.json')).toBe(false);
  });

  it('an invalid manifest fails with manifest-invalid at line:column, exit 3', async () => {
    await sb.write('project/patchbay.jsonc', '{\n  "hosts": ["claude-code", "vim"],\n  "scope": "project"\n}\n');
    const before = await sb.snapshot();
    const r = await sb.run(['init', '--yes']);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^patchbay\.jsonc:2:\d+ manifest-invalid /m);
    expect(await sb.snapshot()).toEqual(before);
    expect((await sb.run(['status'])).code).toBe(3);
  });

  it('rollback undoes the manifest write like any other file', async () => {
    expect((await sb.run(['init', '--no-mcp', '--host', 'claude-code'])).code).toBe(0);
    expect((await sb.run(['rollback'])).code).toBe(0);
    expect(sb.exists('project/patchbay.jsonc')).toBe(false);
  });
});
