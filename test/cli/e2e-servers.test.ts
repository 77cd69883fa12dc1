// Any server (issue "Manage any MCP server"): add / remove / update / sync / list through the built
// CLI on real temp projects, with the tree hashed before and after every refusal. npm is a fake on
// PATH here (a script answering `npm view`), so registry outcomes are exact and offline; the real
// registry path is the same child process with the user's npm.
import { chmod, writeFile } from 'node:fs/promises';
import path from 'node:path';
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

/** A fake `npm` whose `view <pkg>@<range> version --json` answers from a table (or fails like npm). */
async function fakeNpm(behaviour: 'versions' | 'down' | 'e404', versions: string[] = []): Promise<void> {
  const body = behaviour === 'down'
    ? 'echo "npm error code ENOTFOUND" >&2; echo "npm error network request to https://registry.example/x failed" >&2; exit 1'
    : behaviour === 'e404'
      ? 'echo "npm error code E404" >&2; echo "npm error 404 Not Found - GET https://registry.example/nope" >&2; exit 1'
      : `echo '${JSON.stringify(versions)}'`;
  const file = path.join(sb.bin, 'npm');
  await writeFile(file, `#!/bin/sh\n[ "$1" = "view" ] || { echo "fake npm: unexpected $*" >&2; exit 64; }\n${body}\n`);
  await chmod(file, 0o755);
}

const COMMENTED_CURSOR = `{
  // team config: keep me
  "mcpServers": {
    "mine": { "command": "my-mcp" } // hand-added, never touched
  }
}
`;
const COMMENTED_OPENCODE = `{
  "$schema": "https://opencode.ai/config.json",
  // theme
  "theme": "dark"
}
`;

