// The bundled MCP server (`node dist/patchbay.mjs mcp`) driven by an independent client: the official
// MCP Inspector CLI (pinned in scripts/e2e/versions.json). It must list every tool and answer a valid
// call to EACH of them with the patchbay envelope, exit 0 — in a project that has real host files,
// including a secret that must never appear in any answer.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explain, requireBundle, run, type RunResult } from './helpers/run.js';
import { makeSandbox, type Sandbox } from './helpers/sandbox.js';
import { prepareTools } from './helpers/tools.js';

const tools = await prepareTools(['inspector']);
const SECRET = 'sk-e2e-SECRET-7f3a9c';
const SPEC_TOOLS = ['list_hosts', 'list_servers', 'check', 'plan', 'history', 'search_docs', 'read_doc'];

interface ToolInfo {
  name: string;
  inputSchema: { properties?: Record<string, { type?: string; enum?: unknown[] }>; required?: string[] };
  outputSchema?: unknown;
}

/** Valid arguments for a tool: known-good values for SPEC tools, schema-derived ones for any other. */
function argsFor(tool: ToolInfo, docId: string | undefined): Record<string, unknown> {
  const known: Record<string, Record<string, unknown>> = {
    plan: { action: 'init' },
    search_docs: { query: 'rollback' },
    read_doc: { id: docId ?? 'mcp-server' },
  };
  if (known[tool.name]) return known[tool.name]!;
  const args: Record<string, unknown> = {};
  for (const key of tool.inputSchema.required ?? []) {
    const p = tool.inputSchema.properties?.[key] ?? {};
    args[key] = p.enum?.[0] ?? (p.type === 'number' || p.type === 'integer' ? 1 : p.type === 'boolean' ? false : 'patchbay');
  }
  return args;
}

describe.skipIf(!tools.ok)('MCP Inspector CLI against node dist/patchbay.mjs mcp', () => {
  let b: Sandbox;
  let listed: ToolInfo[] = [];

  const inspector = (args: string[]): Promise<RunResult> =>
    run(tools.ok ? tools.bins.inspector : 'false', ['--cli', process.execPath, requireBundle(), 'mcp', ...args], {
      cwd: b.project,
      env: b.env,
      timeoutMs: 60_000,
    });

  async function call(name: string, args: Record<string, unknown>) {
    const r = await inspector(['--method', 'tools/call', '--tool-name', name, '--tool-args-json', JSON.stringify(args)]);
    return { r, result: r.exitCode === 0 ? (JSON.parse(r.stdout) as Record<string, unknown>) : undefined };
  }

  beforeAll(async () => {
    requireBundle();
    b = await makeSandbox();
    // Host files for the server to read: a Claude project file with an env secret, an OpenCode file
    // with comments, and a user-scope Cursor file.
    await writeFile(
      path.join(b.project, '.mcp.json'),
      JSON.stringify({ mcpServers: { api: { command: 'node', args: ['server.js'], env: { API_KEY: SECRET } } } }, null, 2),
    );
    await writeFile(
      path.join(b.project, 'opencode.jsonc'),
      `// hand-written\n{\n  "mcp": {\n    "docs": { "type": "remote", "url": "https://user:${SECRET}@example.invalid/mcp", },\n  },\n}\n`,
    );
    await mkdir(path.join(b.home, '.cursor'), { recursive: true });
    await writeFile(path.join(b.home, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { local: { command: 'uvx', args: ['x'] } } }));
  });
  afterAll(async () => {
    await b?.cleanup();
  });

  it('tools/list lists every SPEC tool, each with an outputSchema', async () => {
    const r = await inspector(['--method', 'tools/list']);
    expect(r.exitCode, explain('inspector tools/list', r)).toBe(0);
    listed = (JSON.parse(r.stdout) as { tools: ToolInfo[] }).tools;
    const names = listed.map((t) => t.name);
    for (const name of SPEC_TOOLS) expect(names).toContain(name);
    for (const t of listed) expect(t.outputSchema, `${t.name} has no outputSchema`).toBeDefined();
  });

  it('tools/call answers every listed tool with the patchbay envelope (exit 0, never isError), and leaks no secret', async () => {
    expect(listed.length, 'tools/list must run first').toBeGreaterThan(0);
    // read_doc needs a real document id: take it from search_docs, as an agent would.
    const search = await call('search_docs', { query: 'rollback' });
    expect(search.r.exitCode, explain('search_docs', search.r)).toBe(0);
    const hits = ((search.result?.structuredContent as { data?: { results?: Array<{ id: string }> } })?.data?.results ?? []);
    const docId = hits[0]?.id;
    expect(docId, explain('search_docs gave no hit for "rollback"', search.r)).toBeTruthy();

    const called: string[] = [];
    for (const tool of listed) {
      const { r, result } = await call(tool.name, argsFor(tool, docId));
      expect(r.exitCode, explain(`inspector tools/call ${tool.name}`, r)).toBe(0);
      expect(result?.isError, explain(tool.name, r)).not.toBe(true);
      const structured = result?.structuredContent as { contract_version: string; tool: string; status: string };
      expect(structured.contract_version).toBe('patchbay-mcp/v1');
      expect(structured.tool).toBe(tool.name);
      expect(['ok', 'empty', 'diagnostic'], explain(tool.name, r)).toContain(structured.status);
      // The same JSON as text, for clients that read only content.
      const text = (result?.content as Array<{ type: string; text: string }>).find((c) => c.type === 'text')?.text;
      expect(JSON.parse(text ?? 'null')).toEqual(structured);
      expect(r.stdout, `${tool.name} leaked the secret`).not.toContain(SECRET);
      called.push(tool.name);
    }
    expect(called.sort()).toEqual(listed.map((t) => t.name).sort());
  });

  it('list_servers sees the servers in the project and user host files', async () => {
    const { r, result } = await call('list_servers', {});
    expect(r.exitCode, explain('list_servers', r)).toBe(0);
    const text = JSON.stringify(result?.structuredContent);
    for (const name of ['"api"', '"docs"', '"local"']) expect(text, explain('list_servers', r)).toContain(name);
    expect(text).toContain('API_KEY'); // env variable NAMES are shown; values never
  });

  it('an unknown tool is an error, not a crash', async () => {
    const r = await inspector(['--method', 'tools/call', '--tool-name', 'no_such_tool']);
    expect(r.exitCode).not.toBe(0);
    expect(r.text).toMatch(/no_such_tool/);
  });
});
