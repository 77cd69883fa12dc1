// patchbay against the REAL Claude Code CLI (pinned in scripts/e2e/versions.json): `patchbay init`
// writes .mcp.json, the user approves it the way real-hosts.md found works offline
// (~/.claude/settings.json enabledMcpjsonServers), and `claude mcp get/list` — spawning
// `npx --yes patchbay-mcp@<v> mcp` from the local verdaccio — report `✔ Connected`.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managedArgv, npxInstalledVersion, readStrictJson } from './helpers/hosts.js';
import { startRegistryWithPatchbay } from './helpers/registry.js';
import { explain, patchbay, requireBundle, run } from './helpers/run.js';
import { makeSandbox, type Sandbox } from './helpers/sandbox.js';
import { hostBinDir, prepareTools } from './helpers/tools.js';

const tools = await prepareTools(['claude-code', 'verdaccio']);

describe.skipIf(!tools.ok)('Claude Code (real binary)', () => {
  let registry: Awaited<ReturnType<typeof startRegistryWithPatchbay>>;
  let b: Sandbox;
  const claude = (args: string[]) => run(path.join(b.binDir, 'claude'), args, { cwd: b.project, env: b.env, timeoutMs: 90_000 });

  beforeAll(async () => {
    requireBundle();
    registry = await startRegistryWithPatchbay();
    b = await makeSandbox({ registry: registry.url });
    if (tools.ok) await hostBinDir(b.binDir, { 'claude-code': tools.bins['claude-code'] });
  });
  afterAll(async () => {
    await registry?.stop();
    await b?.cleanup();
  });

  it('the pinned binary runs offline', async () => {
    const r = await claude(['--version']);
    expect(r.exitCode, explain('claude --version', r)).toBe(0);
    expect(r.stdout.trim()).toBe(`${tools.ok ? tools.specs['claude-code']!.version : ''} (Claude Code)`);
  });

  it('init --yes --host claude-code writes a strict-JSON .mcp.json entry', async () => {
    const init = await patchbay(['init', '--yes', '--host', 'claude-code', b.project], { cwd: b.project, env: b.env });
    expect(init.exitCode, explain('patchbay init', init)).toBe(0);
    const mcpJson = await readStrictJson(path.join(b.project, '.mcp.json'));
    const argv = managedArgv(registry.version);
    expect((mcpJson.mcpServers as Record<string, unknown>).patchbay).toEqual({ command: argv[0], args: argv.slice(1) });
  });

  it('before approval, Claude Code lists it as pending and does not spawn it', async () => {
    const r = await claude(['mcp', 'list']);
    expect(r.exitCode, explain('claude mcp list', r)).toBe(0);
    expect(r.text, explain('claude mcp list', r)).toMatch(/patchbay: npx --yes patchbay-mcp@\S+ mcp - ⏸ Pending approval/);
    expect(await npxInstalledVersion(b.npmCache)).toBeUndefined();
  });

  it('after user-level approval, `claude mcp get` and `claude mcp list` show ✔ Connected', async () => {
    await mkdir(path.join(b.home, '.claude'), { recursive: true });
    await writeFile(path.join(b.home, '.claude', 'settings.json'), JSON.stringify({ enabledMcpjsonServers: ['patchbay'] }));

    const get = await claude(['mcp', 'get', 'patchbay']);
    expect(get.exitCode, explain('claude mcp get patchbay', get)).toBe(0);
    expect(get.text, explain('claude mcp get patchbay', get)).toMatch(/Status: ✔ Connected/);
    expect(get.text).toContain('Scope: Project config (shared via .mcp.json)');
    expect(get.text).toContain(`Args: --yes patchbay-mcp@${registry.version} mcp`);

    const list = await claude(['mcp', 'list']);
    expect(list.text, explain('claude mcp list', list)).toMatch(
      new RegExp(`patchbay: npx --yes patchbay-mcp@${registry.version.replace(/\./g, '\\.')} mcp - ✔ Connected`),
    );
    expect(await npxInstalledVersion(b.npmCache)).toBe(registry.version);
  });

  it('user scope: init --scope user writes ~/.claude.json (which Claude Code itself rewrites); no approval needed, ✔ Connected', async () => {
    const u = await makeSandbox({ registry: registry.url });
    try {
      if (tools.ok) await hostBinDir(u.binDir, { 'claude-code': tools.bins['claude-code'] });
      const claudeU = (args: string[]) => run(path.join(u.binDir, 'claude'), args, { cwd: u.project, env: u.env, timeoutMs: 90_000 });
      // Let Claude Code create ~/.claude.json first (machine id, migrations), as on a real machine.
      const first = await claudeU(['mcp', 'list']);
      expect(first.exitCode, explain('claude mcp list (first run)', first)).toBe(0);

      const init = await patchbay(['init', '--yes', '--scope', 'user', '--host', 'claude-code', u.project], { cwd: u.project, env: u.env });
      expect(init.exitCode, explain('patchbay init --scope user', init)).toBe(0);
      const claudeJson = await readStrictJson(path.join(u.home, '.claude.json'));
      const argv = managedArgv(registry.version);
      expect((claudeJson.mcpServers as Record<string, unknown>).patchbay).toEqual({ command: argv[0], args: argv.slice(1) });

      const get = await claudeU(['mcp', 'get', 'patchbay']);
      expect(get.exitCode, explain('claude mcp get patchbay', get)).toBe(0);
      expect(get.text, explain('claude mcp get patchbay', get)).toMatch(/Scope: User config/);
      expect(get.text).toMatch(/Status: ✔ Connected/);
    } finally {
      await u.cleanup();
    }
  });
});
