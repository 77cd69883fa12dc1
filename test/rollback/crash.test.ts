// Crash safety: a real child process (plain node, running the esbuild bundle of src/rollback)
// applies a 6-file plan (modify 0600, create in a new two-level folder, delete, modify through a
// symlink, a 2 MB modify, a 2 MB create) and is SIGKILLed:
//   1. at EVERY engine step k (the child prints "PAUSE k" right before the step's filesystem call
//      and hangs; the parent SIGKILLs it there),
//   2. at steps of recoverPending() itself, after an apply was killed (recovery must be re-runnable),
//   3. at random times during the apply (lands inside writes, fsyncs, journal writes).
// After each kill, recoverPending() runs and every file must be byte-identical (bytes, mode, owner,
// symlink) to the state before the apply, or, if the kill landed after the commit, to the full
// after state. Never a mix. The whole tree is compared, so leftover temp files and folders count.
import path from 'node:path';
import { readdir, rm, writeFile } from 'node:fs/promises';
import { beforeAll, expect, it } from 'vitest';
import { history, recoverPending, serializePlan } from '../../src/rollback/index.js';
import { recoverUnderLock } from '../../src/rollback/recover.js';
import { lockStateDir } from '../../src/rollback/state-dir.js';
import { prepareChildKit, runChild, type ChildKit } from '../helpers/rollback-child.js';
import { buildScenario, scenarioPlan, snapshotTree, tempRoot, type Entry, type Scenario } from '../helpers/rollback-fixture.js';

const RANDOM_KILLS = 20;

let kit: ChildKit;
let root: string;
let planFile: string;
let before: Record<string, Entry>;
let after: Record<string, Entry>;
let stepCount = 0;
let applyMs = 0;

async function fresh(): Promise<Scenario> {
  const s = await buildScenario(root, { big: true });
  await rm(s.stateDir, { recursive: true, force: true });
  return s;
}

beforeAll(async () => {
  kit = await prepareChildKit();
  root = await tempRoot('pb-crash-');
  const s = await fresh();
  planFile = path.join(root, 'plan.json');
  await writeFile(planFile, serializePlan(await scenarioPlan(s)));
  before = await snapshotTree(root, ['state', 'plan.json']);
  // Baseline: an uninterrupted apply gives the "after" state, the step count and the duration.
  const run = runChild(kit, { command: 'apply', planFile, stateDir: s.stateDir });
  await run.waitFor('START');
  const t0 = performance.now();
  const out = await run.done;
  applyMs = performance.now() - t0;
  expect(out.result?.ok, out.stderr).toBe(true);
  stepCount = out.result!.steps;
  after = await snapshotTree(root, ['state', 'plan.json']);
  expect(after).not.toEqual(before);
});

/**
 * After the recovery every write command runs under the lock first (apply.ts), every prior-bytes blob
 * (prior-blob.ts) in the journal folder belongs to a journal on disk: a kill between a blob's write
 * and its journal's leaves none behind for good.
 */
async function expectNoOrphanBlobs(s: Scenario, label: string): Promise<void> {
  const lock = await lockStateDir(s.stateDir);
  try {
    await recoverUnderLock(s.stateDir);
  } finally {
    await lock.release();
  }
  const names = await readdir(path.join(s.stateDir, 'journal')).catch(() => [] as string[]);
  const orphans = names.filter((n) => n.endsWith('.prior') && !names.includes(`${n.replace(/\.\d+\.prior$/, '')}.json`));
  expect(orphans, label).toEqual([]);
}

async function assertAllOrNothing(s: Scenario, label: string): Promise<'before' | 'after'> {
  await expectNoOrphanBlobs(s, label);
  const snap = await snapshotTree(root, ['state', 'plan.json']);
  const list = await history({ stateDir: s.stateDir });
  expect(list.filter((t) => t.status === 'pending'), label).toEqual([]);
  if (JSON.stringify(snap) === JSON.stringify(after)) {
    expect(list[0]?.status, label).toBe('committed');
    return 'after';
  }
  expect(snap, label).toEqual(before);
  // Either no journal reached disk (killed before the first journal rename) or it is rolled back.
  if (list.length > 0) expect(list[0]!.status, label).toBe('rolled-back');
  return 'before';
}

async function killAt(k: number, command: 'apply' | 'recover', s: Scenario): Promise<boolean> {
  const run = runChild(kit, { command, planFile, stateDir: s.stateDir }, { PB_PAUSE_AT: String(k) });
  const paused = await run.waitFor('PAUSE').then(
    () => true,
    () => false,
  );
  if (paused) run.proc.kill('SIGKILL');
  const out = await run.done;
  if (paused) expect(out.signal).toBe('SIGKILL');
  return paused;
}

it('survives SIGKILL at every step, during recovery, and at random times', async () => {
  expect(stepCount).toBeGreaterThanOrEqual(30);
  const tally = { stepKills: 0, recoveryKills: 0, randomKills: 0, randomFinished: 0, endedAfter: 0 };

  // 1. Every step of the apply.
  for (let k = 0; k < stepCount; k++) {
    const s = await fresh();
    expect(await killAt(k, 'apply', s), `apply should reach step ${k}`).toBe(true);
    tally.stepKills++;
    const { recovered } = await recoverPending({ stateDir: s.stateDir });
    // Step 0 writes the blob of the 2 MB file's prior bytes, step 1 the journal's temp file: from the
    // third step on, a pending journal is on disk and must be reported.
    if (k > 1) expect(recovered.length, `step ${k}`).toBe(1);
    expect(await assertAllOrNothing(s, `kill at step ${k}`)).toBe('before');
  }

  // 2. Kill recovery itself at its j-th step, after an apply killed at step k, then recover again.
  for (const k of [6, 14, 20, Math.floor(stepCount * 0.75), stepCount - 1]) {
    for (const j of [0, 1, 3, 5, 8]) {
      const s = await fresh();
      expect(await killAt(k, 'apply', s)).toBe(true);
      if (await killAt(j, 'recover', s)) tally.recoveryKills++;
      await recoverPending({ stateDir: s.stateDir });
      expect(await assertAllOrNothing(s, `apply killed at ${k}, recovery killed at ${j}`)).toBe('before');
    }
  }

  // 3. Random times across the apply's duration (seeded, so a failure can be replayed).
  let seed = 20261203;
  const random = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let i = 0; i < RANDOM_KILLS; i++) {
    const s = await fresh();
    const run = runChild(kit, { command: 'apply', planFile, stateDir: s.stateDir });
    await run.waitFor('START');
    await new Promise((r) => setTimeout(r, random() * applyMs * 1.1));
    const killed = run.proc.exitCode === null && run.proc.kill('SIGKILL');
    const out = await run.done;
    if (killed && out.signal === 'SIGKILL') tally.randomKills++;
    else tally.randomFinished++;
    await recoverPending({ stateDir: s.stateDir });
    if ((await assertAllOrNothing(s, `random kill ${i}`)) === 'after') tally.endedAfter++;
  }

  const total = tally.stepKills + tally.recoveryKills + tally.randomKills;
  console.log(
    `[rollback crash test] ${total} SIGKILL points: ${tally.stepKills} at every apply step, ` +
      `${tally.recoveryKills} inside recovery, ${tally.randomKills} at random times ` +
      `(${tally.randomFinished} random runs finished before the kill; ${tally.endedAfter} ended in the full after state); ` +
      `apply takes ~${Math.round(applyMs)} ms`,
  );
  expect(total).toBeGreaterThanOrEqual(50);
}, 600_000);
