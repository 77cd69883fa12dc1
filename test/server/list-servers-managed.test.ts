// list_servers (MCP, through a real SDK client over stdio) and `patchbay list --json` (its CLI face)
// show, for every server in every host file, whether patchbay manages it, the exact pin, and its state
// against the manifest: current, stale (another pin), modified (edited by hand), foreign (same name,
// not written by patchbay), or unmanaged.
import { chmod, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { createSandbox, BUNDLE, type Sandbox } from '../helpers/cli-sandbox.js';

type Row = { host: string; scope: string; file: string; name: string; managed: boolean; state: string; pin?: string };

let sb: Sandbox;
let client: Client;

async function ok(args: string[]): Promise<string> {
  const r = await sb.run(args);
  expect(r.code, `${args.join(' ')}\n${r.stdout}\n${r.stderr}`).toBe(0);
  return r.stdout;
}

beforeAll(async () => {
  sb = await createSandbox();
  // A fake npm answering `npm view`: resolution is exact and offline.
  const npm = path.join(sb.bin, 'npm');
  await writeFile(npm, `#!/bin/sh\necho '["1.2.3"]'\n`);
  await chmod(npm, 0o755);
  await sb.write('project/.cursor/mcp.json', '{"mcpServers": {"mine": {"command": "my-mcp"}, "db": {"command": "db-by-hand"}}}\n');
  await ok(['add', 'fixture', 'fixture-mcp@^1.0.0', '--host', 'claude-code,opencode', '--opencode-version', '1.18.33', '--yes']);
  await ok(['add', 'db', '--host', 'claude-code', '--yes', '--', 'db-mcp']);
  // Hand edits after patchbay wrote: OpenCode's fixture entry gets another pin (the only difference
  // from the manifest's entry: `stale`, `sync` re-pins it), Claude's db entry gains an arg (`modified`).
  const oc = await sb.read('project/opencode.jsonc');
  await sb.write('project/opencode.jsonc', oc.replace('"fixture-mcp@1.2.3"', '"fixture-mcp@1.0.0"'));
  const claude = JSON.parse(await sb.read('project/.mcp.json'));
  claude.mcpServers.db.args = ['--verbose'];
  await sb.write('project/.mcp.json', `${JSON.stringify(claude, null, 2)}\n`);
  client = new Client({ name: 'patchbay-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [BUNDLE, 'mcp'], cwd: sb.project, env: sb.env, stderr: 'pipe' }));
});

afterAll(async () => {
  await client?.close();
  await sb?.cleanup();
});

const key = (r: Row) => `${r.host}:${r.name}`;
const view = (rows: Row[]) => Object.fromEntries(rows.filter((r) => r.scope === 'project').map((r) => [key(r), { managed: r.managed, state: r.state, ...(r.pin ? { pin: r.pin } : {}) }]));

const EXPECTED = {
  'claude-code:fixture': { managed: true, state: 'current', pin: '1.2.3' },
  'claude-code:db': { managed: true, state: 'modified' },
  // Copilot CLI reads Claude Code's .mcp.json: the same entries, the same states.
  'copilot-cli:fixture': { managed: true, state: 'current', pin: '1.2.3' },
  'copilot-cli:db': { managed: true, state: 'modified' },
  'opencode:fixture': { managed: true, state: 'stale', pin: '1.0.0' },
  'cursor:mine': { managed: false, state: 'unmanaged' },
  // Same name as a managed server, but in a file patchbay never wrote it to: not ours.
  'cursor:db': { managed: false, state: 'foreign' },
};

describe('managed, pin and state for every server', () => {
  it('list_servers over a real MCP client', async () => {
    const result = await client.callTool({ name: 'list_servers', arguments: { scope: 'project' } });
    const envelope = result.structuredContent as { status: string; data: { servers: Row[] } };
    expect(envelope.status).toBe('ok');
    expect(view(envelope.data.servers)).toEqual(EXPECTED);
  });

  it('`patchbay list --json` says the same', async () => {
    const rows = JSON.parse(await ok(['list', '--json', '--scope', 'project'])).servers as Row[];
    expect(view(rows)).toEqual(EXPECTED);
  });

  it('`patchbay list` shows it in words', async () => {
    const out = await ok(['list', '--scope', 'project']);
    expect(out).toMatch(/fixture .*claude-code.*\[managed @1\.2\.3, current\]/);
    expect(out).toMatch(/db .*claude-code.*\[managed, modified\]/);
    expect(out).not.toMatch(/mine .*\[managed/);
  });
});
