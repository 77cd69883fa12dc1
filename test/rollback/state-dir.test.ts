// The engine's side of "an unusable state dir": finding nothing to recover, and reading history, need
// no writable (or even existing) state dir and create nothing; writers refuse with state-dir-unusable
// before touching any file. On real temp trees (the nobody case is in test/cli/state-dir.test.ts).
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPatchbayError } from '../../src/errors.js';
import { apply, history, recoverPending, rollback } from '../../src/rollback/index.js';
import { stateDirProblem } from '../../src/rollback/state-dir.js';
import { isRoot } from '../helpers/as-nobody.js';
import { buildScenario, scenarioPlan, snapshotTree, tempRoot } from '../helpers/rollback-fixture.js';
import { rejection } from '../helpers/rejection.js';

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

describe('ensureStateDir takes permissions away, never adds one', () => {
  it('a 0755 state dir becomes 0700; a 0555 one becomes 0500, not writable again', async () => {
    const open = await buildScenario(await tempRoot());
    await mkdir(open.stateDir, { mode: 0o755 });
    await chmod(open.stateDir, 0o755);
    await apply(await scenarioPlan(open), { stateDir: open.stateDir });
    expect((await stat(open.stateDir)).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(open.stateDir, 'journal'))).mode & 0o777).toBe(0o700);

    const locked = await buildScenario(await tempRoot());
    await mkdir(path.join(locked.stateDir, 'journal'), { recursive: true });
    await chmod(path.join(locked.stateDir, 'journal'), 0o555);
    await chmod(locked.stateDir, 0o555);
    const outcome = await apply(await scenarioPlan(locked), { stateDir: locked.stateDir }).then(
      () => 'applied',
      (error: unknown) => (isPatchbayError(error, 'state-dir-unusable') ? 'refused' : String(error)),
    );
    // Its owner took write permission away: patchbay does not give it back (it used to chmod 0700).
    expect((await stat(locked.stateDir)).mode & 0o777).toBe(0o500);
    // Root writes into it anyway (as it would into any folder); anyone else is refused.
    expect(outcome).toBe(isRoot ? 'applied' : 'refused');
    await chmod(path.join(locked.stateDir, 'journal'), 0o700);
    await chmod(locked.stateDir, 0o700);
  });
});
