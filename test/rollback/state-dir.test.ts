// The engine's side of "an unusable state dir": finding nothing to recover, and reading history, need
// no writable (or even existing) state dir and create nothing; writers refuse with state-dir-unusable
// before touching any file. On real temp trees (the nobody case is in test/cli/state-dir.test.ts).
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPatchbayError } from '../../src/errors.js';
import { apply, history, recoverPending, rollback } from '../../src/rollback/index.js';
import { stateDirProblem } from '../../src/rollback/state-dir.js';
import { buildScenario, scenarioPlan, snapshotTree, tempRoot } from '../helpers/rollback-fixture.js';

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('reading needs no state dir', () => {
  it('recoverPending and history on a missing state dir: nothing to do, nothing created', async () => {
    const stateDir = path.join(await tempRoot(), 'state');
    expect(await recoverPending({ stateDir })).toEqual({ recovered: [] });
    expect(await history({ stateDir })).toEqual([]);
    expect(existsSync(stateDir)).toBe(false);
  });

  it('a regular file in its place: the same, and the file is left alone', async () => {
    const stateDir = path.join(await tempRoot(), 'state');
    await writeFile(stateDir, 'mine');
    expect(await recoverPending({ stateDir })).toEqual({ recovered: [] });
    expect(await history({ stateDir })).toEqual([]);
    expect(await readFile(stateDir, 'utf8')).toBe('mine');
  });
});

describe('writing refuses', () => {
  it('apply and rollback with a file for a state dir: state-dir-unusable, every file untouched', async () => {
    const s = await buildScenario(await tempRoot());
    await writeFile(s.stateDir, 'mine');
    const before = await snapshotTree(s.root, []);
    const error = await rejection(apply(await scenarioPlan(s), { stateDir: s.stateDir }));
    expect(isPatchbayError(error, 'state-dir-unusable'), String(error)).toBe(true);
    expect((error as { details: { path: string; hint?: string } }).details).toMatchObject({ path: s.stateDir, hint: expect.stringContaining('PATCHBAY_STATE_DIR') });
    expect(isPatchbayError(await rejection(rollback(undefined, { stateDir: s.stateDir })), 'state-dir-unusable')).toBe(true);
    expect(await snapshotTree(s.root, [])).toEqual(before);
  });

  it('stateDirProblem says why, without creating anything', async () => {
    const root = await tempRoot();
    await writeFile(path.join(root, 'file'), 'x');
    expect((await stateDirProblem(path.join(root, 'file')))?.message).toMatch(/is a file, not a folder/);
    expect((await stateDirProblem(path.join(root, 'file', 'state')))?.message).toMatch(/cannot be created: .*file is a file/);
    await mkdir(path.join(root, 'withjournal'));
    await writeFile(path.join(root, 'withjournal', 'journal'), 'x');
    expect((await stateDirProblem(path.join(root, 'withjournal')))?.message).toMatch(/holds a file named journal/);
    expect(await stateDirProblem(path.join(root, 'new', 'deeper', 'state'))).toBeUndefined();
    expect(existsSync(path.join(root, 'new'))).toBe(false);
  });
});
