// Recovery reporting, and crash safety of rollback itself: a `patchbay rollback` killed at any step
// is undone by recovery (files back to what the original apply wrote, the original still committed),
// and a later rollback then completes.
import path from 'node:path';
import { rm, writeFile } from 'node:fs/promises';
import { beforeAll, expect, it } from 'vitest';
import { apply, history, recoverPending, rollback, serializePlan } from '../../src/rollback/index.js';
import { prepareChildKit, runChild, type ChildKit } from '../helpers/rollback-child.js';
import { buildScenario, scenarioPlan, snapshotTree, tempRoot, type Entry } from '../helpers/rollback-fixture.js';

let kit: ChildKit;
beforeAll(async () => {
  kit = await prepareChildKit();
});

it('recoverPending reports what it rolled back; apply does it too when a caller skipped it', async () => {
  const root = await tempRoot();
  const s = await buildScenario(root);
  const planFile = path.join(root, 'plan.json');
  await writeFile(planFile, serializePlan(await scenarioPlan(s)));
  const before = await snapshotTree(root, ['state', 'plan.json']);

  const run = runChild(kit, { command: 'apply', planFile, stateDir: s.stateDir }, { PB_PAUSE_AT: '10' });
  await run.waitFor('PAUSE');
  run.proc.kill('SIGKILL');
  await run.done;
  expect((await history({ stateDir: s.stateDir }))[0]?.status).toBe('pending');
  const { recovered } = await recoverPending({ stateDir: s.stateDir });
  expect(recovered).toHaveLength(1);
  expect(recovered[0]).toMatchObject({ status: 'rolled-back', description: 'test scenario' });
  expect(await snapshotTree(root, ['state', 'plan.json'])).toEqual(before);
  expect((await recoverPending({ stateDir: s.stateDir })).recovered).toEqual([]);

  // Kill again, then call apply directly: it must finish the recovery first and say so.
  const again = runChild(kit, { command: 'apply', planFile, stateDir: s.stateDir }, { PB_PAUSE_AT: '10' });
  await again.waitFor('PAUSE');
  again.proc.kill('SIGKILL');
  await again.done;
  const other = path.join(root, 'tree', 'a', 'unrelated.json');
  const { createPlan, makeChange, readBefore } = await import('../../src/rollback/index.js');
  const result = await apply(createPlan('unrelated', [makeChange(other, await readBefore(other), new Uint8Array([1]))], []), {
    stateDir: s.stateDir,
  });
  expect(result.recovered?.map((t) => t.status)).toEqual(['rolled-back']);
  const snap = await snapshotTree(root, ['state', 'plan.json']);
  delete snap['tree/a/unrelated.json'];
  expect(snap).toEqual(before);
});

it('a rollback killed at every step is undone by recovery, and a second rollback completes', async () => {
  const root = await tempRoot('pb-revert-crash-');
  const fresh = async () => {
    const s = await buildScenario(root);
    await rm(s.stateDir, { recursive: true, force: true });
    return s;
  };
  let s = await fresh();
  const before = await snapshotTree(root);
  await apply(await scenarioPlan(s), { stateDir: s.stateDir });
  const after = await snapshotTree(root);

  // Count the rollback's steps with an uninterrupted run.
  const baseline = await runChild(kit, { command: 'rollback', stateDir: s.stateDir }).done;
  expect(baseline.result?.ok, baseline.stdout).toBe(true);
  expect(await snapshotTree(root)).toEqual(before);
  const stepCount = baseline.result!.steps;
  expect(stepCount).toBeGreaterThan(10);

  let kills = 0;
  for (let k = 0; k < stepCount; k++) {
    s = await fresh();
    const { id } = await apply(await scenarioPlan(s), { stateDir: s.stateDir });
    const run = runChild(kit, { command: 'rollback', stateDir: s.stateDir }, { PB_PAUSE_AT: String(k) });
    await run.waitFor('PAUSE');
    run.proc.kill('SIGKILL');
    await run.done;
    kills++;
    await recoverPending({ stateDir: s.stateDir });
    const snap: Record<string, Entry> = await snapshotTree(root);
    const original = (await history({ stateDir: s.stateDir })).find((t) => t.id === id);
    if (original?.status === 'reverted') {
      // Killed after the revert committed (marking the original or removing folders): done.
      expect(snap, `rollback killed at ${k}`).toEqual(before);
    } else {
      expect(original?.status, `rollback killed at ${k}`).toBe('committed');
      expect(snap, `rollback killed at ${k}`).toEqual(after);
      await rollback(undefined, { stateDir: s.stateDir });
      expect(await snapshotTree(root), `second rollback after kill at ${k}`).toEqual(before);
    }
    expect((await history({ stateDir: s.stateDir })).filter((t) => t.status === 'pending')).toEqual([]);
  }
  console.log(`[rollback revert crash test] ${kills} SIGKILL points inside rollback`);
  expect(kills).toBe(stepCount);
}, 300_000);
