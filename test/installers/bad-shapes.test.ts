// Bad shapes per host: each gets a clear error diagnostic with a position (and nothing is planned),
// or a correct edit.
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { hostRecord, planAction } from '../../src/installers/index.js';
import type { HostId } from '../../src/installers/types.js';
import { JSON_HOSTS } from '../../src/installers/hosts/json-catalog.js';
import { afterText, makeEnv, put, V } from './helpers.js';
import { parseLoose, parseStrict } from './corpus-util.js';

interface HostCase {
  host: HostId;
  file: string;
  scope: 'project' | 'user';
  opencodeVersion?: string;
  strict: boolean;
  /** Comments allowed, trailing commas refused (Gemini, Qwen). */
  commentsOnly?: boolean;
  /** The container key (default mcpServers; OpenCode mcp). */
  container?: string;
}

/** Stands for the host's first user candidate in the test home (hostRecord(...).files). */
const USER_FILE = '<first user file>';

/** Every catalog JSON host: its first project file, or (user-only hosts) its first Linux user file under the test home. */
const JSON_CASES: HostCase[] = JSON_HOSTS.map((h) => {
  const project = h.projectFiles[0];
  return {
    host: h.id, file: project ?? USER_FILE, scope: project ? 'project' : 'user', strict: h.tolerance === 'strict', commentsOnly: h.tolerance === 'comments',
    container: h.container.join('.'),
  };
});

const HOSTS: HostCase[] = [
  { host: 'claude-code', file: '.mcp.json', scope: 'project', strict: true },
  { host: 'cursor', file: '.cursor/mcp.json', scope: 'project', strict: false },
  { host: 'generic', file: 'home/.config/mcp/mcp.json', scope: 'user', strict: true },
  { host: 'opencode', file: 'opencode.jsonc', scope: 'project', opencodeVersion: '1.18.33', strict: false },
  { host: 'opencode', file: 'opencode.jsonc', scope: 'project', opencodeVersion: '2.0.0', strict: false },
  ...JSON_CASES,
];

async function plan(h: HostCase, content: string) {
  const env = await makeEnv();
  const file = h.file === USER_FILE
    ? (hostRecord(h.host).files(env.ctx, 'user')?.[0] as string)
    : h.scope === 'user' ? path.join(env.root, h.file) : path.join(env.projectDir, h.file);
  await put(file, content);
  const result = await planAction(env.ctx, { action: 'init', hosts: [h.host], scope: h.scope, version: V, ...(h.opencodeVersion ? { opencodeVersion: h.opencodeVersion } : {}) });
  await env.cleanup();
  return result;
}

function expectError(result: Awaited<ReturnType<typeof plan>>, code: string, line?: number, column?: number) {
  const err = result.diagnostics.find((d) => d.severity === 'error');
  expect(err, JSON.stringify(result.diagnostics)).toBeDefined();
  expect(err?.code).toBe(code);
  expect(err?.message.length).toBeGreaterThan(10);
  expect(err?.hint).toBeTruthy();
  expect(err?.path).toBeTruthy();
  if (line !== undefined) expect({ line: err?.line, column: err?.column }).toEqual({ line, column });
  expect(result.plan.changes).toEqual([]);
}