describe('add a remote server with a secret by reference', () => {
  it('writes each host its own reference syntax and no literal secret; remove gives back the exact bytes', async () => {
    await sb.write('project/.cursor/mcp.json', COMMENTED_CURSOR);
    await sb.write('project/opencode.jsonc', COMMENTED_OPENCODE);
    const before = await sb.snapshot();
    const r = await sb.run(['add', 'github', '--url', 'https://api.githubcopilot.com/mcp/', '--header', 'Authorization: Bearer ${env:GITHUB_TOKEN}', '--host', 'claude-code,cursor,opencode', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(await sb.read('project/.mcp.json')).mcpServers.github).toEqual({ type: 'http', url: 'https://api.githubcopilot.com/mcp/', headers: { Authorization: 'Bearer ${GITHUB_TOKEN}' } });
    expect(parseJsonc(await sb.read('project/.cursor/mcp.json')).mcpServers.github).toEqual({ url: 'https://api.githubcopilot.com/mcp/', headers: { Authorization: 'Bearer ${env:GITHUB_TOKEN}' } });
    expect(parseJsonc(await sb.read('project/opencode.jsonc')).mcp.servers.github).toEqual({ type: 'remote', url: 'https://api.githubcopilot.com/mcp/', headers: { Authorization: 'Bearer {env:GITHUB_TOKEN}' }, disabled: false });
    expect(await sb.read('project/.cursor/mcp.json')).toContain('// hand-added, never touched');
    expect(parseJsonc(await sb.read('project/patchbay.jsonc')).servers.github.headers.Authorization).toBe('Bearer ${env:GITHUB_TOKEN}');
    expect((await sb.run(['status'])).code).toBe(0);

    const rm = await sb.run(['remove', 'github', '--yes']);
    expect(rm.code, rm.stderr).toBe(0);
    const after = await sb.snapshot();
    for (const file of ['project/.cursor/mcp.json', 'project/opencode.jsonc']) expect(after[file]).toEqual(before[file]);
    expect(sb.exists('project/.mcp.json')).toBe(false);
  });
});

describe('pinning through npm', () => {
  it('resolves a range once to the exact version everywhere and keeps the range for update', async () => {
    await fakeNpm('versions', ['1.0.0', '1.2.3', '2.0.0']);
    await sb.write('project/.mcp.json', '{\n  "mcpServers": {}\n}\n');
    const r = await sb.run(['add', 'fixture', 'fixture-mcp@^1.0.0', '--host', 'claude-code', '--yes', '--', '--stdio']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(await sb.read('project/.mcp.json')).mcpServers.fixture).toEqual({ command: 'npx', args: ['--yes', 'fixture-mcp@1.2.3', '--stdio'] });
    expect(parseJsonc(await sb.read('project/patchbay.jsonc')).servers.fixture).toEqual({ npm: 'fixture-mcp', version: '1.2.3', range: '^1.0.0', args: ['--stdio'], hosts: ['claude-code'] });

    await fakeNpm('versions', ['1.0.0', '1.2.3', '1.3.0', '2.0.0']);
    const up = await sb.run(['update', '--yes']);
    expect(up.code, up.stderr).toBe(0);
    expect(up.stdout).toContain('fixture: 1.2.3 -> 1.3.0');
    expect(JSON.parse(await sb.read('project/.mcp.json')).mcpServers.fixture.args).toEqual(['--yes', 'fixture-mcp@1.3.0', '--stdio']);
    const latest = await sb.run(['update', '--latest', '--yes']);
    expect(latest.stdout).toContain('fixture: 1.3.0 -> 2.0.0');
    expect((await sb.run(['status'])).code).toBe(0);
  });

  for (const [name, behaviour, code] of [
    ['registry down', 'down', 'registry-unreachable'],
    ['no such package', 'e404', 'no-such-package'],
    ['no matching version', 'versions', 'no-such-version'],
  ] as const) {
    it(`${name}: a clear refusal, nothing written`, async () => {
      await fakeNpm(behaviour, behaviour === 'versions' ? ['0.1.0'] : []);
      await sb.write('project/.mcp.json', '{}\n');
      const before = await sb.snapshot();
      const r = await sb.run(['add', 'x', 'x-mcp@^9', '--host', 'claude-code', '--yes', '--json']);
      expect(r.code).toBe(3);
      expect(JSON.parse(r.stdout).error.code).toBe(code);
      expect(await sb.snapshot()).toEqual(before);
    });
  }
});

describe('secrets and ownership fail closed', () => {
  it('a literal secret bound for a project file is refused; --allow-literal-secrets overrides', async () => {
    await sb.write('project/.mcp.json', '{}\n');
    const before = await sb.snapshot();
    const r = await sb.run(['add', 'db', '--host', 'claude-code', '--env', 'API_KEY=hunter2hunter2', '--yes', '--', 'db-mcp']);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('literal-secret-in-project-file');
    expect(r.stderr + r.stdout).not.toContain('hunter2hunter2');
    expect(await sb.snapshot()).toEqual(before);
    const ok = await sb.run(['add', 'db', '--host', 'claude-code', '--env', 'API_KEY=hunter2hunter2', '--allow-literal-secrets', '--yes', '--', 'db-mcp']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout + ok.stderr).not.toContain('hunter2hunter2');
  });

  it('a same-name entry patchbay does not manage is foreign (refused); --adopt takes it over', async () => {
    await sb.write('project/.mcp.json', '{\n  "mcpServers": {\n    "db": { "command": "old-db" }\n  }\n}\n');
    const before = await sb.snapshot();
    const r = await sb.run(['add', 'db', '--host', 'claude-code', '--yes', '--', 'db-mcp']);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('foreign-entry');
    expect(r.stderr).toContain('--adopt');
    expect(await sb.snapshot()).toEqual(before);
    const adopt = await sb.run(['add', 'db', '--host', 'claude-code', '--adopt', '--yes', '--', 'db-mcp']);
    expect(adopt.code, adopt.stderr).toBe(0);
    expect(JSON.parse(await sb.read('project/.mcp.json')).mcpServers.db).toEqual({ command: 'db-mcp', args: [] });
  });

  it('a managed entry edited by hand is modified: remove refuses it without --force', async () => {
    await sb.write('project/.mcp.json', '{}\n');
    expect((await sb.run(['add', 'db', '--host', 'claude-code', '--yes', '--', 'db-mcp'])).code).toBe(0);
    const edited = (await sb.read('project/.mcp.json')).replace('"db-mcp"', '"db-mcp-custom"');
    await sb.write('project/.mcp.json', edited);
    const before = await sb.snapshot();
    const r = await sb.run(['remove', 'db', '--yes']);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('modified-entry');
    expect(await sb.snapshot()).toEqual(before);
    expect((await sb.run(['status'])).code).toBe(1);
    expect((await sb.run(['remove', 'db', '--force', '--yes'])).code).toBe(0);
    expect(JSON.parse(await sb.read('project/.mcp.json')).mcpServers?.db).toBeUndefined();
  });

  it('remove of a name patchbay does not manage is a usage error naming what is managed', async () => {
    await sb.write('project/.mcp.json', '{\n  "mcpServers": {\n    "mine": { "command": "x" }\n  }\n}\n');
    const r = await sb.run(['remove', 'mine', '--yes', '--json']);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).error.code).toBe('server-not-managed');
    expect(JSON.parse(await sb.read('project/.mcp.json')).mcpServers.mine).toEqual({ command: 'x' });
  });
});

