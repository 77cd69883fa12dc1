// managed.json fails closed (issue 24 item 3): it decides what patchbay may touch, so a damaged one is a
// refusal naming it — for reading and writing commands alike — never read as empty (0.2 read it as
// empty: `remove` said "not managed" and the next `add` erased every record). `patchbay repair`
// restores the bytes patchbay last wrote, from the journal, as one transaction.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../helpers/cli-sandbox.js';
import { snapshotTree } from '../helpers/tree.js';

let sb: Sandbox;
let records: string;
let good: string;
beforeEach(async () => {
  sb = await createSandbox();
  const a = await sb.run(['add', 'a', '--host', 'cursor', '--yes', '--', 'node', 'a.js']);
  expect(a.code, a.stderr).toBe(0);
  const b = await sb.run(['add', 'b', '--host', 'cursor', '--scope', 'user', '--yes', '--', 'node', 'b.js']);
  expect(b.code, b.stderr).toBe(0);
  records = path.join(sb.stateDir, 'managed.json');
  good = await readFile(records, 'utf8');
});
afterEach(async () => {
  await sb.cleanup();
});

const everything = async () => ({ ...(await sb.snapshot()), ...(await snapshotTree(sb.stateDir, { prefix: 'state/' })) });

const DAMAGE: Array<[string, (text: string) => string, RegExp]> = [
  ['truncated', (t) => t.slice(0, Math.floor(t.length / 2)), /managed\.json:\d+:\d+ state-invalid .*not valid JSON/],
  ['empty', () => '', /state-invalid .*managed\.json is empty/],
  ['not JSON', () => 'garbage\n', /state-invalid .*not valid JSON/],
  ['an array', () => '[]\n', /state-invalid .*the top level/],
  ['a newer version', (t) => t.replace('"version": 2', '"version": 9'), /state-invalid .*version: must be 1 or 2/],
  ['a hash that is not one', (t) => t.replace(/"[0-9a-f]{64}"/, '"x"'), /state-invalid .*entries\..*sha256/],
  ['a server of no known shape', (t) => t.replace('"command": "node"', '"cmd": "node"'), /state-invalid .*servers\.b/],
];

describe('a damaged managed.json', () => {
  for (const [what, damage, message] of DAMAGE) {
    it(`${what}: list, status, add, remove and sync refuse (exit 3) naming it; nothing is written`, async () => {
      const damaged = damage(good);
      expect(damaged).not.toBe(good);
      await writeFile(records, damaged);
      const before = await everything();
      for (const argv of [['list'], ['status'], ['add', 'c', '--host', 'cursor', '--yes', '--', 'node', 'c.js'], ['remove', 'a', '--yes'], ['sync', '--yes']]) {
        const r = await sb.run(argv);
        expect(r.code, `${argv.join(' ')}: ${r.stdout}${r.stderr}`).toBe(3);
        expect(r.stderr, argv.join(' ')).toMatch(message);
        expect(r.stderr).toMatch(/hint: Run `patchbay repair`/);
      }
      expect(await everything()).toEqual(before);
    });
  }

  it('--json carries the refusal as error.code state-invalid with the file', async () => {
    await writeFile(records, '{"version": 2, "entries": ');
    const r = await sb.run(['list', '--json']);
    expect(r.code).toBe(3);
    const doc = JSON.parse(r.stdout) as { error: { code: string; path: string } };
    expect(doc.error.code).toBe('state-invalid');
    expect(doc.error.path).toMatch(/managed\.json$/);
  });
});

describe('patchbay repair', () => {
  it('restores the exact bytes patchbay last wrote, as one transaction; remove then works; rollback undoes the repair', async () => {
    const damaged = good.slice(0, 40);
    await writeFile(records, damaged);
    const dry = await sb.run(['repair', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/as transaction \S+ wrote it \(add b → cursor \(user\)\)/);
    expect(await readFile(records, 'utf8')).toBe(damaged);

    const r = await sb.run(['repair', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(await readFile(records, 'utf8')).toBe(good);
    const rm = await sb.run(['remove', 'a', '--yes']);
    expect(rm.code, rm.stderr).toBe(0);
    expect(await sb.exists('project/.cursor/mcp.json')).toBe(false);

    // Undo remove, then the repair: the damaged bytes come back exactly (rollback restores, never judges).
    expect((await sb.run(['rollback'])).code).toBe(0);
    expect((await sb.run(['rollback'])).code).toBe(0);
    expect(await readFile(records, 'utf8')).toBe(damaged);
  });

  it('a missing managed.json that a transaction wrote is restored too; a healthy one is nothing to repair (exit 0, any stdin)', async () => {
    const healthy = await sb.run(['repair']);
    expect(healthy.code, healthy.stderr).toBe(0);
    expect(healthy.stdout).toMatch(/nothing to repair/);
    await writeFile(records, good); // same bytes: still nothing
    const { rm } = await import('node:fs/promises');
    await rm(records);
    const r = await sb.run(['repair', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(await readFile(records, 'utf8')).toBe(good);
  });

  it('without a terminal and without --yes/--dry-run: exit 2, nothing written', async () => {
    await writeFile(records, '');
    const r = await sb.run(['repair']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/pass --yes to apply, or --dry-run/);
    expect(await readFile(records, 'utf8')).toBe('');
  });

  it('refuses (state-unrecoverable, exit 3) when the journal kept only the hash (an older patchbay wrote it)', async () => {
    // What 0.2's journals hold: the written bytes' hash, not the bytes.
    const journalDir = path.join(sb.stateDir, 'journal');
    for (const name of (await readdir(journalDir)).filter((n) => n.endsWith('.json'))) {
      const file = path.join(journalDir, name);
      const journal = JSON.parse(await readFile(file, 'utf8')) as { files: Array<Record<string, unknown>> };
      for (const f of journal.files) delete f.afterBase64;
      await writeFile(file, JSON.stringify(journal));
    }
    await writeFile(records, '{');
    const before = await everything();
    const r = await sb.run(['repair', '--yes']);
    expect(r.code, r.stdout + r.stderr).toBe(3);
    expect(r.stderr).toMatch(/state-unrecoverable .*kept only its hash/);
    expect(r.stderr).toMatch(/hint: Move the file aside/);
    expect(await everything()).toEqual(before);
  });
});

describe('managed.json from 0.2 (version 1)', () => {
  it('is still read: its user servers take the one host list', async () => {
    const v1 = {
      version: 1,
      user: { hosts: ['cursor'], servers: { old: { command: 'node', args: ['old.js'] } } },
      entries: {},
      existed: [],
      empty: [],
    };
    await writeFile(records, `${JSON.stringify(v1, null, 2)}\n`);
    const r = await sb.run(['status', '--json', '--scope', 'user']);
    expect(r.code, r.stdout).toBe(1); // recorded but not written: drift, not a refusal
    const doc = JSON.parse(r.stdout) as { servers: Array<{ name: string; hosts: Array<{ host: string }>; scope: string }> };
    expect(doc.servers.map((s) => [s.name, s.hosts.map((h) => h.host), s.scope])).toEqual([['old', ['cursor'], 'user']]);
  });
});