for (const h of HOSTS) {
  const label = `${h.host}${h.opencodeVersion ? ' ' + h.opencodeVersion : ''}`;
  const container = h.container ?? (h.host !== 'opencode' ? 'mcpServers' : 'mcp');
  describe(`bad shapes: ${label}`, () => {
    for (const [what, bad] of [['an array', '[]'], ['null', 'null'], ['a string', '"x"'], ['a number', '3']] as const) {
      test(`${container} as ${what} is invalid-shape at its position`, async () => {
        expectError(await plan(h, `{\n  "${container}": ${bad}\n}\n`), 'invalid-shape', 2, 3 + container.length + 4);
      });
    }
    if (h.opencodeVersion === '2.0.0') {
      test('mcp.servers as an array is invalid-shape', async () => {
        expectError(await plan(h, '{\n  "mcp": {\n    "servers": []\n  }\n}\n'), 'invalid-shape', 3, 16);
      });
      test('a V1 server named "servers" is not the V2 container: invalid-shape, naming the dialect flag', async () => {
        const r = await plan(h, '{\n  "mcp": {\n    "servers": { "type": "local", "command": ["x"], "enabled": true }\n  }\n}\n');
        expectError(r, 'invalid-shape', 3, 16);
        expect(r.diagnostics[0]?.hint).toMatch(/--opencode-version/);
      });
    }
    if (h.opencodeVersion === '1.18.33') {
      test('a V1 server named "servers" is listed as a server and init adds mcp.patchbay next to it', async () => {
        const r = await plan(h, '{\n  "mcp": {\n    "servers": { "type": "local", "command": ["x"], "enabled": true }\n  }\n}\n');
        expect(r.diagnostics).toEqual([]);
        expect(parseLoose(afterText(r.plan.changes[0])).value).toMatchObject({ mcp: { servers: { type: 'local' }, patchbay: { enabled: true } } });
      });
    }
    test('duplicate keys fail closed at the second copy', async () => {
      expectError(await plan(h, `{\n  "${container}": {},\n  "${container}": {}\n}\n`), 'duplicate-key', 3, 3);
    });
    test('duplicate server names fail closed too', async () => {
      const inner = h.opencodeVersion === '2.0.0' ? '{ "servers": { "a": {}, "a": {} } }' : '{ "a": {}, "a": {} }';
      const r = await plan(h, `{ "${container}": ${inner} }`);
      expectError(r, 'duplicate-key');
    });
    for (const [what, root] of [['an array', '[1]'], ['a string', '"s"'], ['a number', '42']] as const) {
      test(`a root that is ${what} is invalid-shape`, async () => {
        expectError(await plan(h, root + '\n'), 'invalid-shape', 1, 1);
      });
    }
    for (const [what, content] of [['empty', ''], ['whitespace-only', ' \n\t\n']] as const) {
      test(`an ${what} file is treated as {} and gets a fresh, valid document`, async () => {
        const r = await plan(h, content);
        expect(r.diagnostics).toEqual([]);
        const after = afterText(r.plan.changes[0]);
        expect(parseStrict(after).ok).toBe(true);
      });
    }
    test('BOM + CRLF + tabs: kept as they are', async () => {
      const text = `\uFEFF{\r\n\t"other": 1,\r\n\t"${container}": {}\r\n}\r\n`;
      const r = await plan(h, text);
      expect(r.diagnostics).toEqual([]);
      const after = afterText(r.plan.changes[0]);
      expect(after.startsWith('\uFEFF{\r\n\t"other": 1,\r\n\t"')).toBe(true);
      expect(after.replace(/\r\n/g, '')).not.toContain('\n');
      expect(after.endsWith('}\r\n')).toBe(true);
    });
    test('a syntax error fails closed with line:column', async () => {
      expectError(await plan(h, '{\n  "a": 1,\n  "b" 2\n}\n'), 'parse-error', 3, 7);
    });
    if (h.strict) {
      test('a comment is rejected (strict JSON host)', async () => {
        expectError(await plan(h, `{\n  // hi\n  "${container}": {}\n}\n`), 'comment-in-strict-json', 2, 3);
      });
      test('a trailing comma is rejected (strict JSON host)', async () => {
        expectError(await plan(h, `{\n  "${container}": {},\n}\n`), 'parse-error', 2, 9 + container.length);
      });
    } else if (h.commentsOnly) {
      test('a comment is kept, a trailing comma is rejected (comments-but-no-trailing-commas host)', async () => {
        const r = await plan(h, `{\n  // hi\n  "${container}": {}\n}\n`);
        expect(r.diagnostics).toEqual([]);
        expect(afterText(r.plan.changes[0])).toContain('// hi');
        expectError(await plan(h, `{\n  // hi\n  "${container}": {},\n}\n`), 'parse-error', 3, 9 + container.length);
      });
    } else {
      test('a comment and a trailing comma are kept (JSONC tolerant host)', async () => {
        const r = await plan(h, `{\n  // hi\n  "${container}": {},\n}\n`);
        expect(r.diagnostics).toEqual([]);
        const after = afterText(r.plan.changes[0]);
        expect(after).toContain('// hi');
        expect(after).toMatch(/\},\n\}\n$/);
      });
    }
  });
}

test('a file that is not UTF-8 fails closed', async () => {
  const env = await makeEnv();
  await put(path.join(env.projectDir, '.mcp.json'), new Uint8Array([0x7b, 0xff, 0x7d]));
  const r = await planAction(env.ctx, { action: 'init', hosts: ['claude-code'], scope: 'project', version: V });
  expect(r.diagnostics[0]?.code).toBe('parse-error');
  expect(r.plan.changes).toEqual([]);
  await env.cleanup();
});

test('generic has no project scope: a usage error, not a guess', async () => {
  const env = await makeEnv();
  const r = await planAction(env.ctx, { action: 'init', hosts: ['generic'], scope: 'project', version: V });
  expect(r.diagnostics[0]?.code).toBe('usage');
  await env.cleanup();
});
