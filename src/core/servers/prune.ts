// What patchbay created, it prunes: a folder patchbay created for a file it wrote (managed.json
// `createdDirs`) is removed when a plan deletes the last thing in it, so add then remove gives back
// the exact prior tree (as `rollback` always did). Folders are removed after the transaction commits
// (rollback.ts recreates them with the files it restores); one that is not empty by then is kept.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FileChange } from '../../rollback/types.js';

/** The recorded folders that hold nothing once `changes` are applied, deepest first. */
export async function emptiedDirs(changes: readonly FileChange[], createdDirs: readonly string[]): Promise<string[]> {
  const deleted = new Set(changes.filter((c) => c.after === 'delete').map((c) => path.resolve(c.path)));
  if (deleted.size === 0) return [];
  const created = new Set(createdDirs.map((d) => path.resolve(d)));
  const creating = new Set(changes.filter((c) => c.after !== 'delete' && !c.before.exists).map((c) => path.dirname(path.resolve(c.path))));
  const gone = new Set<string>(deleted);
  const pruned: string[] = [];
  let candidates = [...new Set([...deleted].map((f) => path.dirname(f)))];
  while (candidates.length > 0) {
    const next: string[] = [];
    // Deepest first, so a parent sees its emptied child as gone.
    for (const dir of candidates.sort((a, b) => b.length - a.length)) {
      if (!created.has(dir) || gone.has(dir) || creating.has(dir)) continue;
      const names = await readdir(dir).catch(() => null);
      if (names === null || names.some((n) => !gone.has(path.join(dir, n)))) continue;
      gone.add(dir);
      pruned.push(dir);
      next.push(path.dirname(dir));
    }
    candidates = next;
  }
  return pruned;
}
