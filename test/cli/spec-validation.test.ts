// The one validator, end to end (issue 24 item 4): each probe of the audit, through the real CLI in a
// real temp project, is refused with a sentence and writes nothing; its good neighbour is written.
// The manifest is checked by the same rules: `sync` refuses what `add` refuses, at line:column.
import { readFile, writeFile } from 'node:fs/promises';
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

const FLAG_PROBES: Array<[string, string[], number, RegExp]> = [
  ['a 10,000-character name', ['add', 'x'.repeat(10_000), '--', 'node', 's.js'], 2, /at most 64 characters/],
  ['a path as name', ['add', '../../x', '--', 'node', 's.js'], 2, /not a usable server name/],
  ['__proto__ as name', ['add', '__proto__', '--', 'node', 's.js'], 2, /reserved object key/],
  ['the reserved name', ['add', 'patchbay', '--', 'node', 's.js'], 2, /patchbay's own server/],
  ['--env __proto__', ['add', 'a', '--env', '__proto__=1', '--', 'node', 's.js'], 2, /not a variable name/],
  ['--env with a space', ['add', 'a', '--env', 'A B=1', '--', 'node', 's.js'], 2, /not a variable name/],
  ['a header with CR LF', ['add', 'a', '--url', 'https://x.test/mcp', '--header', 'X-A: a\r\nInjected: 1'], 2, /header value cannot hold a line break/],
  ['a URL with a newline', ['add', 'a', '--url', 'https://x.test/mcp\nx'], 2, /whitespace or control characters/],
  ['a file: URL', ['add', 'a', '--url', 'file:///etc/passwd'], 2, /must be http\(s\)/],
  ['--pypi without a version', ['add', 'a', '--pypi', 'mcp-foo'], 2, /has no version/],
  ['an unpinned npx command', ['add', 'a', '--', 'npx', '-y', 'foo@^1'], 2, /not pinned to an exact version/],
  ['an argument with a newline', ['add', 'a', '--', 'node', 'a\nb'], 2, /cannot hold a line break/],
  ['URL credentials in a project file', ['add', 'a', '--url', 'https://user:hunter2pass@x.test/mcp'], 3, /literal-secret-in-project-file .*url \(credentials\)/],
  ['an api_key query parameter in a project file', ['add', 'a', '--url', 'https://x.test/mcp?api_key=sk-live-abc123def456'], 3, /literal-secret-in-project-file .*query parameter api_key/],
];

/** patchbay's flags before a `--` (what follows it is the server's command line). */
const withFlags = (argv: string[]) => [argv[0] as string, '--host', 'cursor', '--yes', ...argv.slice(1)];

describe('add refuses each bad value, writing nothing', () => {
  for (const [what, argv, code, message] of FLAG_PROBES) {
    it(what, async () => {
      const before = await everything();
      const r = await sb.run(withFlags(argv));
      expect(r.code, r.stdout + r.stderr).toBe(code);
      expect(r.stderr).toMatch(message);
      expect(await everything()).toEqual(before);
    });
  }

  it('the good neighbours are written: a pinned npx command, a PyPI pin, a plain URL, a user-scope URL with a key', async () => {
    for (const argv of [
      ['add', 'a', '--', 'npx', '-y', 'foo@1.2.3'],
      ['add', 'b', '--pypi', 'mcp-foo==1.2.0'],
      ['add', 'c', '--url', 'https://x.test/mcp?region=eu'],
      ['add', 'd', '--url', 'https://x.test/mcp?api_key=sk-live-abc123def456', '--scope', 'user'],
    ]) {
      const r = await sb.run(withFlags(argv));
      expect(r.code, `${argv.join(' ')}: ${r.stderr}`).toBe(0);
    }
    const project = JSON.parse(await readFile(path.join(sb.project, '.cursor', 'mcp.json'), 'utf8')) as { mcpServers: Record<string, unknown> };
    expect(Object.keys(project.mcpServers).sort()).toEqual(['a', 'b', 'c']);
  });

  it('--json carries the refusal code', async () => {
    const r = await sb.run(['add', 'a', '--url', 'https://x.test/?token=ghp_abcdefghijklmnopqrstuvwxyz0123456789', '--host', 'cursor', '--yes', '--json']);
    expect(r.code).toBe(3);
    const doc = JSON.parse(r.stdout) as { diagnostics: Array<{ code: string; message: string }> };
    expect(doc.diagnostics.map((d) => d.code)).toContain('literal-secret-in-project-file');
    expect(r.stdout).not.toContain('ghp_abcdefghijklmnopqrstuvwxyz0123456789');
  });
});

const MANIFEST_PROBES: Array<[string, string, RegExp]> = [
  ['a path as name', '"../../x": { "command": "node", "hosts": ["cursor"] }', /servers\.\.\.\/\.\.\/x: .*not a usable server name/],
  ['__proto__ as name', '"__proto__": { "command": "node", "hosts": ["cursor"] }', /servers\.__proto__: .*reserved object key/],
  ['an env name with a space', '"a": { "command": "node", "env": { "A B": "1" }, "hosts": ["cursor"] }', /servers\.a: 'A B' is not an environment variable name/],
  ['a javascript: URL', '"a": { "url": "javascript:alert(1)", "hosts": ["cursor"] }', /servers\.a: a server URL must be http\(s\)/],
  ['a header with CR LF', '"a": { "url": "https://x.test/", "headers": { "X": "a\\r\\nB: 1" }, "hosts": ["cursor"] }', /servers\.a: a header value cannot hold a line break/],
  ['an unpinned npx argument', '"a": { "command": "npx", "args": ["-y", "foo@^1"], "hosts": ["cursor"] }', /servers\.a: npx foo@\^1 is not pinned/],
  ['an npm range as version', '"a": { "npm": "foo", "version": "^1.0.0", "hosts": ["cursor"] }', /servers\.a\.version: must be an exact version/],
  ['PyPI without a version', '"a": { "pypi": "mcp-foo", "hosts": ["cursor"] }', /servers\.a: PyPI package 'mcp-foo' has no version/],
  ['the reserved name for another server', '"patchbay": { "command": "node", "hosts": ["cursor"] }', /servers\.patchbay: 'patchbay' is the name of patchbay's own server/],
];

describe('the manifest is checked by the same validator', () => {
  for (const [what, server, message] of MANIFEST_PROBES) {
    it(`${what}: sync and status refuse with manifest-invalid at line:column; nothing written`, async () => {
      await writeFile(path.join(sb.project, 'patchbay.jsonc'), `{\n  "manifestVersion": 3,\n  "servers": {\n    ${server}\n  }\n}\n`);
      const before = await everything();
      for (const argv of [['sync', '--yes'], ['status']]) {
        const r = await sb.run(argv);
        expect(r.code, `${argv[0]}: ${r.stdout}${r.stderr}`).toBe(3);
        expect(r.stderr).toMatch(/patchbay\.jsonc:4:\d+ manifest-invalid/);
        expect(r.stderr).toMatch(message);
      }
      expect(await everything()).toEqual(before);
    });
  }
});
