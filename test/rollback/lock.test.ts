// The state-dir lock across real processes: a second apply fails with lock-held (or waits with
// lockWaitMs) and never interleaves; a lock left by a dead process is taken over.
import { spawn } from 'node:child_process';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { isPatchbayError } from '../../src/errors.js';
import { apply, createPlan, history, makeChange, readBefore, serializePlan } from '../../src/rollback/index.js';
import { lockPath } from '../../src/rollback/lock.js';
import { prepareChildKit, runChild, type ChildKit } from '../helpers/rollback-child.js';
import { buildScenario, enc, scenarioPlan, tempRoot, type Scenario } from '../helpers/rollback-fixture.js';

let kit: ChildKit;
beforeAll(async () => {
  kit = await prepareChildKit();
});

async function twoPlans(): Promise<{ s: Scenario; planA: string; planB: string; fileB: string }> {
  const root = await tempRoot('pb-lock-');
  const s = await buildScenario(root);
  const planA = path.join(root, 'a.plan.json');
  await writeFile(planA, serializePlan(await scenarioPlan(s)));
  const fileB = path.join(root, 'tree', 'a', 'b-only.json');
  const planB = path.join(root, 'b.plan.json');
  await writeFile(planB, serializePlan(createPlan('B', [makeChange(fileB, await readBefore(fileB), enc('B\n'))], [])));
  return { s, planA, planB, fileB };
}

const stepTimes = (stderr: string): number[] => [...stderr.matchAll(/^STEP \d+ \S+ (\d+)$/gm)].map((m) => Number(m[1]));

it('a second process fails at once with lock-held naming the holder', async () => {
  const { s, planA, planB, fileB } = await twoPlans();
  const a = runChild(kit, { command: 'apply', planFile: planA, stateDir: s.stateDir }, { PB_PAUSE_AT: '3', PB_PAUSE_MS: '3000' });
  await a.waitFor('PAUSE');
  const b = await runChild(kit, { command: 'apply', planFile: planB, stateDir: s.stateDir }).done;
  expect(b.result).toMatchObject({ ok: false, code: 'lock-held' });
  expect(b.result!.message).toContain(`process ${a.proc.pid}`);
  const outA = await a.done;
  expect(outA.result?.ok).toBe(true);
  await expect(readFile(fileB)).rejects.toMatchObject({ code: 'ENOENT' });
  expect((await history({ stateDir: s.stateDir })).map((t) => t.description)).toEqual(['test scenario']);
});

it('with lockWaitMs the second process waits, then runs entirely after the first', async () => {
  const { s, planA, planB, fileB } = await twoPlans();
  const a = runChild(kit, { command: 'apply', planFile: planA, stateDir: s.stateDir }, { PB_PAUSE_AT: '3', PB_PAUSE_MS: '800', PB_TRACE: '1' });
  await a.waitFor('PAUSE');
  const b = runChild(kit, { command: 'apply', planFile: planB, stateDir: s.stateDir }, { PB_LOCK_WAIT_MS: '20000', PB_TRACE: '1' });
  const [outA, outB] = await Promise.all([a.done, b.done]);
  expect(outA.result?.ok).toBe(true);
  expect(outB.result?.ok, outB.stdout).toBe(true);
  // Never interleaved: B's first step comes after A's last one.
  const timesA = stepTimes(outA.stderr);
  const timesB = stepTimes(outB.stderr);
  expect(timesA.length).toBeGreaterThan(10);
  expect(timesB.length).toBeGreaterThan(3);
  expect(Math.min(...timesB)).toBeGreaterThanOrEqual(Math.max(...timesA));
  expect(await readFile(fileB, 'utf8')).toBe('B\n');
  expect((await history({ stateDir: s.stateDir })).map((t) => [t.description, t.status])).toEqual([
    ['B', 'committed'],
    ['test scenario', 'committed'],
  ]);
});

it('a lock whose pid is dead is stale and is taken over', async () => {
  const s = await buildScenario(await tempRoot('pb-lock-'));
  const dead = spawn(process.execPath, ['-e', '']);
  const deadPid = await new Promise<number>((resolve) => dead.on('close', () => resolve(dead.pid!)));
  await mkdir(path.join(s.stateDir, 'journal'), { recursive: true });
  await writeFile(lockPath(s.stateDir), JSON.stringify({ pid: deadPid, startedAt: new Date().toISOString(), hostname: os.hostname() }));
  const result = await apply(await scenarioPlan(s), { stateDir: s.stateDir });
  expect(result.written).toHaveLength(4);
  await expect(readFile(lockPath(s.stateDir))).rejects.toMatchObject({ code: 'ENOENT' });
});

it("a live holder's lock is respected, and one from another host is never assumed stale", async () => {
  const s = await buildScenario(await tempRoot('pb-lock-'));
  await mkdir(path.join(s.stateDir, 'journal'), { recursive: true });
  for (const holder of [
    { pid: process.ppid, hostname: os.hostname() },
    { pid: 999_999, hostname: `not-${os.hostname()}` },
  ]) {
    await writeFile(lockPath(s.stateDir), JSON.stringify({ ...holder, startedAt: '2026-01-01T00:00:00.000Z' }));
    const t0 = Date.now();
    const error = await apply(await scenarioPlan(s), { stateDir: s.stateDir, lockWaitMs: 300 }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isPatchbayError(error, 'lock-held')).toBe(true);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
    expect((error as Error).message).toContain(String(holder.pid));
    expect((error as { details: { hint: string } }).details.hint).toContain('remove');
  }
});