describe('sync: the manifest is the lockfile', () => {
  it('adds what is missing, removes what the manifest dropped, never touches a hand-added server', async () => {
    await sb.write('project/.cursor/mcp.json', COMMENTED_CURSOR);
    const original = await sb.read('project/.cursor/mcp.json');
    await sb.write('project/patchbay.jsonc', `{
  // our servers
  "hosts": ["claude-code", "cursor"],
  "scope": "project",
  "servers": {
    "a": { "command": "a-mcp", "args": ["--x"] },
    "b": { "url": "https://b.example/mcp", "headers": { "Authorization": "Bearer \${env:B_TOKEN}" } }
  }
}
`);
    const drift = await sb.run(['status']);
    expect(drift.code).toBe(1);
    const r = await sb.run(['sync', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    // Two servers into one file, in one transaction.
    expect(Object.keys(JSON.parse(await sb.read('project/.mcp.json')).mcpServers)).toEqual(['a', 'b']);
    expect(Object.keys(parseJsonc(await sb.read('project/.cursor/mcp.json')).mcpServers)).toEqual(['mine', 'a', 'b']);
    expect((await sb.run(['status'])).code).toBe(0);
    expect((await sb.run(['sync', '--yes'])).stdout).toContain('Nothing to do');

    const manifest = await sb.read('project/patchbay.jsonc');
    await sb.write('project/patchbay.jsonc', manifest.replace(/\n    "a": .*\n/, '\n'));
    const again = await sb.run(['sync', '--yes']);
    expect(again.code, again.stderr).toBe(0);
    expect(Object.keys(parseJsonc(await sb.read('project/.cursor/mcp.json')).mcpServers)).toEqual(['mine', 'b']);
    // Dropping b too gives back the exact bytes of the hand-edited file.
    await sb.write('project/patchbay.jsonc', (await sb.read('project/patchbay.jsonc')).replace(/\n    "b": .*\n/, '\n'));
    expect((await sb.run(['sync', '--yes'])).code).toBe(0);
    expect(await sb.read('project/.cursor/mcp.json')).toBe(original);
    expect(sb.exists('project/.mcp.json')).toBe(false);
  });

  it('list shows every server in every host file, managed or not, secrets redacted', async () => {
    await sb.write('project/.cursor/mcp.json', '{"mcpServers": {"mine": {"command": "x", "args": ["--token", "tok123secret"], "env": {"K": "v"}}}}');
    expect((await sb.run(['add', 'db', '--host', 'cursor', '--yes', '--', 'db-mcp'])).code).toBe(0);
    const r = await sb.run(['list', '--json']);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('tok123secret');
    const rows = JSON.parse(r.stdout).servers as Array<{ name: string; managed: boolean; env_names: string[] }>;
    expect(rows.map((x) => [x.name, x.managed])).toEqual([['mine', false], ['db', true]]);
    expect(rows[0]?.env_names).toEqual(['K']);
  });
});
