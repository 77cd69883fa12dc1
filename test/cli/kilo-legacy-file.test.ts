// Kilo's legacy project files (issue 26 item 3): Kilo 7.7.9 still reads `.kilocode/mcp.json` and
// `.kilo/mcp.json` (`mcpServers`, strict JSON, as Kilo Code ≤ 4 wrote them). patchbay lists them, edits the
// first existing candidate in that file's own shape, never creates them, and gives back the exact bytes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, REPO_ROOT, type Sandbox } from '../helpers/cli-sandbox.js';

let sb: Sandbox;
beforeEach(async () => {
  sb = await createSandbox();
});
afterEach(async () => {
  await sb.cleanup();
});

/** A real `.kilocode/mcp.json` from a public repository (fixtures/corpus/SOURCES.tsv). */
const REAL = readFileSync(path.join(REPO_ROOT, 'fixtures', 'corpus', 'kilo', '003-ConfigButler-gitops-reverser.json'), 'utf8');
const KILO_JSONC = '{\n  // the new format\n  "$schema": "https://app.kilo.ai/config.json"\n}\n';

describe("a project holding only Kilo's legacy .kilocode/mcp.json", () => {
  it('lists its server, adds into it in the mcpServers shape, is current, and removal gives back the exact bytes', async () => {
    await sb.write('project/.kilocode/mcp.json', REAL);
    const listed = await sb.run(['list', '--host', 'kilo', '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout).servers).toMatchObject([{ host: 'kilo', file: '.kilocode/mcp.json', name: 'git', command: 'npx', managed: false }]);

    const add = await sb.run(['add', 'fs', '--host', 'kilo', '--yes', '--', 'node', 'fs.js']);
    expect(add.code, add.stderr).toBe(0);
    expect(JSON.parse(await sb.read('project/.kilocode/mcp.json')).mcpServers).toEqual({
      git: JSON.parse(REAL).mcpServers.git,
      fs: { command: 'node', args: ['fs.js'] },
    });
    expect(sb.exists('project/.kilo'), 'no .kilo/ folder is created beside the legacy file').toBe(false);

    const status = await sb.run(['status', '--json']);
    expect(status.code, status.stdout).toBe(0);
    expect(status.stdout).toContain('.kilocode/mcp.json');

    const remove = await sb.run(['remove', 'fs', '--yes']);
    expect(remove.code, remove.stderr).toBe(0);
    expect(await sb.read('project/.kilocode/mcp.json')).toBe(REAL);
  });

  it('writes a remote server with the `type` Kilo needs to read it as remote, and refuses a secret reference it would not expand', async () => {
    await sb.write('project/.kilocode/mcp.json', REAL);
    const add = await sb.run(['add', 'docs', '--url', 'https://example.com/mcp', '--host', 'kilo', '--yes']);
    expect(add.code, add.stderr).toBe(0);
    expect(JSON.parse(await sb.read('project/.kilocode/mcp.json')).mcpServers.docs).toEqual({ type: 'streamable-http', url: 'https://example.com/mcp' });

    const secret = await sb.run(['add', 'gh', '--url', 'https://example.com/gh', '--header', 'Authorization: Bearer ${env:GH_TOKEN}', '--host', 'kilo', '--yes']);
    expect(secret.code).not.toBe(0);
    expect(secret.stderr + secret.stdout).toMatch(/secret-reference-unsupported|reference/);
    expect(JSON.parse(await sb.read('project/.kilocode/mcp.json')).mcpServers.gh).toBeUndefined();
  });

  it('fails closed on a comment, which Kilo (JSON.parse) would not read: nothing is written', async () => {
    const commented = REAL.replace('{\n', '{\n  // hand note\n');
    await sb.write('project/.kilocode/mcp.json', commented);
    const add = await sb.run(['add', 'fs', '--host', 'kilo', '--yes', '--', 'node', 'fs.js']);
    expect(add.code).not.toBe(0);
    expect(add.stderr + add.stdout).toContain('.kilocode/mcp.json');
    expect(await sb.read('project/.kilocode/mcp.json')).toBe(commented);
    expect(sb.exists('project/patchbay.jsonc')).toBe(false);
  });
});

describe('precedence: the first existing candidate wins', () => {
  it('a kilo.jsonc beside the legacy file gets the entry (in the mcp shape); the legacy file is untouched but listed', async () => {
    await sb.write('project/.kilocode/mcp.json', REAL);
    await sb.write('project/.kilo/kilo.jsonc', KILO_JSONC);
    const add = await sb.run(['add', 'fs', '--host', 'kilo', '--yes', '--', 'node', 'fs.js']);
    expect(add.code, add.stderr).toBe(0);
    expect(await sb.read('project/.kilocode/mcp.json')).toBe(REAL);
    const written = await sb.read('project/.kilo/kilo.jsonc');
    expect(written).toContain('// the new format');
    expect(parseJsonc(written).mcp.fs).toMatchObject({ type: 'local', command: ['node', 'fs.js'] });

    const listed = JSON.parse((await sb.run(['list', '--host', 'kilo', '--json'])).stdout).servers as Array<{ name: string; file: string }>;
    expect(listed.map((s) => `${s.file}:${s.name}`).sort()).toEqual(['.kilo/kilo.jsonc:fs', '.kilocode/mcp.json:git']);
  });

  it('.kilo/mcp.json comes before .kilocode/mcp.json', async () => {
    await sb.write('project/.kilocode/mcp.json', REAL);
    await sb.write('project/.kilo/mcp.json', '{ "mcpServers": {} }\n');
    const add = await sb.run(['add', 'fs', '--host', 'kilo', '--yes', '--', 'node', 'fs.js']);
    expect(add.code, add.stderr).toBe(0);
    expect(JSON.parse(await sb.read('project/.kilo/mcp.json')).mcpServers).toEqual({ fs: { command: 'node', args: ['fs.js'] } });
    expect(await sb.read('project/.kilocode/mcp.json')).toBe(REAL);
  });

  it('with no Kilo file at all, the new-format .kilo/kilo.jsonc is created, never a legacy file', async () => {
    const add = await sb.run(['add', 'fs', '--host', 'kilo', '--yes', '--', 'node', 'fs.js']);
    expect(add.code, add.stderr).toBe(0);
    expect(sb.exists('project/.kilo/kilo.jsonc')).toBe(true);
    expect(sb.exists('project/.kilocode/mcp.json')).toBe(false);
    expect(sb.exists('project/.kilo/mcp.json')).toBe(false);
  });
});
