// The MCP `plan` tool with a registry server.json the caller already has (the server stays offline: it
// renders, it never fetches), through a real SDK client over stdio: the diff is what
// `patchbay add <name>@<version> --as …` writes, secrets stay references, nothing is written; a
// malformed entry, a template and a missing required input are diagnostics with their codes.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { createSandbox, BUNDLE, REPO_ROOT, type Sandbox } from '../helpers/cli-sandbox.js';

const corpus = async (file: string) => JSON.parse(await readFile(path.join(REPO_ROOT, 'fixtures', 'corpus', 'server-json', file), 'utf8')) as Record<string, unknown>;

let sb: Sandbox;
let client: Client;
const EMPTY = '{\n  "mcpServers": {}\n}\n';

beforeAll(async () => {
  sb = await createSandbox();
  await sb.write('project/.mcp.json', EMPTY);
  client = new Client({ name: 'patchbay-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [BUNDLE, 'mcp'], cwd: sb.project, env: sb.env, stderr: 'pipe' }));
});
afterAll(async () => {
  await client?.close();
  await sb?.cleanup();
});

type Plan = { status: string; data?: { diff: string; command?: string; applicable: boolean }; diagnostics?: Array<{ code: string; message: string }> };
async function planOf(server: Record<string, unknown>): Promise<Plan> {
  const r = await client.callTool({ name: 'plan', arguments: { action: 'add', hosts: ['claude-code'], server } });
  return r.structuredContent as Plan;
}

describe('MCP plan with a serverJson', () => {
  it('renders it offline by the registry rules: pinned, secret as a reference, the add command, nothing written', async () => {
    const json = await corpus('029-browserbase-mcp-server-browserbase.json');
    const r = await planOf({ name: 'bb', serverJson: json, env: { BROWSERBASE_PROJECT_ID: 'proj-1' } });
    expect(r.status, JSON.stringify(r.diagnostics)).toBe('ok');
    const pkg = (json.packages as Array<{ identifier: string; version: string }>)[0];
    expect(r.data?.diff).toContain(`${pkg?.identifier}@${pkg?.version}`);
    expect(r.data?.diff).toContain('"BROWSERBASE_API_KEY": "${BROWSERBASE_API_KEY}"');
    expect(r.data?.command).toMatch(new RegExp(`add --yes --host claude-code --scope project io\\.github\\.browserbase/mcp-server-browserbase@${String(json.version).replace(/\./g, '\\.')} --as bb --env BROWSERBASE_PROJECT_ID=proj-1$`));
    expect(await sb.read('project/.mcp.json')).toBe(EMPTY);
  });

  it('a missing required input, a malformed entry, a template, two sources: each its diagnostic', async () => {
    const missing = await planOf({ name: 'bb', serverJson: await corpus('029-browserbase-mcp-server-browserbase.json') });
    expect(missing.status).toBe('diagnostic');
    expect(missing.diagnostics?.[0]).toMatchObject({ code: 'input-required', message: expect.stringContaining('BROWSERBASE_PROJECT_ID') });
    const malformed = await planOf({ name: 'j', serverJson: await corpus('015-Toastyice-JellyfinMCP.json') });
    expect(malformed.diagnostics?.[0]?.code).toBe('registry-malformed');
    const template = await planOf({ name: 't', serverJson: { name: 'io.x/y', version: '${VERSION}' } });
    expect(template.diagnostics?.[0]?.code).toBe('registry-template');
    const two = await planOf({ name: 'x', serverJson: { name: 'io.x/y', version: '1.0.0' }, command: 'node' });
    expect(two.status).toBe('invalid');
    expect(await sb.read('project/.mcp.json')).toBe(EMPTY);
  });
});
