// readTargets: the host files of every host and scope, as each host reads them (shapes, strictness,
// Claude Code's local scope and project approval), against a real temp project and home.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readTargets } from '../../src/doctor/targets.js';
import type { Target } from '../../src/doctor/types.js';

let root: string;
let project: string;
let home: string;
let env: Record<string, string>;

async function put(file: string, value: unknown): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
}

const brief = (t: Target) => ({ host: t.host, scope: t.scope, file: path.relative(root, t.file), name: t.name, kind: t.launch.kind });

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'pb-doctor-targets-'));
  project = path.join(root, 'project');
  home = path.join(root, 'home');
  await mkdir(project, { recursive: true });
  env = { HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), PATH: '/usr/bin', API_KEY: 'k-1' };
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('readTargets', () => {
  it('lists every server of every host file, each in its host shape', async () => {
    await put(path.join(project, '.mcp.json'), { mcpServers: { cc: { command: 'node', args: ['s.mjs'], env: { K: '${API_KEY}' } } } });
    await put(path.join(home, '.claude.json'), {
      mcpServers: { user1: { type: 'http', url: 'https://u.example/mcp' } },
      projects: { [project]: { hasTrustDialogAccepted: true, enabledMcpjsonServers: ['cc'], mcpServers: { loc: { command: 'loc-srv' } } } },
    });
    await put(path.join(project, '.cursor', 'mcp.json'), '{\n  // Cursor tolerates comments\n  "mcpServers": { "cur": { "command": "x", "env": { "K": "${env:API_KEY}" } } }\n}\n');
    await put(path.join(project, 'opencode.jsonc'), {
      $schema: 'https://opencode.ai/config.json',
      mcp: { v1: { type: 'local', command: ['a'] }, toggled: { enabled: true }, servers: { v2: { type: 'remote', url: 'https://r.example/mcp' } } },
    });
    await put(path.join(home, '.config', 'mcp', 'mcp.json'), { mcpServers: { gen: { command: 'g', disabled: true } } });

    const read = await readTargets({ projectDir: project, home, env });
    expect(read.diagnostics).toEqual([]);
    expect(read.targets.map(brief)).toEqual([
      { host: 'opencode', scope: 'project', file: 'project/opencode.jsonc', name: 'v1', kind: 'launch' },
      { host: 'opencode', scope: 'project', file: 'project/opencode.jsonc', name: 'v2', kind: 'launch' },
      { host: 'claude-code', scope: 'project', file: 'project/.mcp.json', name: 'cc', kind: 'launch' },
      { host: 'claude-code', scope: 'user', file: 'home/.claude.json', name: 'user1', kind: 'launch' },
      { host: 'claude-code', scope: 'local', file: 'home/.claude.json', name: 'loc', kind: 'launch' },
      { host: 'cursor', scope: 'project', file: 'project/.cursor/mcp.json', name: 'cur', kind: 'launch' },
      { host: 'generic', scope: 'user', file: 'home/.config/mcp/mcp.json', name: 'gen', kind: 'disabled' },
      // GitHub Copilot CLI reads the project `.mcp.json` too: the same server, its own row.
      { host: 'copilot-cli', scope: 'project', file: 'project/.mcp.json', name: 'cc', kind: 'launch' },
    ]);
    const cc = read.targets.find((t) => t.name === 'cc' && t.host === 'claude-code');
    expect(cc?.withheld).toBeUndefined();
    // Copilot CLI has no trusted_folders entry for the project: its row of the same entry is withheld.
    expect(read.targets.find((t) => t.name === 'cc' && t.host === 'copilot-cli')?.withheld).toMatchObject({ status: 'untrusted' });
    // OpenCode asks nobody, the user's own and Claude Code's local servers need no consent, and
    // Cursor's rules are unknown: withheld are Cursor's project server and Copilot's row.
    expect(read.targets.filter((t) => t.withheld !== undefined).map((t) => `${t.host} ${t.name}`)).toEqual(['cursor cur', 'copilot-cli cc']);
    expect(cc?.launch).toMatchObject({ kind: 'launch', launch: { env: { K: 'k-1' }, cwd: project } });
    expect(read.targets.find((t) => t.name === 'cur')?.launch).toMatchObject({ launch: { env: { K: 'k-1' } } });
  });

  it('--host and --scope narrow the files read', async () => {
    await put(path.join(project, '.mcp.json'), { mcpServers: { p: { command: 'p' } } });
    await put(path.join(home, '.claude.json'), { mcpServers: { u: { command: 'u' } } });
    await put(path.join(project, '.cursor', 'mcp.json'), { mcpServers: { c: { command: 'c' } } });
    const read = await readTargets({ projectDir: project, home, env, hosts: ['claude-code'], scopes: ['user'] });
    expect(read.targets.map((t) => t.name)).toEqual(['u']);
    expect(read.files).toEqual([path.join(home, '.claude.json')]);
  });

  it('the header lists each file once: .mcp.json is read by Claude Code and Copilot CLI', async () => {
    await put(path.join(project, '.mcp.json'), { mcpServers: { p: { command: 'p' } } });
    const read = await readTargets({ projectDir: project, home, env, scopes: ['project'] });
    expect(read.targets.map((t) => t.host)).toEqual(['claude-code', 'copilot-cli']);
    expect(read.files).toEqual([path.join(project, '.mcp.json')]);
  });

  it('Claude Code project servers: pending without approval, disabled when refused', async () => {
    await put(path.join(project, '.mcp.json'), { mcpServers: { a: { command: 'a' }, b: { command: 'b' }, c: { command: 'c' } } });
    await put(path.join(home, '.claude.json'), { projects: { [project]: { hasTrustDialogAccepted: true, disabledMcpjsonServers: ['c'] } } });
    await put(path.join(project, '.claude', 'settings.local.json'), { enabledMcpjsonServers: ['a'] });
    const read = await readTargets({ projectDir: project, home, env, hosts: ['claude-code'], scopes: ['project'] });
    const [a, b, c] = read.targets;
    expect(a?.withheld).toBeUndefined();
    expect(b?.withheld).toMatchObject({ status: 'needs-approval', reason: expect.stringMatching(/not approved/) });
    expect(c?.launch).toEqual({ kind: 'disabled', reason: 'Claude Code: listed in disabledMcpjsonServers (~/.claude.json)' });
  });

  it('a file the host cannot read gives a diagnostic and no targets; the other files still count', async () => {
    await put(path.join(project, '.mcp.json'), '{\n  // a comment: Claude Code rejects the file\n  "mcpServers": { "a": { "command": "a" } }\n}\n');
    await put(path.join(project, '.cursor', 'mcp.json'), { mcpServers: [] });
    await put(path.join(project, 'opencode.json'), { mcp: { ok: { type: 'local', command: ['x'] } } });
    const read = await readTargets({ projectDir: project, home, env, scopes: ['project'] });
    expect(read.targets.map((t) => t.name)).toEqual(['ok']);
    expect(read.diagnostics.map((d) => [d.code, d.host, path.relative(root, d.path ?? '')])).toEqual([
      ['comment-in-strict-json', 'claude-code', 'project/.mcp.json'],
      ['invalid-shape', 'cursor', 'project/.cursor/mcp.json'],
      ['comment-in-strict-json', 'copilot-cli', 'project/.mcp.json'],
    ]);
  });
});
