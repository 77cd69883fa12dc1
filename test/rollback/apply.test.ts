// apply / recover / rollback against real temp folders (no mocked fs).
import { chmod, lstat, mkdir, readFile, readdir, readlink, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { isPatchbayError } from '../../src/errors.js';
import { apply, createPlan, history, makeChange, readBefore, rollback } from '../../src/rollback/index.js';
import { journalPath } from '../../src/rollback/journal.js';
import { buildScenario, enc, scenarioPlan, snapshotTree, tempRoot, type Scenario } from '../helpers/rollback-fixture.js';
import { rejection } from '../helpers/rejection.js';

const modeOf = async (p: string): Promise<number> => (await stat(p)).mode & 0o777;

let s: Scenario;
beforeEach(async () => {
  s = await buildScenario(await tempRoot());
});

describe('apply', () => {
  it('writes every file of a 4-file plan, keeps modes, creates folders, deletes, commits', async () => {
    const plan = await scenarioPlan(s);
    const result = await apply(plan, { stateDir: s.stateDir });
    expect(result.written).toEqual(plan.changes.map((c) => c.path));
    expect(await readFile(s.files.modify!, 'utf8')).toContain('"patchbay": 1');
    expect(await modeOf(s.files.modify!)).toBe(0o600);
    expect(await readFile(s.files.create!, 'utf8')).toBe('{"created": true}\n');
    expect(await modeOf(s.files.create!)).toBe(0o644);
    await expect(stat(s.files.delete!)).rejects.toMatchObject({ code: 'ENOENT' });
    const [summary] = await history({ stateDir: s.stateDir });
    expect(summary).toMatchObject({ id: result.id, status: 'committed', description: 'test scenario' });
    expect(summary!.files.map((f) => [f.existedBefore, f.deleted])).toEqual([
      [true, false],
      [false, false],
      [true, true],
      [true, false],
    ]);
    // No temp file left anywhere in the tree.
    const names = Object.keys(await snapshotTree(s.root));
    expect(names.filter((n) => n.includes('.patchbay-'))).toEqual([]);
  });

  it('writes through a symlink: the link stays a link, the target gets the bytes, its 0600 mode is kept (also after rollback)', async () => {
    const target = path.join(s.root, 'tree', 'e', 'target.json');
    const before = await readFile(target);
    const plan = await scenarioPlan(s);
    await apply(plan, { stateDir: s.stateDir });
    expect((await lstat(s.files.symlinked!)).isSymbolicLink()).toBe(true);
    expect(await readlink(s.files.symlinked!)).toBe(path.join('..', 'e', 'target.json'));
    expect(await readFile(target, 'utf8')).toBe('\uFEFF{\r\n  "mcp": {"patchbay": 1}\r\n}\r\n');
    expect(await modeOf(target)).toBe(0o600);
    await rollback(undefined, { stateDir: s.stateDir });
    expect((await lstat(s.files.symlinked!)).isSymbolicLink()).toBe(true);
    expect(Buffer.compare(await readFile(target), before)).toBe(0);
    expect(await modeOf(target)).toBe(0o600);
    expect(await modeOf(s.files.modify!)).toBe(0o600);
  });

  it('gives a new file createMode when set', async () => {
    const file = path.join(s.root, 'tree', 'a', 'secret.json');
    const plan = createPlan('secret', [makeChange(file, await readBefore(file), enc('{}'), { createMode: 0o600 })], []);
    await apply(plan, { stateDir: s.stateDir });
    expect(await modeOf(file)).toBe(0o600);
  });

  it("fails with 'file-changed' naming the file when it was edited after planning, and touches nothing", async () => {
    const plan = await scenarioPlan(s);
    await writeFile(s.files.delete!, '{"old": "edited by someone else"}');
    const snap = await snapshotTree(s.root);
    const error = await rejection(apply(plan, { stateDir: s.stateDir }));
    expect(isPatchbayError(error, 'file-changed')).toBe(true);
    expect((error as Error).message).toContain(s.files.delete!);
    expect(await snapshotTree(s.root)).toEqual(snap);
    expect(await history({ stateDir: s.stateDir })).toEqual([]);
  });

  it("fails with 'file-changed' when a file the plan creates appeared meanwhile", async () => {
    const plan = await scenarioPlan(s);
    await mkdir(path.dirname(s.files.create!), { recursive: true });
    await writeFile(s.files.create!, 'mine');
    const snap = await snapshotTree(s.root);
    expect(isPatchbayError(await rejection(apply(plan, { stateDir: s.stateDir })), 'file-changed')).toBe(true);
    expect(await snapshotTree(s.root)).toEqual(snap);
  });

  it('state dir is 0700 and journals are 0600', async () => {
    const { id } = await apply(await scenarioPlan(s), { stateDir: s.stateDir });
    expect(await modeOf(s.stateDir)).toBe(0o700);
    expect(await modeOf(path.join(s.stateDir, 'journal'))).toBe(0o700);
    expect(await modeOf(journalPath(s.stateDir, id))).toBe(0o600);
    // The journal holds the prior bytes (so it can restore them), which is why it must be private.
    const journal = JSON.parse(await readFile(journalPath(s.stateDir, id), 'utf8'));
    expect(Buffer.from(journal.files[0].priorBase64, 'base64').toString()).toContain('keep me');
  });

  it('resolves the state dir from PATCHBAY_STATE_DIR, then XDG_STATE_HOME', async () => {
    const { resolveStateDir } = await import('../../src/rollback/state-dir.js');
    expect(resolveStateDir(undefined, { PATCHBAY_STATE_DIR: '/x/state', XDG_STATE_HOME: '/y' })).toBe('/x/state');
    expect(resolveStateDir(undefined, { XDG_STATE_HOME: '/y' })).toBe('/y/patchbay');
    expect(resolveStateDir('/explicit', { PATCHBAY_STATE_DIR: '/x' })).toBe('/explicit');
    expect(resolveStateDir(undefined, { HOME: '/h' }).endsWith(path.join('.local', 'state', 'patchbay'))).toBe(true);
  });

  it('a second concurrent apply in the same process fails with lock-held', async () => {
    const plan = await scenarioPlan(s);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const first = apply(plan, { stateDir: s.stateDir, faults: { beforeStep: async (step) => void (step === 'mkdir' && (await gate)) } });
    await new Promise((r) => setTimeout(r, 100));
    const other = path.join(s.root, 'tree', 'a', 'other.json');
    const second = await rejection(apply(createPlan('other', [makeChange(other, await readBefore(other), enc('x'))], []), { stateDir: s.stateDir }));
    expect(isPatchbayError(second, 'lock-held')).toBe(true);
    expect((second as Error).message).toContain(String(process.pid));
    release();
    await first;
  });
});

describe('exact bytes survive apply and rollback', () => {
  const cases: [string, Uint8Array, Uint8Array][] = [
    ['BOM', enc('\uFEFF{"a":1}\n'), enc('\uFEFF{"a":2}\n')],
    ['CRLF', enc('{\r\n  "a": 1\r\n}\r\n'), enc('{\r\n  "a": 2\r\n}\r\n')],
    ['empty before', new Uint8Array(), enc('{}\n')],
    ['empty after', enc('{}\n'), new Uint8Array()],
    ['no trailing newline', enc('{"a":1}'), enc('{"a":2}')],
    ['mixed endings and invalid UTF-8', new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0x0d, 0x0a, 0x62, 0x0a, 0xff, 0xfe]), new Uint8Array([0x61, 0x0a, 0x0d])],
  ];
  for (const [name, before, after] of cases) {
    it(name, async () => {
      const file = path.join(s.root, 'tree', 'a', `${name.replace(/\W/g, '_')}.json`);
      await writeFile(file, before, { mode: 0o640 });
      await chmod(file, 0o640);
      await apply(createPlan(name, [makeChange(file, await readBefore(file), after)], []), { stateDir: s.stateDir });
      expect(Buffer.compare(await readFile(file), Buffer.from(after))).toBe(0);
      await rollback(undefined, { stateDir: s.stateDir });
      expect(Buffer.compare(await readFile(file), Buffer.from(before))).toBe(0);
      expect(await modeOf(file)).toBe(0o640);
    });
  }
});

