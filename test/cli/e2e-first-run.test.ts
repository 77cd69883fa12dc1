// The package name and a newcomer's first run (issue "Ship under a name we own"): the self entry is
// `npx --yes patchbay-mcp@<version> mcp`, 0.1's `patchbay@<v>` entries are still ours, the demo runs
// without a terminal, `status` is a machine-independent CI gate, and messages help instead of confuse.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, REPO_ROOT, type Sandbox } from '../helpers/cli-sandbox.js';
import { PACKAGE_NAME, PATCHBAY_VERSION } from '../../src/version.js';
import { managedArgv } from '../../src/installers/entry.js';

const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { name: string; version: string; files: string[]; bin: Record<string, string> };
const SPEC = `${pkg.name}@${pkg.version}`;

let sb: Sandbox;
beforeEach(async () => {
  sb = await createSandbox();
});
afterEach(async () => {
  await sb.cleanup();
});

describe('one source of truth for the name', () => {
  it('package.json, the pinned self entry and the bundle agree', async () => {
    expect(pkg.name).toBe('patchbay-mcp');
    expect(Object.keys(pkg.bin)).toEqual(['patchbay']);
    expect(PACKAGE_NAME).toBe(pkg.name);
    expect(PATCHBAY_VERSION).toBe(pkg.version);
    expect(managedArgv(pkg.version)).toEqual(['npx', '--yes', SPEC, 'mcp']);
    expect((await sb.run(['--version'])).stdout.trim()).toBe(pkg.version);
    await sb.write('project/.mcp.json', '{}\n');
    expect((await sb.run(['init', '--yes', '--host', 'claude-code'])).code).toBe(0);
    expect(JSON.parse(await sb.read('project/.mcp.json')).mcpServers.patchbay.args).toEqual(['--yes', SPEC, 'mcp']);
  });
});

describe("0.1's patchbay@<v> entries are ours", () => {
  const LEGACY_MCP = `{
  "mcpServers": {
    "other": { "command": "other-mcp" },
    "patchbay": {
      "command": "npx",
      "args": ["--yes", "patchbay@0.1.0", "mcp"]
    }
  }
}
`;
  const LEGACY_OPENCODE = `{
  "$schema": "https://opencode.ai/config.json",
  // keep me
  "mcp": {
    "patchbay": { "type": "local", "command": ["npx", "--yes", "patchbay@0.1.0", "mcp"], "enabled": true }
  }
}
`;

  it('status says stale, migrate re-pins to patchbay-mcp byte-exactly, uninstall removes it', async () => {
    await sb.write('project/.mcp.json', LEGACY_MCP);
    await sb.write('project/.cursor/mcp.json', LEGACY_MCP);
    await sb.write('project/opencode.jsonc', LEGACY_OPENCODE);
    const status = await sb.run(['status', '--json', '--opencode-version', '1.18.33']);
    expect(status.code).toBe(1);
    const report = JSON.parse(status.stdout) as { source: string; hosts: Array<{ host: string; files: Array<{ state: string; pin?: string; target: boolean }> }> };
    expect(report.source).toBe('registered');
    // Copilot CLI reads the same project `.mcp.json` as Claude Code (v0.2 catalog), so it is registered too.
    expect(report.hosts.map((h) => h.host).sort()).toEqual(['claude-code', 'copilot-cli', 'cursor', 'opencode']);
    for (const h of report.hosts) expect(h.files.find((f) => f.target)).toMatchObject({ state: 'stale', pin: '0.1.0' });

    const migrate = await sb.run(['migrate', '--yes', '--opencode-version', '1.18.33']);
    expect(migrate.code).toBe(0);
    expect(await sb.read('project/.mcp.json')).toBe(LEGACY_MCP.replace('patchbay@0.1.0', SPEC));
    expect(await sb.read('project/.cursor/mcp.json')).toBe(LEGACY_MCP.replace('patchbay@0.1.0', SPEC));
    expect(await sb.read('project/opencode.jsonc')).toBe(LEGACY_OPENCODE.replace('patchbay@0.1.0', SPEC));
    expect((await sb.run(['status', '--opencode-version', '1.18.33'])).code).toBe(0);
  });

  it('uninstall removes a legacy entry, leaving exactly the bytes around it', async () => {
    await sb.write('project/.mcp.json', LEGACY_MCP);
    expect((await sb.run(['uninstall', '--yes'])).code).toBe(0);
    expect(await sb.read('project/.mcp.json')).toBe(`{
  "mcpServers": {
    "other": { "command": "other-mcp" }
  }
}
`);
  });
});

