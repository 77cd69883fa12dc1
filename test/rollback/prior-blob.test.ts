// Prior bytes of big files live in blobs beside the journal (src/rollback/prior-blob.ts). Against real
// temp folders: what lands on disk, that rollback and failure recovery give back the exact bytes from
// a blob, that a missing or altered blob is refused (never restored), and that pruning and the sweep
// leave no blob without its journal.
import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPatchbayError } from '../../src/errors.js';
import { apply, createPlan, history, makeChange, readBefore, rollback } from '../../src/rollback/index.js';
import { JOURNAL_FORMAT, JOURNAL_FORMAT_BLOBS, journalPath, KEEP_TRANSACTIONS, readJournal } from '../../src/rollback/journal.js';
import { PRIOR_BLOB_MIN_BYTES } from '../../src/rollback/prior-blob.js';
import { bigJson, tempRoot } from '../helpers/rollback-fixture.js';
import { rejection } from '../helpers/rejection.js';

const BIG = PRIOR_BLOB_MIN_BYTES + 12_345;

async function setup(): Promise<{ root: string; stateDir: string; big: string; small: string; bigBefore: Buffer; smallBefore: Buffer }> {
  const root = await tempRoot('pb-blob-');
  const big = path.join(root, 'big.json');
  const small = path.join(root, 'small.json');
  await writeFile(big, bigJson(BIG, 7), { mode: 0o640 });
  await writeFile(small, '{\n  "a": 1\n}\n');
  return { root, stateDir: path.join(root, 'state'), big, small, bigBefore: await readFile(big), smallBefore: await readFile(small) };
}

async function changeBoth(t: Awaited<ReturnType<typeof setup>>, seed: number) {
  return createPlan(`change ${seed}`, [
    makeChange(t.big, await readBefore(t.big), bigJson(BIG, seed)),
    makeChange(t.small, await readBefore(t.small), new TextEncoder().encode(`{\n  "a": ${seed}\n}\n`)),
  ], []);
}

const journalFolder = (stateDir: string) => path.join(stateDir, 'journal');

