// Byte-exact snapshots of a directory tree (relative path → sha256), and their difference: how an e2e
// test proves that add-then-remove gave back exact bytes and lists everything else that changed.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export type TreeHash = Map<string, string>;

export async function hashTree(root: string): Promise<TreeHash> {
  const out: TreeHash = new Map();
  async function walk(dir: string): Promise<void> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return; // the tree does not exist (yet): empty
    }
    for (const e of entries) {
      const abs = path.join(dir, e.name);
      const rel = path.relative(root, abs).split(path.sep).join('/');
      if (e.isDirectory()) await walk(abs);
      // A symlink is recorded by what it is, not followed: a host's cache may link outside the tree.
      else if (e.isSymbolicLink()) out.set(rel, 'symlink');
      else if (e.isFile()) out.set(rel, createHash('sha256').update(await readFile(abs)).digest('hex'));
    }
  }
  await walk(root);
  return out;
}

export interface TreeDiff {
  added: string[];
  removed: string[];
  changed: string[];
}

export function diffTrees(before: TreeHash, after: TreeHash): TreeDiff {
  const added = [...after.keys()].filter((k) => !before.has(k)).sort();
  const removed = [...before.keys()].filter((k) => !after.has(k)).sort();
  const changed = [...after.keys()].filter((k) => before.has(k) && before.get(k) !== after.get(k)).sort();
  return { added, removed, changed };
}

/** Every file under root whose bytes contain needle (relative paths). */
export async function filesContaining(root: string, needle: string): Promise<string[]> {
  const hits: string[] = [];
  async function walk(dir: string): Promise<void> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const abs = path.join(dir, e.name);
      if (e.isDirectory()) await walk(abs);
      else if (e.isFile() && (await readFile(abs)).includes(needle)) hits.push(path.relative(root, abs));
    }
  }
  await walk(root);
  return hits.sort();
}
