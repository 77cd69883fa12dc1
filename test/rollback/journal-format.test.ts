// The journal's bytes and how they are read back, after the performance changes: writeJournal splices
// the (cached) base64 of big prior bytes into the JSON instead of serializing it on every write, and
// recovery, pruning and rollback read only the head of each journal. Neither may change what is on
// disk or what is read: the file is exactly JSON.stringify(journal), the head is the journal minus files.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { JOURNAL_FORMAT, journalPath, readJournal, readJournalHead, writeJournal, type Journal, type JournalFile } from '../../src/rollback/journal.js';
import { journalDir } from '../../src/rollback/state-dir.js';
import { tempRoot } from '../helpers/rollback-fixture.js';

function file(name: string, prior: Buffer | null): JournalFile {
  return {
    path: `/x/${name}`,
    target: `/x/${name}`,
    existedBefore: prior !== null,
    priorBase64: prior ? prior.toString('base64') : null,
    priorSha256: prior ? 'aa' : null,
    priorMode: prior ? 0o600 : null,
    priorUid: 0,
    priorGid: 0,
    deleted: false,
    afterSha256: 'bb',
    tempPaths: [`/x/.${name}.tmp`],
    done: false,
  };
}

function journal(id: string, files: JournalFile[], extra: Partial<Journal> = {}): Journal {
  return { format: JOURNAL_FORMAT, id, kind: 'apply', status: 'pending', description: 'd "quoted", "files":[ inside', createdAt: '2026-01-01T00:00:00.000Z', pid: 1, createdDirs: ['/x/new'], ...extra, files };
}

async function stateDir(): Promise<string> {
  const dir = path.join(await tempRoot(), 'state');
  await mkdir(journalDir(dir), { recursive: true });
  return dir;
}

describe('writeJournal', () => {
  it('writes exactly JSON.stringify(journal), big priors spliced in, on every rewrite', async () => {
    const dir = await stateDir();
    const big = Buffer.alloc(300_000, 'a"\\\n\u00e9');
    const j = journal('20260101T000000.000Z-aaaa', [file('small.json', Buffer.from('{"a":1}')), file('big.json', big), file('new.json', null), file('big2.json', Buffer.alloc(9000, 7))]);
    for (const mark of [() => undefined, () => void (j.files[1]!.done = true), () => void (j.status = 'committed')]) {
      mark();
      await writeJournal(dir, j);
      expect(await readFile(journalPath(dir, j.id), 'utf8')).toBe(JSON.stringify(j));
    }
    // A prior that changes (it never does in a transaction) is not served stale from the cache.
    j.files[1]!.priorBase64 = Buffer.alloc(5000, 1).toString('base64');
    await writeJournal(dir, j);
    expect(await readFile(journalPath(dir, j.id), 'utf8')).toBe(JSON.stringify(j));
  });
});

describe('readJournalHead', () => {
  it('is the journal without files, read from the head only (files last, as transactions write them)', async () => {
    const dir = await stateDir();
    const j = journal('20260101T000000.000Z-bbbb', [file('big.json', Buffer.alloc(500_000, 3))], { kind: 'revert', revertOf: '20250101T000000.000Z-cccc', removeDirsAfter: ['/x/d'] });
    // Key order as prepare() builds it: revertOf before status, removeDirsAfter before files.
    const ordered = { format: j.format, id: j.id, kind: j.kind, revertOf: j.revertOf, status: j.status, description: j.description, createdAt: j.createdAt, pid: j.pid, createdDirs: j.createdDirs, removeDirsAfter: j.removeDirsAfter, files: j.files } as Journal;
    await writeJournal(dir, ordered);
    const { files: _f, ...expected } = ordered;
    expect(await readJournalHead(dir, j.id)).toEqual(expected);
  });

  it('falls back to the whole journal for an older layout (revert fields after files) or a huge head', async () => {
    const dir = await stateDir();
    // Older journals put revertOf and removeDirsAfter after files: the head alone would miss them.
    const old = journal('20260101T000000.000Z-dddd', [file('a.json', Buffer.from('x'))]);
    const oldText = JSON.stringify({ ...old, revertOf: '20250101T000000.000Z-eeee', removeDirsAfter: ['/x/d'], kind: 'revert' }).replace('"kind":"apply"', '"kind":"revert"');
    await writeFile(journalPath(dir, old.id), oldText);
    expect(await readJournalHead(dir, old.id)).toMatchObject({ kind: 'revert', revertOf: '20250101T000000.000Z-eeee', removeDirsAfter: ['/x/d'] });
    const huge = journal('20260101T000000.000Z-ffff', [file('a.json', Buffer.from('x'))], { createdDirs: Array.from({ length: 5000 }, (_, i) => `/very/long/folder/name/number/${i}`) });
    await writeJournal(dir, huge);
    const { files: _f, ...expected } = huge;
    expect(await readJournalHead(dir, huge.id)).toEqual(expected);
    expect((await readJournal(dir, huge.id)).files).toEqual(huge.files);
  });

  it('a journal that is not JSON is still journal-corrupt', async () => {
    const dir = await stateDir();
    await writeFile(journalPath(dir, '20260101T000000.000Z-9999'), '{"format":"patchbay-journal/v1", garbage');
    await expect(readJournalHead(dir, '20260101T000000.000Z-9999')).rejects.toMatchObject({ code: 'journal-corrupt' });
  });
});
