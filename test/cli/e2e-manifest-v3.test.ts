// Manifest v3 (issue 27, SPEC "Manifest v3"): the README's own flow through the built CLI on real temp
// projects — each server keeps the hosts the user chose, `status` ends current, `sync` undoes nothing,
// add + remove gives back the exact prior tree (folders and manifest included), a 0.2 manifest is
// rewritten as v3 on the next write, and the hints name the command the user ran.
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

const GH_URL = 'https://api.githubcopilot.com/mcp/';
const HEADER = 'Authorization: Bearer ${env:GH_TOKEN}';

async function manifest(): Promise<Record<string, unknown> & { servers: Record<string, Record<string, unknown>> }> {
  return parseJsonc(await sb.read('project/patchbay.jsonc'));
}

describe("the README's flow: two servers, each on its own hosts", () => {
  it('status is current, sync plans nothing, and removing both gives back the exact prior tree', async () => {
    const before = await sb.snapshot();
    const fs = await sb.run(['add', 'fs', '--host', 'claude-code,cursor', '--yes', '--', 'node', 'fs-server.js']);
    expect(fs.code, fs.stderr).toBe(0);
    const gh = await sb.run(['add', 'gh', '--url', GH_URL, '--header', HEADER, '--host', 'opencode,codex', '--yes']);
    expect(gh.code, gh.stderr).toBe(0);

    const m = await manifest();
    expect(m.manifestVersion).toBe(3);
    expect(m.servers.fs).toEqual({ command: 'node', args: ['fs-server.js'], hosts: ['claude-code', 'cursor'] });
    expect(m.servers.gh).toEqual({ url: GH_URL, headers: { Authorization: 'Bearer ${env:GH_TOKEN}' }, hosts: ['opencode', 'codex'] });
    // Each server went only where it was sent.
    expect(Object.keys(JSON.parse(await sb.read('project/.mcp.json')).mcpServers)).toEqual(['fs']);
    expect(Object.keys(parseJsonc(await sb.read('project/.cursor/mcp.json')).mcpServers)).toEqual(['fs']);
    expect(await sb.read('project/.codex/config.toml')).toContain('[mcp_servers.gh]');
    expect(await sb.read('project/.codex/config.toml')).not.toContain('fs');

    const status = await sb.run(['status']);
    expect(status.code, status.stdout + status.stderr).toBe(0);
    expect(status.stdout).toMatch(/server fs \(node\) current +hosts: claude-code, cursor \(project\)/);
    expect(status.stdout).toMatch(/server gh \(https:[^)]*\) current +hosts: opencode, codex \(project\)/);

    const sync = await sb.run(['sync', '--dry-run', '--json']);
    expect(sync.code, sync.stderr).toBe(0);
    const plan = JSON.parse(sync.stdout) as { status: string; changes: unknown[] };
    // v0.2 would have planned fs into opencode/codex and gh into claude-code/cursor here.
    expect(plan.status, sync.stdout).toBe('nothing-to-do');
    expect(plan.changes).toEqual([]);

    for (const name of ['fs', 'gh']) {
      const rm = await sb.run(['remove', name, '--yes']);
      expect(rm.code, rm.stderr).toBe(0);
    }
    const after = await sb.snapshot();
    // The state dir is outside the snapshot (project + home): what is left is what the user had.
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    expect(after).toEqual(before);
  });
});

const MANIFEST_V2 = `{
  "$schema": "https://unpkg.com/patchbay-mcp@0.2.0/schema/patchbay.schema.json",
  // The lockfile of \`patchbay\`: \`patchbay sync\` (or \`init --yes\`) makes every host below match
  // exactly this — these hosts, at this scope, with these pinned servers. Commit it.
  "hosts": ["claude-code", "cursor"],
  "scope": "project",
  "servers": {
    "docs": { "url": "https://docs.example.com/mcp" } // the team's docs server
  }
}
`;

