// A host file nested 5,000 levels deep (audit item 4) made the recursive JSONC parser overflow the
// stack, and the tools answered `internal`. checkDepth (src/installers/jsonc/depth.ts) now finds the
// first bracket past the limit before anything recursive runs, and parseDocument reports `too-deep`
// with its line and column, like any other parse diagnostic.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDepth } from '../../src/installers/jsonc/depth.js';
import { initializeRequest, spawnWire } from './helpers.js';

describe('checkDepth', () => {
  it('allows exactly `max` levels and points at the bracket that opens one more', () => {
    expect(checkDepth('[[[]]]', 3)).toBeUndefined();
    expect(checkDepth('[[[[]]]]', 3)).toEqual({ line: 1, column: 4 });
    expect(checkDepth('{"a":\r\n  {"b": [\n   [1]]}}', 3)).toEqual({ line: 3, column: 4 });
  });
  it('does not count brackets inside strings, escapes or comments', () => {
    expect(checkDepth('{"a": "[[[[\\"[[", // [[[[\n /* [[[[\n [[ */ "b": []}', 2)).toBeUndefined();
    // An unterminated string ends at its line, as jsonc-parser's scanner does.
    expect(checkDepth('{"a": "[[[\n [[[]]]}', 2)).toEqual({ line: 2, column: 3 });
  });
  it('scans 5,000 levels without recursion', () => {
    expect(checkDepth('['.repeat(5000) + ']'.repeat(5000), 256)).toEqual({ line: 1, column: 257 });
  });
});

describe('a 5,000-level host file through the server', () => {
  let root: string;
  let env: Record<string, string>;
  let project: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'patchbay-deep-'));
    project = path.join(root, 'project');
    const home = path.join(root, 'home');
    await mkdir(project, { recursive: true });
    await mkdir(home, { recursive: true });
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    await writeFile(path.join(project, '.mcp.json'), `{\n  "mcpServers": {\n    "x": { "command": "srv", "args": ${deep} }\n  }\n}\n`);
    env = { PATH: '/usr/bin:/bin', HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), PATCHBAY_STATE_DIR: path.join(root, 'state') };
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('check, list_servers and plan answer a too-deep diagnostic with line and column, never internal', async () => {
    const w = spawnWire({ cwd: project, env });
    try {
      w.send(initializeRequest(1));
      await w.response(1);
      const args = { hosts: ['claude-code'], scope: 'project' };
      const calls = [
        ['check', args],
        ['list_servers', args],
        ['plan', { action: 'init', ...args }],
      ] as const;
      calls.forEach(([name, a], i) => w.send({ jsonrpc: '2.0', id: 10 + i, method: 'tools/call', params: { name, arguments: a } }));
      for (let i = 0; i < calls.length; i++) {
        const res = (await w.response(10 + i, 60_000)) as { result: { structuredContent: { diagnostics?: { code: string; line?: number; column?: number; path?: string }[] } } };
        const diagnostics = res.result.structuredContent.diagnostics ?? [];
        expect(diagnostics.map((d) => d.code), calls[i]![0]).not.toContain('internal');
        expect(diagnostics.find((d) => d.code === 'too-deep'), calls[i]![0]).toMatchObject({ path: '.mcp.json', line: 3, column: 291 });
      }
    } finally {
      w.child.kill('SIGKILL');
    }
  }, 120_000);
});
