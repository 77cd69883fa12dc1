// Fault injection at EVERY step of a 4-file plan (modify a 0600 file, create a file in a new
// two-level folder, delete a file, modify a config reached through a symlink). The step list is
// recorded from a real run first, so adding a step to the engine automatically adds it here.
//
// Three kinds of fault, each followed by the same strict check: every file byte-identical with
// the same mode and owner, created folders gone, no temp file left, journal marked rolled-back.
//  (a) the step's hook throws (an injected failure);
//  (b) a real EACCES from the kernel. Tests run as root, and root ignores permission bits, so the
//      apply runs in a child process as the unprivileged user `nobody` (setpriv), on a tree owned
//      by nobody; at step k the child makes the folder that step acts in read-only (0555), so the
//      engine's next create/rename/unlink in it fails for real. The fault persists (as a real one
//      would) until the engine gives up; then the test lifts it and runs recoverPending() as nobody,
//      which must finish whatever the in-process rollback could not (e.g. a temp file stuck in the
//      read-only folder, or marking the journal when the journal folder itself was read-only);
//  (c) a file replaced by a folder: at step k the path the step is about to act on is replaced by a
//      non-empty folder (for a mkdir step: by a regular file), which makes the kernel call fail
//      (EISDIR/EEXIST/ENOTDIR). The obstacle is someone else's: patchbay must leave it in place.
//      fsync-dir steps are skipped for (c): their only path is the user's own folder, and replacing
//      it would destroy the files the test checks; (a) and (b) cover them. At fsync-temp the temp file
//      is already open, so the folder replaces the target the next step renames onto.
import { execFileSync } from 'node:child_process';
import { chmod, chown, lstat, mkdir, readdir, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { isPatchbayError } from '../../src/errors.js';
import { apply, history, serializePlan } from '../../src/rollback/index.js';
import type { StepName } from '../../src/rollback/faults.js';
import { prepareChildKit, runChild, type ChildKit } from '../helpers/rollback-child.js';
import { buildScenario, scenarioPlan, snapshotTree, tempRoot, type Entry } from '../helpers/rollback-fixture.js';

interface Recorded {
  step: StepName;
  path: string;
}

let steps: Recorded[] = [];
let recordRoot = '';

beforeAll(async () => {
  recordRoot = await tempRoot();
  const s = await buildScenario(recordRoot);
  await apply(await scenarioPlan(s), {
    stateDir: s.stateDir,
    faults: { beforeStep: (step, p) => void steps.push({ step, path: p }) },
  });
  steps = steps.filter((r) => !r.step.startsWith('restore') && r.step !== 'remove-temp' && r.step !== 'rmdir');
});

it('records every step of the 4-file plan', () => {
  // 1 pending journal + 2 mkdir + per file (check, temp, fsync, rename, fsync-dir | check, unlink,
  // fsync-dir) + one journal mark per file but the last, whose mark is the commit record.
  expect(steps.map((s) => s.step)).toEqual([
    'journal',
    'mkdir',
    'mkdir',
    ...['check', 'write-temp', 'fsync-temp', 'rename', 'fsync-dir', 'journal'],
    ...['check', 'write-temp', 'fsync-temp', 'rename', 'fsync-dir', 'journal'],
    ...['check', 'unlink', 'fsync-dir', 'journal'],
    ...['check', 'write-temp', 'fsync-temp', 'rename', 'fsync-dir'],
    'journal',
  ]);
});

async function rejection(p: Promise<unknown>, label = ''): Promise<unknown> {
  try {
    await p;
  } catch (error) {
    return error;
  }
  throw new Error(`expected apply to fail${label ? ` (${label})` : ''}`);
}

async function expectRolledBack(stateDir: string, allowNoJournal = false): Promise<void> {
  const list = await history({ stateDir });
  // Only when the very first journal write itself failed can there be no journal at all.
  if (allowNoJournal && list.length === 0) return;
  const [latest, ...rest] = list;
  expect(rest).toEqual([]);
  expect(latest?.status).toBe('rolled-back');
}

describe('(a) an injected failure at every step', () => {
  it('restores everything, whatever the step', async () => {
    const root = await tempRoot();
    for (let k = 0; k < steps.length; k++) {
      const s = await buildScenario(root);
      await rm(s.stateDir, { recursive: true, force: true });
      const before = await snapshotTree(root);
      const plan = await scenarioPlan(s);
      let calls = 0;
      const error = await rejection(
        apply(plan, {
          stateDir: s.stateDir,
          faults: {
            beforeStep: () => {
              if (calls++ === k) throw new Error(`injected failure at step ${k}`);
            },
          },
        }),
      );
      expect(isPatchbayError(error, 'io-failed'), `step ${k}`).toBe(true);
      expect((error as Error).message).toContain(`injected failure at step ${k}`);
      expect(await snapshotTree(root), `step ${k} ${steps[k]!.step}`).toEqual(before);
      await expectRolledBack(s.stateDir);
    }
  });
});

/** Drops the obstacle (and folders kept only because they contain it) from a snapshot. */
function without(snap: Record<string, Entry>, obstacleRel: string, before: Record<string, Entry>): Record<string, Entry> {
  const out: Record<string, Entry> = {};
  for (const [k, v] of Object.entries(snap)) {
    if (k === obstacleRel || k.startsWith(`${obstacleRel}/`)) continue;
    if (obstacleRel.startsWith(`${k}/`) && !(k in before)) continue;
    out[k] = v;
  }
  return out;
}

describe('(c) the path a step acts on replaced by a folder', () => {
  it('fails, leaves the obstacle alone, restores everything else', async () => {
    const root = await tempRoot();
    let ran = 0;
    for (let k = 0; k < steps.length; k++) {
      if (steps[k]!.step === 'fsync-dir') continue;
      const s = await buildScenario(root);
      await rm(s.stateDir, { recursive: true, force: true });
      const before = await snapshotTree(root);
      const plan = await scenarioPlan(s);
      let calls = 0;
      let obstacle = '';
      const error = await rejection(
        apply(plan, {
          stateDir: s.stateDir,
          faults: {
            beforeStep: async (step, p) => {
              if (calls++ !== k) return;
              // fsync-temp: the temp file is already open; the file that gets replaced by a folder is
              // the target the next step renames onto (same path in every run).
              obstacle = step === 'fsync-temp' ? path.join(root, path.relative(recordRoot, steps[k + 1]!.path)) : p;
              p = obstacle;
              if (step === 'mkdir') {
                await writeFile(p, 'a file where a folder was planned');
                return;
              }
              await rm(p, { force: true });
              await mkdir(p);
              await writeFile(path.join(p, 'inside.txt'), 'not yours');
            },
          },
        }),
        `step ${k} ${steps[k]!.step} ${steps[k]!.path}`,
      );
      expect(isPatchbayError(error), `step ${k}`).toBe(true);
      const code = (error as { code: string }).code;
      expect(code === 'io-failed' || code === 'file-changed', `step ${k}: ${code}`).toBe(true);
      const rel = path.relative(root, obstacle);
      expect(without(await snapshotTree(root), rel, before), `step ${k} ${steps[k]!.step}`).toEqual(without(before, rel, before));
      // The obstacle is intact.
      const st = await lstat(obstacle);
      if (steps[k]!.step === 'mkdir') expect(st.isFile()).toBe(true);
      else expect(await readdir(obstacle)).toEqual(['inside.txt']);
      await expectRolledBack(s.stateDir).catch((e) => {
        throw new Error(`step ${k} ${steps[k]!.step}: ${(e as Error).message}; apply said: ${(error as Error).message}`);
      });
      ran++;
    }
    expect(ran).toBe(steps.filter((r) => r.step !== 'fsync-dir').length);
  });
});

function setprivWorks(): boolean {
  try {
    execFileSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', 'true']);
    return true;
  } catch {
    return false;
  }
}

async function chownTree(p: string): Promise<void> {
  await chown(p, 65534, 65534);
  const st = await lstat(p);
  if (st.isDirectory()) for (const n of await readdir(p)) await chownTree(path.join(p, n));
  else if (st.isSymbolicLink()) await import('node:fs/promises').then((fs) => fs.lchown(p, 65534, 65534));
}

describe('(b) a real EACCES at every step (child process running as nobody)', () => {
  let kit: ChildKit;
  beforeAll(async () => {
    kit = await prepareChildKit();
  });

  it('rolls back, or (for a fault that no later write trips over) commits whole; never a mix', async () => {
    // Fail loudly rather than skip: without an unprivileged user this test would prove nothing.
    expect(setprivWorks(), 'setpriv must be able to switch to uid 65534 (nobody)').toBe(true);
    const root = await tempRoot();
    await chmod(root, 0o755);
    let failed = 0;
    let committed = 0;
    let afterSnap: Record<string, Entry> | null = null;
    for (let k = -1; k < steps.length; k++) {
      const s = await buildScenario(root);
      await rm(s.stateDir, { recursive: true, force: true });
      await rm(path.join(root, 'plan.json'), { force: true });
      await writeFile(path.join(root, 'plan.json'), serializePlan(await scenarioPlan(s)));
      await chownTree(root);
      const before = await snapshotTree(root, ['state', 'plan.json']);
      const env: Record<string, string> = k >= 0 ? { PB_READONLY_AT: String(k) } : {};
      const run = runChild(kit, { command: 'apply', planFile: path.join(root, 'plan.json'), stateDir: s.stateDir }, env, { asNobody: true });
      const out = await run.done;
      expect(out.result, out.stderr).not.toBeNull();
      // Lift the fault, as an operator would, then let recovery finish the job (as nobody).
      const ro = /READONLY (.*)/.exec(out.stderr)?.[1];
      if (ro) await chmod(ro, ro.startsWith(s.stateDir) ? 0o700 : 0o755).catch(() => undefined);
      const rec = await runChild(kit, { command: 'recover', stateDir: s.stateDir }, {}, { asNobody: true }).done;
      expect(rec.result?.ok, rec.stdout + rec.stderr).toBe(true);
      const snap = await snapshotTree(root, ['state', 'plan.json']);
      if (k === -1) {
        // Baseline without a fault: it commits; its result is the "after" state.
        expect(out.result!.ok).toBe(true);
        afterSnap = snap;
        continue;
      }
      const step = steps[k]!.step;
      if (out.result!.ok) {
        // Only a read-only folder after that folder's last write can go unnoticed.
        expect(step, `step ${k}`).toBe('fsync-dir');
        expect(snap, `step ${k}`).toEqual(afterSnap);
        committed++;
      } else {
        expect(out.result!.message, `step ${k}`).toMatch(/EACCES|permission denied/i);
        expect(snap, `step ${k} ${step}`).toEqual(before);
        await expectRolledBack(s.stateDir, k === 0);
        failed++;
      }
    }
    console.log(`[rollback (b) EACCES] ${steps.length} steps: ${failed} rolled back, ${committed} committed whole (read-only folder after its last write)`);
    expect(failed + committed).toBe(steps.length);
    expect(failed).toBeGreaterThanOrEqual(steps.length - steps.filter((r) => r.step === 'fsync-dir').length);
  });
});

it('a failure before the pending journal is durable leaves no trace in the tree', async () => {
  const s = await buildScenario(await tempRoot());
  const before = await snapshotTree(s.root);
  await rm(path.join(s.root, 'state'), { recursive: true, force: true });
  // The journal folder is a file: the state dir cannot hold a journal, so apply refuses before
  // anything else (state-dir-unusable). The journal-write failure itself is step 0 of test (a).
  await mkdir(s.stateDir, { recursive: true });
  await writeFile(path.join(s.stateDir, 'journal'), 'not a folder');
  const error = await rejection(apply(await scenarioPlan(s), { stateDir: s.stateDir }));
  expect(isPatchbayError(error, 'state-dir-unusable'), String(error)).toBe(true);
  await unlink(path.join(s.stateDir, 'journal'));
  expect(await snapshotTree(s.root)).toEqual(before);
});