describe('status is a CI gate that does not depend on the machine', () => {
  it('a host binary on PATH with no file and no manifest is not drift', async () => {
    await sb.fakeBinary('claude', '2.1.332 (Claude Code)');
    await sb.fakeBinary('opencode', '1.18.33');
    const r = await sb.run(['status']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Nothing is registered');
  });

  it('after a clean uninstall, status exits 0 and says nothing is registered', async () => {
    await sb.fakeBinary('claude', '2.1.332 (Claude Code)');
    await sb.write('project/.mcp.json', '{\n  "mcpServers": {}\n}\n');
    expect((await sb.run(['init', '--yes'])).code).toBe(0);
    expect((await sb.run(['status'])).code).toBe(0);
    expect((await sb.run(['uninstall', '--yes'])).code).toBe(0);
    const r = await sb.run(['status', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ source: 'registered', hosts: [] });
  });

  it('with a manifest it checks exactly the manifest hosts, detected or not', async () => {
    await sb.fakeBinary('claude', '2.1.332 (Claude Code)');
    expect((await sb.run(['init', '--no-mcp', '--host', 'cursor', '--yes'])).code).toBe(0);
    const r = await sb.run(['status', '--json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ source: 'patchbay.jsonc', hosts: [{ host: 'cursor', current: false }] });
  });
});

describe('the OpenCode dialect a user chose is remembered', () => {
  it('init --opencode-version 1.18.33 with no binary, then a plain status: current, not other-dialect', async () => {
    await sb.write('project/opencode.jsonc', '{\n  // mine\n  "theme": "dark"\n}\n');
    expect((await sb.run(['init', '--yes', '--opencode-version', '1.18.33'])).code).toBe(0);
    const r = await sb.run(['status', '--json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as { hosts: Array<{ host: string; dialect?: string; files: Array<{ state: string; target: boolean }> }> };
    expect(report.hosts).toHaveLength(1);
    expect(report.hosts[0]).toMatchObject({ host: 'opencode', dialect: 'v1' });
    expect(report.hosts[0]?.files.find((f) => f.target)?.state).toBe('current');
  });
});

describe('messages a newcomer meets', () => {
  it('an unknown command names the valid ones and suggests the closest', async () => {
    const r = await sb.run(['stauts']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("Unknown command 'stauts'. Did you mean 'status'?");
    expect(r.stderr).toMatch(/Commands: init, add, remove, list, update, sync, status, search, migrate/);
  });

  it('an unknown flag names the valid ones and suggests the closest; no parseArgs text', async () => {
    const r = await sb.run(['init', '--hots', 'cursor']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("Unknown option '--hots' for 'init'. Did you mean '--host'?");
    expect(r.stderr).not.toMatch(/ERR_PARSE_ARGS|To specify a positional argument/);
    const missing = await sb.run(['init', '--host']);
    expect(missing.stderr).toContain("Option '--host' needs a value");
  });

  it('a known but unsupported host is told apart from a typo', async () => {
    // OpenHands is known (catalog-data.ts) but has no record yet: its inline-array TOML layout is not edited.
    const planned = await sb.run(['init', '--yes', '--host', 'openhands', '--json']);
    expect(planned.code).toBe(2);
    expect(JSON.parse(planned.stdout).error.code).toBe('unsupported-host');
    const typo = await sb.run(['init', '--yes', '--host', 'cursr', '--json']);
    expect(JSON.parse(typo.stdout).error).toMatchObject({ code: 'unknown-host' });
    expect(typo.stderr).toContain("Did you mean 'cursor'?");
  });

  it('init --yes with no host detected says it falls back to the generic user file', async () => {
    const r = await sb.run(['init', '--yes']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('falls back to the generic user file');
    expect(sb.exists('home/.config/mcp/mcp.json')).toBe(true);
  });

  it('rollback help says what the default is', async () => {
    expect((await sb.run(['rollback', '--help'])).stdout).toContain('default: the newest one not yet undone');
  });

  it('--help points only at files the published tarball has', async () => {
    const help = (await sb.run(['--help'])).stdout;
    const referenced = [...help.matchAll(/\b(docs\/[\w.-]+\.md)\b/g)].map((m) => m[1] as string);
    expect(referenced.length).toBeGreaterThan(0);
    const packed = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: REPO_ROOT, encoding: 'utf8' })) as Array<{ files: Array<{ path: string }> }>;
    const files = packed[0]?.files.map((f) => f.path) ?? [];
    for (const doc of referenced) expect(files).toContain(doc);
  });
});

describe('npm run demo', () => {
  it('runs with no terminal, shows the main job, and writes nothing in the checkout or HOME', async () => {
    const home = await mkdtemp(path.join(os.tmpdir(), 'pb-demo-home-'));
    try {
      const statusBefore = execFileSync('git', ['status', '--porcelain'], { cwd: REPO_ROOT, encoding: 'utf8' });
      const r = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'demo.mjs')], {
        cwd: REPO_ROOT, env: { ...process.env, HOME: home }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'],
      });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain('$ patchbay init --yes');
      expect(r.stdout).toContain(`"command": ["npx", "--yes", "${SPEC}", "mcp"]`);
      expect(r.stdout).toContain('Nothing is registered');
      expect(r.stdout).toContain('byte-identical to what it was before init');
      expect(await readdir(home)).toEqual([]);
      expect(execFileSync('git', ['status', '--porcelain'], { cwd: REPO_ROOT, encoding: 'utf8' })).toBe(statusBefore);
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });
});

describe('an empty host file is present, not absent (issue "Hardening" item 7)', () => {
  it('a whitespace-only .mcp.json gets our entry, and uninstall gives back its exact bytes', async () => {
    await sb.write('project/.mcp.json', '\n  \n');
    expect((await sb.run(['init', '--yes', '--host', 'claude-code'])).code).toBe(0);
    expect(JSON.parse(await sb.read('project/.mcp.json')).mcpServers.patchbay.args).toEqual(['--yes', SPEC, 'mcp']);
    expect((await sb.run(['uninstall', '--yes', '--host', 'claude-code'])).code).toBe(0);
    expect(await sb.read('project/.mcp.json')).toBe('\n  \n');
  });
});
