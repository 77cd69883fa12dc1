// Plan building: readBefore, no-op dropping, dirsToCreate, (de)serialization.
import { mkdir, symlink, writeFile, chmod } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPatchbayError } from '../../src/errors.js';
import { createPlan, deserializePlan, dirsToCreate, makeChange, readBefore, serializePlan } from '../../src/rollback/index.js';
import { sha256Hex } from '../../src/node-crypto.js';
import { enc, tempRoot } from '../helpers/rollback-fixture.js';

describe('readBefore', () => {
  it('reads bytes, hash and mode, following symlinks', async () => {
    const dir = await tempRoot();
    await writeFile(path.join(dir, 'real.json'), '{"a":1}');
    await chmod(path.join(dir, 'real.json'), 0o600);
    await symlink('real.json', path.join(dir, 'link.json'));
    const b = await readBefore(path.join(dir, 'link.json'));
    expect(b).toEqual({ exists: true, sha256: sha256Hex(enc('{"a":1}')), mode: 0o600, bytes: new Uint8Array(enc('{"a":1}')) });
  });

  it('a missing file or a dangling link is exists:false', async () => {
    const dir = await tempRoot();
    await symlink('nowhere.json', path.join(dir, 'dangling.json'));
    const none = { exists: false, sha256: null, mode: null, bytes: null };
    expect(await readBefore(path.join(dir, 'missing.json'))).toEqual(none);
    expect(await readBefore(path.join(dir, 'dangling.json'))).toEqual(none);
    expect(await readBefore(path.join(dir, 'missing-dir', 'x.json'))).toEqual(none);
  });

  it('a folder is a not-a-file refusal, not an empty file', async () => {
    const dir = await tempRoot();
    await mkdir(path.join(dir, 'folder.json'));
    await expect(readBefore(path.join(dir, 'folder.json'))).rejects.toSatisfy((e) => isPatchbayError(e, 'not-a-file'));
  });
});

describe('createPlan', () => {
  it('drops no-op changes and keeps real ones', async () => {
    const dir = await tempRoot();
    const same = path.join(dir, 'same.json');
    const changed = path.join(dir, 'changed.json');
    await writeFile(same, 'x');
    await writeFile(changed, 'x');
    const gone = path.join(dir, 'gone.json');
    const plan = createPlan(
      'd',
      [
        makeChange(same, await readBefore(same), enc('x')),
        makeChange(changed, await readBefore(changed), enc('y')),
        makeChange(gone, await readBefore(gone), 'delete'),
        makeChange(path.join(dir, 'new.json'), await readBefore(path.join(dir, 'new.json')), new Uint8Array()),
      ],
      [],
    );
    expect(plan.changes.map((c) => path.basename(c.path))).toEqual(['changed.json', 'new.json']);
    expect(plan.description).toBe('d');
  });

  it('lists each folder to create once, parents first, in the same order on every machine', () => {
    // Code-unit order puts 'B' before 'a' (a locale collation would not): no ICU, no locale.
    const plan = createPlan('d', [], ['/p/a/x', '/p/a', '/p/B', '/p/a', '/p']);
    expect(plan.createDirs).toEqual(['/p', '/p/B', '/p/a', '/p/a/x']);
  });
});

describe('dirsToCreate', () => {
  it('lists missing ancestors, parents first', async () => {
    const dir = await tempRoot();
    expect(await dirsToCreate(path.join(dir, 'a', 'b', 'c', 'f.json'))).toEqual([
      path.join(dir, 'a'),
      path.join(dir, 'a', 'b'),
      path.join(dir, 'a', 'b', 'c'),
    ]);
    expect(await dirsToCreate(path.join(dir, 'f.json'))).toEqual([]);
  });

  it('fails when an ancestor is a file', async () => {
    const dir = await tempRoot();
    await writeFile(path.join(dir, 'file'), '');
    await expect(dirsToCreate(path.join(dir, 'file', 'x.json'))).rejects.toSatisfy((e) => isPatchbayError(e, 'not-a-directory'));
  });
});

describe('serializePlan / deserializePlan', () => {
  it('round-trips bytes exactly (base64), including deletes and options', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x00, 0xff, 0x0d, 0x0a]);
    const plan = createPlan(
      'desc',
      [
        makeChange('/x/a', { exists: true, sha256: 'h', mode: 0o600, bytes }, enc('after'), { createMode: 0o600, label: 'claude-code' }),
        makeChange('/x/b', { exists: true, sha256: 'h2', mode: 0o644, bytes: enc('b') }, 'delete'),
        makeChange('/x/c', { exists: false, sha256: null, mode: null, bytes: null }, bytes),
      ],
      ['/x'],
    );
    const text = serializePlan(plan);
    expect(() => JSON.parse(text)).not.toThrow();
    expect(deserializePlan(text)).toEqual(plan);
  });

  it('rejects text that is not a plan', () => {
    expect(() => deserializePlan('{"x":1}')).toThrow();
    expect(() => deserializePlan('nope')).toThrow();
  });
});
