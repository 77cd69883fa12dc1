// Issue 24 items 1, 2 and 5 through the real CLI in a real temp project: hostile TOML/YAML files are
// refused (exit 3, too-deep/too-large at file:line:column) by add, list and status — never exit 70 —
// with nothing written; `list` says which files it could not read; layout refusals name the file;
// a diff shows a reference's variable NAME (names are not secrets).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../helpers/cli-sandbox.js';
import { snapshotTree } from '../helpers/tree.js';

let sb: Sandbox;
beforeEach(async () => {
  sb = await createSandbox();
});
afterEach(async () => {
  await sb.cleanup();
});

const everything = async () => ({ ...(await sb.snapshot()), ...(await snapshotTree(sb.stateDir, { prefix: 'state/' })) });

async function put(relative: string, text: string, base = sb.project): Promise<string> {
  const file = path.join(base, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
  return file;
}

const deepToml = `[mcp_servers.a]\ncommand = "x"\nargs = ${'['.repeat(3000)}${']'.repeat(3000)}\n`;
const longToml = `[mcp_servers.a]\ncommand = "${'x'.repeat(200_000)}"\n`;
const deepYamlFlow = `extensions: ${'['.repeat(3000)}${']'.repeat(3000)}\n`;
const deepYamlBlock = `extensions:\n${Array.from({ length: 2000 }, (_, i) => `${'  '.repeat(i + 1)}a${i}:`).join('\n')}\n`;

const CASES: Array<[string, string, 'project' | 'user', string, string, RegExp]> = [
  ['codex, TOML nested 3000 deep', 'codex', 'project', '.codex/config.toml', deepToml, /\.codex\/config\.toml:3:\d+ too-deep/],
  ['codex, a 200,000-character TOML string', 'codex', 'project', '.codex/config.toml', longToml, /\.codex\/config\.toml:2:11 too-large/],
  ['grok, TOML nested 3000 deep', 'grok', 'project', '.grok/config.toml', deepToml, /\.grok\/config\.toml:3:\d+ too-deep/],
  ['mistral-vibe, a long TOML string', 'mistral-vibe', 'project', '.vibe/config.toml', longToml, /\.vibe\/config\.toml:2:11 too-large/],
  ['goose, YAML flow nesting 3000', 'goose', 'user', '.config/goose/config.yaml', deepYamlFlow, /config\.yaml:1:\d+ too-deep/],
  ['goose, YAML block nesting 2000', 'goose', 'user', '.config/goose/config.yaml', deepYamlBlock, /config\.yaml:\d+:\d+ too-deep/],
];

describe('hostile TOML and YAML files', () => {
  for (const [what, host, scope, file, text, message] of CASES) {
    it(`${what}: add, list and status refuse with exit 3 and the place; nothing written`, async () => {
      await put(file, text, scope === 'user' ? sb.home : sb.project);
      const before = await everything();
      for (const argv of [
        ['add', 'b', '--host', host, '--scope', scope, '--yes', '--', 'node', 'b.js'],
        ['list', '--scope', scope],
        ['status', '--host', host, '--scope', scope],
      ]) {
        const r = await sb.run(argv);
        expect(r.code, `${argv[0]}: ${r.stderr.slice(0, 500)}`).toBe(3);
        expect(r.stderr).toMatch(message);
        expect(r.stderr).not.toMatch(/Maximum call stack|internal error/);
      }
      expect(await everything()).toEqual(before);
    });
  }
});

describe('list reports every file it could not read', () => {
  it('human: the servers it could read, each unreadable file with line:column, exit 3', async () => {
    await put('.cursor/mcp.json', '{ "mcpServers": { "good": { "command": "node" } } }\n');
    await put('.mcp.json', '{ "mcpServers": { "bad": ');
    await put('.config/goose/config.yaml', 'extensions:\n  a: 1\nextensions:\n  b: 2\n', sb.home);
    const r = await sb.run(['list']);
    expect(r.code).toBe(3);
    expect(r.stdout).toMatch(/good\s+cursor \(project\)/);
    expect(r.stderr).toMatch(/\.mcp\.json:1:\d+ parse-error/);
    expect(r.stderr).toMatch(/config\.yaml:3:1 duplicate-key duplicate key "extensions"/);
    expect(r.stderr).toMatch(/2 host file\(s\) could not be read/);
  });
  it('--json: error and diagnostics beside the servers', async () => {
    await put('.codex/config.toml', '[mcp_servers.a\n');
    const r = await sb.run(['list', '--json']);
    expect(r.code).toBe(3);
    const doc = JSON.parse(r.stdout) as { status: string; error: { code: string; path: string }; servers: unknown[]; diagnostics: Array<{ code: string; path: string; line: number }> };
    expect(doc.status).toBe('malformed');
    expect(doc.error).toMatchObject({ code: 'parse-error', path: '.codex/config.toml' });
    expect(doc.diagnostics).toEqual([expect.objectContaining({ code: 'parse-error', path: '.codex/config.toml', line: 1 })]);
  });
  it('a readable tree is still exit 0 with no diagnostics', async () => {
    await put('.cursor/mcp.json', '{ "mcpServers": {} }\n');
    const r = await sb.run(['list', '--json']);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { diagnostics: unknown[] }).diagnostics).toEqual([]);
  });
});

describe('layout refusals name the file', () => {
  it('TOML inline-table servers and a YAML anchor: file:line:column', async () => {
    await put('.codex/config.toml', '# mine\nmcp_servers = { a = { command = "x" } }\n');
    const t = await sb.run(['add', 'b', '--host', 'codex', '--yes', '--', 'node', 'b.js']);
    expect(t.code).toBe(3);
    expect(t.stderr).toMatch(/\.codex\/config\.toml:2:1 toml-unsupported-layout/);
    await put('.config/goose/config.yaml', 'extensions: &x\n  a:\n    cmd: x\n', sb.home);
    const y = await sb.run(['add', 'b', '--host', 'goose', '--scope', 'user', '--yes', '--', 'node', 'b.js']);
    expect(y.code).toBe(3);
    expect(y.stderr).toMatch(/~\/\.config\/goose\/config\.yaml:1:1 yaml-unsupported-layout/);
  });
});

describe('diffs show variable names', () => {
  it("Codex's bearer_token_env_var and env_http_headers hold names, shown as written; a literal stays hidden", async () => {
    const r = await sb.run(['add', 'gh', '--host', 'codex', '--dry-run', '--url', 'https://api.example.com/mcp', '--header', 'Authorization: Bearer ${env:GH_TOKEN}', '--header', 'X-Api-Key: ${env:API_KEY}']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('+bearer_token_env_var = "GH_TOKEN"');
    expect(r.stdout).toContain('+X-Api-Key = "API_KEY"');
    const literal = await sb.run(['add', 'lit', '--host', 'codex', '--scope', 'user', '--dry-run', '--url', 'https://api.example.com/mcp', '--header', 'X-Api-Key: sk-live-9f8e7d6c5b4a39281706']);
    expect(literal.code, literal.stderr).toBe(0);
    expect(literal.stdout).not.toContain('sk-live-9f8e7d6c5b4a39281706');
    expect(literal.stdout).toContain('<redacted>');
  });
});