describe('a 0.2 (v2) manifest', () => {
  it('is read as-is (status current after sync) and rewritten as v3 on the next write, comments kept', async () => {
    await sb.write('project/patchbay.jsonc', MANIFEST_V2);
    const sync = await sb.run(['sync', '--yes']);
    expect(sync.code, sync.stderr).toBe(0);
    expect(JSON.parse(await sb.read('project/.mcp.json')).mcpServers.docs).toEqual({ type: 'http', url: 'https://docs.example.com/mcp' });
    expect(parseJsonc(await sb.read('project/.cursor/mcp.json')).mcpServers.docs).toEqual({ url: 'https://docs.example.com/mcp' });
    expect((await sb.run(['status'])).code).toBe(0);

    const add = await sb.run(['add', 'fs', '--host', 'cursor', '--yes', '--', 'node', 'fs.js']);
    expect(add.code, add.stderr).toBe(0);
    const text = await sb.read('project/patchbay.jsonc');
    expect(text).toContain("// the team's docs server");
    expect(text).toContain('// exactly this');
    const m = await manifest();
    expect(m.manifestVersion).toBe(3);
    // The old server keeps the v2 host list it was synced to; the new one only its own host.
    expect(m.servers.docs?.hosts).toEqual(['claude-code', 'cursor']);
    expect(m.servers.fs?.hosts).toEqual(['cursor']);
    expect(Object.keys(JSON.parse(await sb.read('project/.mcp.json')).mcpServers)).toEqual(['docs']);
    const status = await sb.run(['status']);
    expect(status.code, status.stdout + status.stderr).toBe(0);
  });
});

describe('init with no host detected', () => {
  it('falls back to the generic user file, and status reports it registered', async () => {
    const init = await sb.run(['init', '--yes']);
    expect(init.code, init.stderr).toBe(0);
    const status = await sb.run(['status']);
    expect(status.code, status.stdout + status.stderr).toBe(0);
    expect(status.stdout).not.toMatch(/Nothing is registered/);
    expect(status.stdout).toMatch(/generic/i);
  });
});

describe('hints name the command the user ran', () => {
  it('through npx (npm_command=exec): "npx patchbay-mcp rollback"; directly: "patchbay rollback"', async () => {
    const viaNpx = await sb.run(['add', 'a', '--host', 'cursor', '--yes', '--', 'node', 'a.js'], { env: { npm_command: 'exec' } });
    expect(viaNpx.code, viaNpx.stderr).toBe(0);
    expect(viaNpx.stdout + viaNpx.stderr).toMatch(/Undo with: npx patchbay-mcp rollback/);
    const direct = await sb.run(['add', 'b', '--host', 'cursor', '--yes', '--', 'node', 'b.js']);
    expect(direct.code, direct.stderr).toBe(0);
    expect(direct.stdout + direct.stderr).toMatch(/Undo with: patchbay rollback/);
    expect(direct.stdout + direct.stderr).not.toMatch(/npx patchbay-mcp/);
  });
});

describe('add --host on no terminal', () => {
  it('applies without --yes (the hosts are the consent), as init --host does', async () => {
    const r = await sb.run(['add', 'fs', '--host', 'cursor', '--', 'node', 'fs.js']);
    expect(r.code, r.stderr).toBe(0);
    expect(parseJsonc(await sb.read('project/.cursor/mcp.json')).mcpServers.fs).toEqual({ command: 'node', args: ['fs.js'] });
  });
});

const OPENCODE_V1 = `{
  "$schema": "https://opencode.ai/config.json",
  "mcp": {
    // flat V1 entries, as OpenCode 1.x writes them
    "mine": { "type": "local", "command": ["my-mcp"], "enabled": true }
  }
}
`;

describe('OpenCode with no binary to ask', () => {
  it('a file of flat V1 entries stays V1: never two layouts in one file', async () => {
    await sb.write('project/opencode.jsonc', OPENCODE_V1);
    const r = await sb.run(['add', 'fs', '--host', 'opencode', '--yes', '--', 'node', 'fs.js']);
    expect(r.code, r.stderr).toBe(0);
    const doc = parseJsonc(await sb.read('project/opencode.jsonc'));
    expect(doc.mcp.servers).toBeUndefined();
    expect(doc.mcp.fs).toEqual({ type: 'local', command: ['node', 'fs.js'], enabled: true });
    expect(await sb.read('project/opencode.jsonc')).toContain('// flat V1 entries');
  });
});

describe('Kilo header references', () => {
  it('user scope writes {env:NAME}; project scope is refused naming the host and scope, nothing written', async () => {
    const user = await sb.run(['add', 'gh', '--url', GH_URL, '--header', HEADER, '--host', 'kilo', '--scope', 'user', '--yes']);
    expect(user.code, user.stderr).toBe(0);
    const kiloUser = await sb.read('home/.config/kilo/kilo.jsonc').catch(() => sb.read('home/.config/kilo/kilo.json'));
    expect(kiloUser).toContain('"Authorization": "Bearer {env:GH_TOKEN}"');

    const before = await sb.snapshot();
    const project = await sb.run(['add', 'gh2', '--url', GH_URL, '--header', HEADER, '--host', 'kilo', '--scope', 'project', '--yes']);
    expect(project.code).toBe(3);
    expect(project.stderr).toMatch(/Kilo[^\n]*project scope/);
    expect(await sb.snapshot()).toEqual(before);
  });
});
