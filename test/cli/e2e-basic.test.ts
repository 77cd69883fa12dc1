// The CLI as a child process of the built bundle, on a temp project with a temp HOME and fake hosts.
import { parse as parseJsonc } from 'jsonc-parser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../helpers/cli-sandbox.js';

let sb: Sandbox;
beforeEach(async () => {
  sb = await createSandbox();
});
afterEach(async () => {
  await sb.cleanup();
});

const VERSION = (await import('../../src/version.js')).PATCHBAY_VERSION;

describe('patchbay (no command work)', () => {
  it('--version prints the version, --help the commands and exit codes', async () => {
    const v = await sb.run(['--version']);
    expect(v).toMatchObject({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
    const h = await sb.run(['--help']);
    expect(h.code).toBe(0);
    for (const cmd of ['init', 'status', 'migrate', 'uninstall', 'rollback', 'history', 'mcp']) expect(h.stdout).toContain(cmd);
    const ih = await sb.run(['init', '--help']);
    expect(ih.code).toBe(0);
    expect(ih.stdout).toContain('--no-mcp');
  });

  it('usage errors exit 2; an unknown host lists the valid ids', async () => {
    expect((await sb.run(['frobnicate'])).code).toBe(2);
    expect((await sb.run(['init', '--scope', 'galaxy'])).code).toBe(2);
    const r = await sb.run(['init', '--host', 'vim']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('opencode, claude-code, cursor, generic');
  });
});

describe('mcp', () => {
  it('dispatches to the MCP server: protocol only on stdout, no recovery step (no state dir created)', async () => {
    const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
    const r = await sb.run(['mcp'], { input: `${JSON.stringify(init)}\n` });
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ id: 1, result: { serverInfo: { name: 'patchbay' } } });
    expect(sb.exists('state')).toBe(false);
    // history reads only: with nothing pending it needs (and creates) no state dir either.
    expect((await sb.run(['history'])).code).toBe(0);
    expect(sb.exists('state')).toBe(false);
  });
});

describe('init', () => {
  it('without a TTY and without --yes/--host: exit 2, one sentence naming the flags, nothing written', async () => {
    await sb.fakeBinary('claude', '2.1.332 (Claude Code)');
    const before = await sb.snapshot();
    const r = await sb.run(['init']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/--yes/);
    expect(lines[0]).toMatch(/--host/);
    expect(await sb.snapshot()).toEqual(before);
  });

  it('--yes registers the detected hosts; a second init plans nothing; status is current', async () => {
    await sb.fakeBinary('opencode', '1.18.33');
    await sb.fakeBinary('claude', '2.1.332 (Claude Code)');
    const first = await sb.run(['init', '--yes']);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/opencode/);
    expect(first.stdout).toMatch(/claude --version|Claude Code/);

    const oc = parseJsonc(await sb.read('project/opencode.jsonc'));
    expect(oc.$schema).toBe('https://opencode.ai/config.json');
    expect(oc.mcp.patchbay).toEqual({ type: 'local', command: ['npx', '--yes', `patchbay-mcp@${VERSION}`, 'mcp'], enabled: true });
    const mcp = JSON.parse(await sb.read('project/.mcp.json'));
    expect(mcp.mcpServers.patchbay).toEqual({ command: 'npx', args: ['--yes', `patchbay-mcp@${VERSION}`, 'mcp'] });
    expect(sb.exists('project/.cursor/mcp.json')).toBe(false);

    const before = await sb.snapshot();
    const second = await sb.run(['init', '--yes']);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('Nothing to do: every host is current');
    expect(await sb.snapshot()).toEqual(before);

    const status = await sb.run(['status']);
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/opencode\.jsonc\s+current/);
    expect(status.stdout).toMatch(/\.mcp\.json\s+current/);
  });

  it('--yes with no host detected falls back to the generic host', async () => {
    const r = await sb.run(['init', '--yes', '--scope', 'user']);
    expect(r.code).toBe(0);
    const generic = JSON.parse(await sb.read('home/.config/mcp/mcp.json'));
    expect(generic.mcpServers.patchbay.args).toEqual(['--yes', `patchbay-mcp@${VERSION}`, 'mcp']);
  });

  it('--dry-run prints the diffs and writes nothing', async () => {
    await sb.fakeBinary('claude', '2.1.332 (Claude Code)');
    await sb.write('project/.mcp.json', '{\n  "mcpServers": {\n    "other": { "command": "other-server" }\n  }\n}\n');
    const before = await sb.snapshot();
    const r = await sb.run(['init', '--host', 'claude-code', '--dry-run']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('.mcp.json');
    expect(r.stdout).toMatch(/^\+.*"patchbay"/m);
    expect(r.stdout).toContain('nothing was written');
    expect(await sb.snapshot()).toEqual(before);
  });

  it('--json prints exactly one JSON document on stdout', async () => {
    await sb.fakeBinary('opencode', '2.0.1');
    const init = await sb.run(['init', '--yes', '--json']);
    expect(init.code).toBe(0);
    const doc = JSON.parse(init.stdout);
    expect(doc).toMatchObject({ command: 'init', status: 'applied', exitCode: 0, hosts: ['opencode'] });
    // The host file, and patchbay's state record of it (init records its own server like any other).
    expect(doc.changes.filter((c: { label?: string }) => c.label !== 'patchbay state')).toEqual([expect.objectContaining({ path: 'opencode.jsonc', action: 'create' })]);
    expect(doc.changes.map((c: { label?: string }) => c.label)).toContain('patchbay state');
    const status = JSON.parse((await sb.run(['status', '--json'])).stdout);
    expect(status).toMatchObject({ command: 'status', status: 'current', exitCode: 0 });
    expect(status.hosts[0].files.find((f: { target: boolean }) => f.target)).toMatchObject({ state: 'current', dialect: 'v2', pin: VERSION });
    const history = JSON.parse((await sb.run(['history', '--json'])).stdout);
    expect(history.transactions).toHaveLength(1);
    const usage = await sb.run(['init', '--json']);
    expect(usage.code).toBe(2);
    expect(JSON.parse(usage.stdout)).toMatchObject({ status: 'error', exitCode: 2, error: { code: 'not-a-tty' } });
  });

  it('NO_COLOR and a pipe: no ESC byte anywhere', async () => {
    await sb.fakeBinary('opencode', '1.18.33');
    for (const args of [['init', '--yes'], ['status'], ['history'], ['init', '--host', 'bogus'], ['rollback', '--force']]) {
      const r = await sb.run(args, { env: { NO_COLOR: '1' } });
      expect(r.stdout + r.stderr).not.toContain('\u001b');
    }
  });
});

describe('status', () => {
  it('lists other servers with credentials in URLs redacted; a detected host without our entry is not checked', async () => {
    await sb.fakeBinary('claude', '2.1.332 (Claude Code)');
    await sb.write('project/.mcp.json', JSON.stringify({ mcpServers: { remote: { type: 'http', url: 'https://user:hunter2@example.com/mcp?token=abc123secret&x=1' } } }));
    const plain = await sb.run(['status']);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain('Nothing is registered');
    const r = await sb.run(['status', '--host', 'claude-code']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('Hosts (from --host): claude-code');
    expect(r.stdout).toMatch(/remote \(http: https:\/\/\S*example\.com/);
    const json = await sb.run(['status', '--json', '--host', 'claude-code']);
    for (const out of [r.stdout, r.stderr, json.stdout]) {
      expect(out).not.toContain('hunter2');
      expect(out).not.toContain('abc123secret');
    }
  });
});
