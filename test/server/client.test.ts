// End to end through a REAL MCP client: @modelcontextprotocol/client's Client over its
// StdioClientTransport, spawning the built `node dist/patchbay.mjs mcp` in a temp project with real
// host files (holding canary secrets), a temp HOME and a real journal. Every tool and resource is
// called; no answer may contain a canary, and no file may change.
import path from 'node:path';
import { readFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { apply, createPlan, makeChange, readBefore } from '../../src/rollback/index.js';
import { PATCHBAY_VERSION } from '../../src/version.js';
import { CANARIES, bundlePath, findCanaries, hashTree, makeSandbox, type Sandbox } from './helpers.js';

type Envelope = { contract_version: string; tool: string; status: string; data?: Record<string, unknown>; diagnostics?: { code: string; path?: string }[] };

let sandbox: Sandbox;
let client: Client;
let before: Awaited<ReturnType<typeof hashTree>>;
/** Every response body seen, for the canary sweep. */
const seen: string[] = [];

async function call(name: string, args: Record<string, unknown> = {}): Promise<Envelope> {
  const result = await client.callTool({ name, arguments: args });
  seen.push(JSON.stringify(result));
  const structured = result.structuredContent as Envelope;
  const text = (result.content as { type: string; text: string }[])[0]!.text;
  expect(JSON.parse(text)).toEqual(structured);
  expect(structured.contract_version).toBe('patchbay-mcp/v1');
  expect(structured.tool).toBe(name);
  return structured;
}

beforeAll(async () => {
  const bundle = bundlePath();
  sandbox = await makeSandbox();
  // A real committed transaction in the journal: the engine writes a file in the project, with a
  // description carrying a credential URL (history must redact it).
  const notes = path.join(sandbox.project, 'notes.txt');
  await writeFile(notes, 'before\n');
  const plan = createPlan(`init claude-code (project) https://bob:${CANARIES.userinfo}@x.example/`, [
    makeChange(notes, await readBefore(notes), new TextEncoder().encode(`after ${CANARIES.env}\n`)),
  ], []);
  await apply(plan, { stateDir: sandbox.stateDir });
  before = await hashTree(sandbox.root);
  client = new Client({ name: 'patchbay-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [bundle, 'mcp'], cwd: sandbox.project, env: sandbox.env, stderr: 'pipe' }),
  );
});

afterAll(async () => {
  await client?.close();
  await sandbox?.cleanup();
});

describe('patchbay mcp through the SDK client', () => {
  it('identifies itself and lists seven read-only tools with output schemas', async () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'patchbay', version: PATCHBAY_VERSION });
    expect(Buffer.byteLength(client.getInstructions() ?? '')).toBeLessThan(2048);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['check', 'history', 'list_hosts', 'list_servers', 'plan', 'read_doc', 'search_docs']);
    for (const tool of tools) {
      expect(tool.outputSchema, tool.name).toBeDefined();
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
      expect(Buffer.byteLength(tool.description ?? '')).toBeLessThan(2048);
    }
  });

  it('list_hosts: detects hosts with reasons and shows paths project-relative or ~/', async () => {
    const env = await call('list_hosts');
    expect(env.status === 'ok' || env.status === 'diagnostic').toBe(true);
    const hosts = env.data!.hosts as { host: string; detected: boolean; reasons: string[]; version?: string; files: { path: string; exists: boolean }[] }[];
    const claude = hosts.find((h) => h.host === 'claude-code')!;
    expect(claude.detected).toBe(true);
    expect(claude.reasons.join(' ')).toMatch(/2\.1\.332|claude/i);
    expect(claude.files.map((f) => f.path)).toContain('.mcp.json');
    expect(claude.files.map((f) => f.path)).toContain('~/.claude.json');
    const all = JSON.stringify(env);
    expect(all).not.toContain(sandbox.home);
    expect(all).not.toContain(sandbox.project);
  });

  it('list_servers: every server, env and header names only, URLs redacted', async () => {
    const env = await call('list_servers');
    expect(env.status).toBe('ok');
    const servers = env.data!.servers as { host: string; name: string; env_names: string[]; header_names: string[]; url?: string; managed: boolean; state: string }[];
    const names = servers.map((s) => `${s.host}:${s.name}`);
    for (const n of ['claude-code:local-tool', 'claude-code:remote', 'cursor:search', 'cursor:db', 'opencode:docs', 'opencode:fs', 'claude-code:personal']) {
      expect(names).toContain(n);
    }
    const local = servers.find((s) => s.name === 'local-tool')!;
    expect(local.env_names.sort()).toEqual(['API_TOKEN', 'PLAIN']);
    const remote = servers.find((s) => s.name === 'remote')!;
    expect(remote.header_names.sort()).toEqual(['Authorization', 'X-Custom']);
    expect(remote.url).toContain('mcp.example.com');
    expect(remote.managed).toBe(false);
    expect(remote.state).toBe('unmanaged');
  });

  it('check: reports the problems init would raise, with codes', async () => {
    const env = await call('check', { scope: 'project' });
    expect(['ok', 'diagnostic']).toContain(env.status);
    expect(env.data!.checked).toEqual(expect.arrayContaining([expect.objectContaining({ host: 'claude-code', scope: 'project' })]));
  });

  it('check: a comment in strict .mcp.json is a diagnostic with path and line', async () => {
    const other = await makeSandbox();
    try {
      await writeFile(path.join(other.project, '.mcp.json'), '{\n  // no comments in strict JSON\n  "mcpServers": {}\n}\n');
      const c2 = new Client({ name: 't', version: '1' });
      await c2.connect(new StdioClientTransport({ command: process.execPath, args: [bundlePath(), 'mcp'], cwd: other.project, env: other.env, stderr: 'pipe' }));
      const result = await c2.callTool({ name: 'check', arguments: { hosts: ['claude-code'], scope: 'project' } });
      await c2.close();
      const env = result.structuredContent as Envelope;
      expect(env.status).toBe('diagnostic');
      const d = env.diagnostics!.find((x) => x.path === '.mcp.json')!;
      expect(d).toBeDefined();
      expect(d.code).toMatch(/comment|parse/);
    } finally {
      await other.cleanup();
    }
  });

  it('plan: diffs and the exact command line, secrets redacted, nothing applied', async () => {
    const env = await call('plan', { action: 'init', hosts: ['claude-code', 'cursor'], scope: 'project' });
    expect(env.status).toBe('ok');
    const data = env.data as { diff: string; command: string; files: { path: string; change: string; host?: string }[]; applicable: boolean };
    expect(data.applicable).toBe(true);
    expect(data.command).toBe(`npx --yes patchbay-mcp@${PATCHBAY_VERSION} init --yes --host claude-code,cursor --scope project`);
    // The host files, and patchbay's own record that it manages its server there.
    expect(data.files.filter((f) => f.host !== 'patchbay state').map((f) => f.path).sort()).toEqual(['.cursor/mcp.json', '.mcp.json']);
    expect(data.files.filter((f) => f.host === 'patchbay state').map((f) => path.basename(f.path))).toEqual(['managed.json']);
    expect(data.diff).toContain('+++ b/.mcp.json');
    expect(data.diff).toContain(`patchbay-mcp@${PATCHBAY_VERSION}`);
    expect(data.diff).toContain('<redacted>');
  });

  it('plan: every action previews without writing; a planned uninstall with nothing to remove is empty', async () => {
    const env = await call('plan', { action: 'uninstall', hosts: ['claude-code'] });
    expect(['empty', 'ok']).toContain(env.status);
    const init = await call('plan', { action: 'init' });
    expect(['ok', 'diagnostic']).toContain(init.status);
    const migrate = await call('plan', { action: 'migrate', hosts: ['opencode'], scope: 'project' });
    expect(['ok', 'empty', 'diagnostic']).toContain(migrate.status);
  });

  it('history: the journal transaction, credentials in its description redacted', async () => {
    const env = await call('history');
    expect(env.status).toBe('ok');
    const tx = (env.data!.transactions as { id: string; status: string; description: string; files: { path: string }[] }[])[0]!;
    expect(tx.status).toBe('committed');
    expect(tx.files.map((f) => f.path)).toEqual(['notes.txt']);
    expect(tx.description).toContain('<redacted>');
  });

  it('search_docs and read_doc: the bundled documentation', async () => {
    const search = await call('search_docs', { query: 'response too large', max_results: 3 });
    expect(search.status).toBe('ok');
    const first = (search.data!.results as { id: string; document: string }[])[0]!;
    expect(first.document).toBe('mcp-server');
    const doc = await call('read_doc', { id: first.id });
    expect(doc.status).toBe('ok');
    expect(String(doc.data!.text)).toMatch(/256 KiB/);
    const missing = await call('read_doc', { id: 'nope' });
    expect(missing.status).toBe('invalid');
  });

  it('rejects an unknown tool with -32602 and bad arguments with a tool error', async () => {
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toMatchObject({ code: -32602 });
    const bad = await client.callTool({ name: 'plan', arguments: { action: 'explode' } });
    seen.push(JSON.stringify(bad));
    expect(bad.isError).toBe(true);
  });

  it('serves every resource and the docs template', async () => {
    const { resources } = await client.listResources();
    const uris = resources.map((r) => r.uri);
    for (const uri of ['patchbay://hosts', 'patchbay://servers', 'patchbay://history', 'patchbay://docs/mcp-server', 'patchbay://docs/readme']) {
      expect(uris).toContain(uri);
    }
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toContain('patchbay://docs/{id}');
    for (const uri of uris) {
      const read = await client.readResource({ uri });
      seen.push(JSON.stringify(read));
      const text = (read.contents[0] as { text: string }).text;
      if (uri.startsWith('patchbay://docs/')) expect(text.length).toBeGreaterThan(0);
      else expect((JSON.parse(text) as Envelope).contract_version).toBe('patchbay-mcp/v1');
    }
    await expect(client.readResource({ uri: 'patchbay://docs/nope' })).rejects.toMatchObject({ code: -32602 });
  });

  it('security sweep: no canary secret in any answer, and not one file changed', async () => {
    // A second pass over every tool with every scope, on top of what the tests above collected.
    for (const scope of ['project', 'user'] as const) {
      await call('list_hosts', { scope });
      await call('list_servers', { scope });
      await call('check', { scope });
      for (const action of ['init', 'migrate', 'uninstall'] as const) {
        await call('plan', { action, scope, hosts: scope === 'user' ? ['claude-code', 'cursor', 'opencode', 'generic'] : ['claude-code', 'cursor', 'opencode'] });
      }
    }
    await call('history');
    expect(seen.length).toBeGreaterThan(20);
    const leaks = seen.flatMap((body) => findCanaries(body).map((c) => `${c} in ${body.slice(0, 200)}`));
    expect(leaks).toEqual([]);
    // The host files really hold the canaries (so the sweep could have failed).
    expect(findCanaries(await readFile(path.join(sandbox.project, '.mcp.json'), 'utf8')).length).toBeGreaterThan(0);
    expect(await hashTree(sandbox.root)).toEqual(before);
  });
});