describe('prior bytes in blobs', () => {
  it('a big prior goes to a 0600 blob holding the exact bytes; a small one stays inline (v2 journal)', async () => {
    const t = await setup();
    const { id } = await apply(await changeBoth(t, 2), { stateDir: t.stateDir });
    const journal = await readJournal(t.stateDir, id);
    expect(journal.format).toBe(JOURNAL_FORMAT_BLOBS);
    const [bigEntry, smallEntry] = journal.files;
    expect(bigEntry).toMatchObject({ priorBase64: null, priorBlob: `${id}.0.prior`, existedBefore: true });
    expect(smallEntry!.priorBlob).toBeUndefined();
    expect(Buffer.from(smallEntry!.priorBase64!, 'base64').equals(t.smallBefore)).toBe(true);
    const blob = path.join(journalFolder(t.stateDir), bigEntry!.priorBlob!);
    expect((await readFile(blob)).equals(t.bigBefore)).toBe(true);
    expect((await stat(blob)).mode & 0o777).toBe(0o600);
    // The journal itself no longer carries the megabyte.
    expect((await stat(journalPath(t.stateDir, id))).size).toBeLessThan(4096);
  });

  it('a plan with only small files still writes a v1 journal, byte for byte as before', async () => {
    const t = await setup();
    const plan = createPlan('small only', [makeChange(t.small, await readBefore(t.small), new TextEncoder().encode('{}\n'))], []);
    const { id } = await apply(plan, { stateDir: t.stateDir });
    const journal = await readJournal(t.stateDir, id);
    expect(journal.format).toBe(JOURNAL_FORMAT);
    expect(await readFile(journalPath(t.stateDir, id), 'utf8')).toBe(JSON.stringify(journal));
    expect((await readdir(journalFolder(t.stateDir))).filter((n) => n.endsWith('.prior'))).toEqual([]);
  });

  it('rollback gives back the exact bytes and mode from the blob', async () => {
    const t = await setup();
    const { id } = await apply(await changeBoth(t, 3), { stateDir: t.stateDir });
    expect((await readFile(t.big)).equals(t.bigBefore)).toBe(false);
    await rollback(id, { stateDir: t.stateDir });
    expect((await readFile(t.big)).equals(t.bigBefore)).toBe(true);
    expect((await stat(t.big)).mode & 0o777).toBe(0o640);
    expect((await readFile(t.small)).equals(t.smallBefore)).toBe(true);
  });

  it('a failed apply restores the big file from the bytes it holds (the blob is on disk too)', async () => {
    const t = await setup();
    const plan = await changeBoth(t, 4);
    // Fail on the second file, after the big one was written.
    const error = await rejection(apply(plan, { stateDir: t.stateDir, faults: { beforeStep: (name, target) => { if (name === 'write-temp' && target.includes('small.json')) throw new Error('injected'); } } }));
    expect(isPatchbayError(error)).toBe(true);
    expect((await readFile(t.big)).equals(t.bigBefore)).toBe(true);
    const [summary] = await history({ stateDir: t.stateDir });
    expect(summary!.status).toBe('rolled-back');
  });

  for (const [what, spoil] of [
    ['missing', async (blob: string) => void (await import('node:fs/promises')).unlink(blob)],
    ['altered', async (blob: string) => writeFile(blob, Buffer.alloc(BIG, 1))],
  ] as const) {
    it(`a ${what} blob is refused as journal-corrupt and the file is left as it is`, async () => {
      const t = await setup();
      const { id } = await apply(await changeBoth(t, 5), { stateDir: t.stateDir });
      const after = await readFile(t.big);
      await spoil(path.join(journalFolder(t.stateDir), `${id}.0.prior`));
      const error = await rejection(rollback(id, { stateDir: t.stateDir }));
      expect(error).toMatchObject({ code: 'journal-corrupt' });
      expect(String((error as Error).message)).toContain(t.big);
      expect((await readFile(t.big)).equals(after)).toBe(true);
      expect((await readFile(t.small)).equals(t.smallBefore)).toBe(false);
    });
  }

  it('a journal whose blob name points anywhere but its own blob is refused, and nothing is read from there', async () => {
    const t = await setup();
    const { id } = await apply(await changeBoth(t, 6), { stateDir: t.stateDir });
    const after = await readFile(t.big);
    // A blob outside the journal folder that would pass the hash check: only the name may stop it.
    await writeFile(path.join(t.root, 'elsewhere.prior'), t.bigBefore);
    const file = journalPath(t.stateDir, id);
    await writeFile(file, (await readFile(file, 'utf8')).replace(`"${id}.0.prior"`, JSON.stringify('../../elsewhere.prior')));
    const error = await rejection(rollback(id, { stateDir: t.stateDir }));
    expect(error).toMatchObject({ code: 'journal-corrupt' });
    expect((await readFile(t.big)).equals(after)).toBe(true);
  });

  it('pruning removes a journal’s blobs with it, and the next write sweeps a blob whose journal never landed', async () => {
    const t = await setup();
    const first = await apply(await changeBoth(t, 100), { stateDir: t.stateDir });
    // A kill between a blob's write and its journal's leaves a blob naming no journal.
    const orphan = path.join(journalFolder(t.stateDir), '20200101T000000.000Z-dead.0.prior');
    await writeFile(orphan, 'orphan');
    for (let i = 0; i < KEEP_TRANSACTIONS; i++) {
      const plan = createPlan(`small ${i}`, [makeChange(t.small, await readBefore(t.small), new TextEncoder().encode(`{"i": ${i}}\n`))], []);
      await apply(plan, { stateDir: t.stateDir });
    }
    const names = await readdir(journalFolder(t.stateDir));
    expect(names).not.toContain(`${first.id}.json`);
    expect(names.filter((n) => n.endsWith('.prior'))).toEqual([]);
  });
});
