// Bad shapes for the TOML/YAML hosts, through the host: each is refused with a stable code, a
// position where one exists and a hint, and nothing is planned.
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { planAction } from '../../src/installers/index.js';
import type { Scope } from '../../src/installers/types.js';
import { makeEnv, put, V } from './helpers.js';

interface Host {
  host: string;
  scope: Scope;
  file: string;
}
const CODEX: Host = { host: 'codex', scope: 'user', file: 'home/.codex/config.toml' };
const GROK: Host = { host: 'grok', scope: 'user', file: 'home/.grok/config.toml' };
const VIBE: Host = { host: 'mistral-vibe', scope: 'user', file: 'home/.vibe/config.toml' };
const GOOSE: Host = { host: 'goose', scope: 'user', file: 'home/.config/goose/config.yaml' };
const CONT: Host = { host: 'continue', scope: 'user', file: 'home/.continue/config.yaml' };

const CASES: Array<[Host, string, string, string, { line: number; column: number }?]> = [
  [CODEX, 'mcp_servers as a string', 'mcp_servers = "x"\n', 'invalid-shape', { line: 1, column: 1 }],
  [CODEX, 'mcp_servers as an array of tables', '[[mcp_servers]]\nname = "a"\n', 'invalid-shape'],
  [CODEX, 'mcp_servers as an inline table', 'mcp_servers = { a = { command = "x" } }\n', 'toml-unsupported-layout'],
  [CODEX, 'mcp_servers spelled with dotted keys', 'mcp_servers.a.command = "x"\n', 'toml-unsupported-layout'],
  [CODEX, 'a duplicate table', '[a]\nx = 1\n[a]\ny = 2\n', 'duplicate-key', { line: 3, column: 2 }],
  [CODEX, 'a syntax error', 'model = \n', 'parse-error', { line: 1, column: 9 }],
  [GROK, 'mcp_servers as an integer', 'mcp_servers = 3\n', 'invalid-shape', { line: 1, column: 1 }],
  [VIBE, 'mcp_servers as a table of named entries', '[mcp_servers.a]\ncommand = "x"\n', 'invalid-shape'],
  [VIBE, 'mcp_servers as an inline array', 'mcp_servers = [{ name = "a" }]\n', 'toml-unsupported-layout'],
  [GOOSE, 'extensions as a list', 'extensions:\n  - a\n', 'invalid-shape', { line: 1, column: 1 }],
  [GOOSE, 'extensions as a string', 'extensions: none\n', 'invalid-shape', { line: 1, column: 1 }],
  [GOOSE, 'a root that is a list', '- a\n', 'invalid-shape'],
  [GOOSE, 'a duplicate key', 'extensions: {}\nextensions: {}\n', 'duplicate-key', { line: 2, column: 1 }],
  [GOOSE, 'a syntax error', 'extensions:\n  a: [\n', 'parse-error'],
  [CONT, 'mcpServers as a map', 'name: a\nversion: 1\nmcpServers:\n  fs:\n    command: x\n', 'invalid-shape', { line: 3, column: 1 }],
  [CONT, 'mcpServers as a string', 'mcpServers: x\n', 'invalid-shape', { line: 1, column: 1 }],
];

describe('bad shapes in TOML/YAML host files', () => {
  for (const [h, what, text, code, at] of CASES) {
    test(`${h.host}: ${what} → ${code}`, async () => {
      const env = await makeEnv();
      try {
        await put(path.join(env.root, h.file), text);
        const r = await planAction(env.ctx, { action: 'init', hosts: [h.host], scope: h.scope, version: V });
        const err = r.diagnostics.find((d) => d.severity === 'error');
        expect(err, JSON.stringify(r.diagnostics)).toBeDefined();
        expect(err?.code).toBe(code);
        expect(err?.message.length).toBeGreaterThan(10);
        if (at) expect({ line: err?.line, column: err?.column }).toEqual(at);
        expect(r.plan.changes).toEqual([]);
      } finally {
        await env.cleanup();
      }
    });
  }

  test('our own entry spelled as an inline table is ours, but uninstall refuses to rewrite it (toml-unsupported-layout)', async () => {
    const env = await makeEnv();
    try {
      await put(path.join(env.root, CODEX.file), `mcp_servers.patchbay = { command = "npx", args = ["--yes", "patchbay-mcp@${V}", "mcp"] }\n`);
      const r = await planAction(env.ctx, { action: 'uninstall', hosts: ['codex'], scope: 'user', version: V });
      expect(r.diagnostics.map((d) => d.code)).toEqual(['toml-unsupported-layout']);
      expect(r.plan.changes).toEqual([]);
    } finally {
      await env.cleanup();
    }
  });

  test('a CRLF, BOM-carrying Codex file keeps both', async () => {
    const env = await makeEnv();
    try {
      const text = '\uFEFF# c\r\nmodel = "m"\r\n';
      await put(path.join(env.root, CODEX.file), text);
      const r = await planAction(env.ctx, { action: 'init', hosts: ['codex'], scope: 'user', version: V });
      const after = new TextDecoder('utf-8', { ignoreBOM: true }).decode(r.plan.changes[0]!.after as Uint8Array);
      expect(after.startsWith(text)).toBe(true);
      expect(after.replace(/\r\n/g, '')).not.toContain('\n');
    } finally {
      await env.cleanup();
    }
  });
});
