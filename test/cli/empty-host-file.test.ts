// Issue "Hardening" item 7: a host file that exists but is EMPTY (0 bytes) is present, not absent.
// After init (or add) writes into it, what a removal leaves is byte-for-byte what patchbay writes into
// a file it creates, so the bytes alone cannot say whether to delete the file. patchbay remembers
// (managed.json `existed` / `empty`, in the same transaction) and uninstall / remove give the file back
// its 0 bytes; a file patchbay created itself is still deleted.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../helpers/cli-sandbox.js';

let sb: Sandbox;
beforeEach(async () => {
  sb = await createSandbox();
});
afterEach(async () => {
  await sb.cleanup();
});

const rel = (absolute: string) => path.relative(sb.root, absolute);
const managed = async () => JSON.parse(await readFile(path.join(sb.stateDir, 'managed.json'), 'utf8')) as { existed: string[]; empty: string[] };

async function ok(args: string[]): Promise<string> {
  const r = await sb.run(args);
  expect(r.code, `${args.join(' ')}\n${r.stdout}\n${r.stderr}`).toBe(0);
  return r.stdout;
}

describe('a 0-byte host file keeps existing (init / uninstall)', () => {
  const cases = [
    { host: 'claude-code', scope: 'project', file: () => 'project/.mcp.json', format: 'JSON' },
    { host: 'codex', scope: 'user', file: () => 'home/.codex/config.toml', format: 'TOML' },
    { host: 'goose', scope: 'user', file: () => rel(path.join(sb.configHome, 'goose', 'config.yaml')), format: 'YAML' },
  ] as const;

  for (const c of cases) {
    it(`${c.format} (${c.host}): init writes the entry, uninstall gives back 0 bytes, not a deleted file`, async () => {
      await sb.write(c.file(), '');
      await ok(['init', '--yes', '--host', c.host, '--scope', c.scope]);
      expect((await sb.read(c.file())).length).toBeGreaterThan(0);
      const out = await ok(['uninstall', '--yes', '--host', c.host, '--scope', c.scope]);
      expect(sb.exists(c.file()), out).toBe(true);
      expect(await sb.read(c.file())).toBe('');
    });
  }

  it('a file holding exactly the skeleton patchbay would create is kept, with its bytes', async () => {
    // What init leaves after uninstall in a file it created is `{}\n`: a user's identical file stays.
    await sb.write('project/.mcp.json', '{}\n');
    await ok(['init', '--yes', '--host', 'claude-code']);
    await ok(['uninstall', '--yes', '--host', 'claude-code']);
    expect(await sb.read('project/.mcp.json')).toBe('{}\n');
  });

  it('a file init created is still deleted by uninstall: it is not remembered as a file that existed', async () => {
    await ok(['init', '--yes', '--host', 'claude-code']);
    expect(await managed()).toMatchObject({ existed: [], empty: [] });
    const out = await ok(['uninstall', '--yes', '--host', 'claude-code']);
    expect(out).toContain('delete .mcp.json');
    expect(sb.exists('project/.mcp.json')).toBe(false);
  });

  it('the memory is part of the transaction: rolling init back forgets it with the edit', async () => {
    const file = await sb.write('project/.mcp.json', '');
    await ok(['init', '--yes', '--host', 'claude-code']);
    expect(await managed()).toMatchObject({ existed: [file], empty: [file] });
    await ok(['rollback']);
    expect(await sb.read('project/.mcp.json')).toBe('');
    expect(sb.exists(rel(path.join(sb.stateDir, 'managed.json')))).toBe(false);
  });

  it('--dry-run of init on an empty file writes nothing, not even the memory', async () => {
    await sb.write('project/.mcp.json', '');
    const before = await sb.snapshot();
    const out = await ok(['init', '--dry-run', '--host', 'claude-code']);
    expect(out).toContain('managed.json');
    expect(await sb.snapshot()).toEqual(before);
  });
});

describe('a 0-byte host file keeps existing (add / remove)', () => {
  it('add then remove of a command server gives back the 0-byte file', async () => {
    await sb.write('project/.mcp.json', '');
    await ok(['add', 'fs', '--host', 'claude-code', '--yes', '--', 'node', 'server.js']);
    expect(JSON.parse(await sb.read('project/.mcp.json')).mcpServers.fs).toEqual({ command: 'node', args: ['server.js'] });
    const out = await ok(['remove', 'fs', '--yes']);
    expect(out).toContain('empty again');
    expect(await sb.read('project/.mcp.json')).toBe('');
  });
});