describe('rollback', () => {
  it('restores exact bytes and modes of every file, removes created files and folders, marks it reverted', async () => {
    const snap = await snapshotTree(s.root);
    const { id } = await apply(await scenarioPlan(s), { stateDir: s.stateDir });
    const summary = await rollback(undefined, { stateDir: s.stateDir });
    expect(summary).toMatchObject({ id, status: 'reverted' });
    expect(await snapshotTree(s.root)).toEqual(snap);
    const list = await history({ stateDir: s.stateDir });
    expect(list.map((t) => t.status)).toEqual(['committed', 'reverted']);
    expect(list[0]!.revertOf).toBe(id);
    expect(isPatchbayError(await rejection(rollback(undefined, { stateDir: s.stateDir })), 'nothing-to-rollback')).toBe(true);
    expect(isPatchbayError(await rejection(rollback(id, { stateDir: s.stateDir })), 'nothing-to-rollback')).toBe(true);
  });

  it('refuses, listing the files, when files changed after patchbay wrote them; --force restores anyway', async () => {
    const snap = await snapshotTree(s.root);
    await apply(await scenarioPlan(s), { stateDir: s.stateDir });
    await writeFile(s.files.modify!, 'edited later');
    await writeFile(s.files.delete!, 'recreated later');
    const edited = await snapshotTree(s.root);
    const error = await rejection(rollback(undefined, { stateDir: s.stateDir }));
    expect(isPatchbayError(error, 'rollback-refused')).toBe(true);
    expect((error as { details: { files: string[] } }).details.files.sort()).toEqual([s.files.delete!, s.files.modify!].sort());
    expect(await snapshotTree(s.root)).toEqual(edited);
    await rollback(undefined, { stateDir: s.stateDir, force: true });
    expect(await snapshotTree(s.root)).toEqual(snap);
  });

  it('rolls back a specific id, and the newest committed apply by default', async () => {
    const file = path.join(s.root, 'tree', 'a', 'counter.txt');
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      ids.push((await apply(createPlan(`set ${n}`, [makeChange(file, await readBefore(file), enc(`${n}\n`))], []), { stateDir: s.stateDir })).id);
    }
    await rollback(undefined, { stateDir: s.stateDir });
    expect(await readFile(file, 'utf8')).toBe('2\n');
    await rollback(undefined, { stateDir: s.stateDir });
    expect(await readFile(file, 'utf8')).toBe('1\n');
    await rollback(ids[0], { stateDir: s.stateDir });
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
    const list = await history({ stateDir: s.stateDir });
    expect(list.filter((t) => t.revertOf === undefined).map((t) => t.status)).toEqual(['reverted', 'reverted', 'reverted']);
    expect(list.map((t) => t.createdAt)).toEqual([...list.map((t) => t.createdAt)].sort().reverse());
  });

  it("unknown id => 'transaction-not-found'; nothing committed => 'nothing-to-rollback'", async () => {
    expect(isPatchbayError(await rejection(rollback(undefined, { stateDir: s.stateDir })), 'nothing-to-rollback')).toBe(true);
    expect(isPatchbayError(await rejection(rollback('20260101T000000.000Z-abcd', { stateDir: s.stateDir })), 'transaction-not-found')).toBe(true);
  });

  it('keeps the newest 50 transactions', async () => {
    const file = path.join(s.root, 'tree', 'a', 'n.txt');
    const ids: string[] = [];
    for (let n = 0; n < 55; n++) {
      ids.push((await apply(createPlan(`n=${n}`, [makeChange(file, await readBefore(file), enc(String(n)))], []), { stateDir: s.stateDir })).id);
    }
    const list = await history({ stateDir: s.stateDir });
    expect(list).toHaveLength(50);
    expect(list.map((t) => t.id)).toEqual(ids.slice(5).reverse());
    expect((await readdir(path.join(s.stateDir, 'journal'))).filter((n) => n.endsWith('.json'))).toHaveLength(50);
  });

  it('restores a file through its real target even if a folder it lived in was removed', async () => {
    const { id } = await apply(await scenarioPlan(s), { stateDir: s.stateDir });
    // The deleted file's folder is gone now; rollback recreates it to put the file back.
    const { rm } = await import('node:fs/promises');
    await rm(path.dirname(s.files.delete!), { recursive: true });
    await rollback(id, { stateDir: s.stateDir });
    expect(await readFile(s.files.delete!, 'utf8')).toBe('{"old": true}');
    expect(await modeOf(s.files.delete!)).toBe(0o640);
  });

  it('refuses when a written file was replaced by a folder, even with force', async () => {
    await apply(await scenarioPlan(s), { stateDir: s.stateDir });
    const { rm } = await import('node:fs/promises');
    await rm(s.files.modify!);
    await mkdir(s.files.modify!);
    const error = await rejection(rollback(undefined, { stateDir: s.stateDir, force: true }));
    expect(isPatchbayError(error, 'rollback-refused')).toBe(true);
    expect((error as { details: { files: string[] } }).details.files).toEqual([s.files.modify!]);
  });
});

it('symlink target in a folder of its own is still written in place', async () => {
  const dir = path.join(s.root, 'tree', 'link-only');
  await mkdir(dir);
  await symlink(path.join(s.root, 'tree', 'a', 'settings.json'), path.join(dir, 'abs-link.json'));
  const link = path.join(dir, 'abs-link.json');
  await apply(createPlan('via abs link', [makeChange(link, await readBefore(link), enc('new'))], []), { stateDir: s.stateDir });
  expect((await lstat(link)).isSymbolicLink()).toBe(true);
  expect(await readFile(s.files.modify!, 'utf8')).toBe('new');
  expect(await readdir(dir)).toEqual(['abs-link.json']);
});
