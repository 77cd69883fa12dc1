// Read-time problems are typed refusals at planning (readBefore, dirsToCreate), and a folder that
// refuses apply's temp file is refused before the journal is written, naming the file the plan names,
// never the temp path. On real temp trees; the permission case runs as nobody (see as-nobody.ts).
import { chmod, mkdir, readdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { isPatchbayError } from '../../src/errors.js';
import { apply, createPlan, dirsToCreate, makeChange, readBefore, serializePlan } from '../../src/rollback/index.js';
import { chownTree, permissionMode } from '../helpers/as-nobody.js';
import { prepareChildKit, runChild, type ChildKit } from '../helpers/rollback-child.js';
import { enc, snapshotTree, tempRoot } from '../helpers/rollback-fixture.js';
import { rejection as thrown } from '../helpers/rejection.js';

describe('readBefore and dirsToCreate', () => {
  it('a folder is not-a-file, a looping link symlink-loop, a missing file exists:false', async () => {
    const root = await tempRoot();
    await mkdir(path.join(root, 'dir.json'));
    await symlink('b.json', path.join(root, 'a.json'));
    await symlink('a.json', path.join(root, 'b.json'));
    const folder = await thrown(readBefore(path.join(root, 'dir.json')));
    expect(isPatchbayError(folder, 'not-a-file'), String(folder)).toBe(true);
    expect((folder as { details: { path: string; hint?: string } }).details).toMatchObject({ path: path.join(root, 'dir.json'), hint: expect.any(String) });
    const loop = await thrown(readBefore(path.join(root, 'a.json')));
    expect(isPatchbayError(loop, 'symlink-loop'), String(loop)).toBe(true);
    expect((loop as Error).message).not.toContain(root); // the presenter shows the path, as the user knows it
    expect(await readBefore(path.join(root, 'missing.json'))).toMatchObject({ exists: false });
  });

  it('a file where a folder must be created is not-a-directory, naming that file', async () => {
    const root = await tempRoot();
    await writeFile(path.join(root, '.cursor'), 'x');
    const error = await thrown(dirsToCreate(path.join(root, '.cursor', 'mcp.json')));
    expect(isPatchbayError(error, 'not-a-directory'), String(error)).toBe(true);
    expect((error as { details: { path: string } }).details.path).toBe(path.join(root, '.cursor'));
    expect(await dirsToCreate(path.join(root, 'a', 'b', 'c.json'))).toEqual([path.join(root, 'a'), path.join(root, 'a', 'b')]);
  });
});

describe('apply: a folder that refuses the temp file', () => {
  const how = permissionMode();
  let kit: ChildKit;
  beforeAll(async () => {
    if (how.mode === 'nobody') kit = await prepareChildKit();
  });

  it.skipIf(how.mode === 'skip')(`dir-not-writable before the journal, naming the planned file (${how.mode === 'skip' ? how.reason : `as ${how.mode}`})`, async () => {
    const root = await tempRoot();
    const locked = path.join(root, 'locked');
    await mkdir(locked);
    const file = path.join(locked, 'mcp.json');
    await writeFile(file, '{}\n');
    const stateDir = path.join(root, 'state');
    await mkdir(stateDir);
    const plan = createPlan('test', [makeChange(file, await readBefore(file), enc('{"a":1}\n'))], []);
    let code: string | undefined;
    let message = '';
    let pathShown: string | undefined;
    let before = {};
    if (how.mode === 'nobody') {
      await chmod(root, 0o755);
      await chownTree(stateDir);
      await chownTree(file); // the file is nobody's; its folder stays root's 0755
      await writeFile(path.join(root, 'plan.json'), serializePlan(plan));
      before = await snapshotTree(root, ['state', 'plan.json']);
      const out = await runChild(kit, { command: 'apply', planFile: path.join(root, 'plan.json'), stateDir }, {}, { asNobody: true }).done;
      expect(out.result, out.stderr).not.toBeNull();
      expect(out.result!.ok).toBe(false);
      expect(out.result!.steps).toBe(0); // not even the journal was written
      code = out.result!.code;
      message = out.result!.message ?? '';
      pathShown = (out.result!.details as { path?: string } | null)?.path;
    } else {
      await chmod(locked, 0o555);
      before = await snapshotTree(root, ['state', 'plan.json']);
      try {
        const error = await thrown(apply(plan, { stateDir }));
        code = (error as { code?: string }).code;
        message = (error as Error).message;
        pathShown = (error as { details: { path?: string } }).details.path;
      } finally {
        await chmod(locked, 0o755);
      }
    }
    expect(code, message).toBe('dir-not-writable');
    expect(pathShown).toBe(file);
    expect(message).not.toContain('.patchbay-');
    expect(await readdir(path.join(stateDir, 'journal')).catch(() => [])).toEqual([]);
    if (how.mode === 'self') await chmod(locked, 0o555); // as it was when `before` was taken
    expect(await snapshotTree(root, ['state', 'plan.json'])).toEqual(before);
    await chmod(locked, 0o755);
  });
});
