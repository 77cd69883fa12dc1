// One way to prove "nothing changed": a snapshot of every entry under a folder (type, mode, owner,
// content hash, link target; optionally mtime). Used by the engine, CLI and server tests alike.
import { createHash } from 'node:crypto';
import { lstat, readdir, readFile, readlink } from 'node:fs/promises';
import path from 'node:path';

export interface Entry {
  type: 'file' | 'dir' | 'link' | 'other';
  mode: number;
  uid: number;
  sha?: string;
  size?: number;
  link?: string;
  /** Only with { mtime: true }: catches a rewrite of identical bytes. */
  mtimeMs?: number;
}

export interface SnapshotOptions {
  /** Relative paths (from root) to skip, with everything below them. */
  exclude?: string[];
  /** Also record modification times. */
  mtime?: boolean;
  /** Prefix for every key (e.g. "project/" when several roots go into one snapshot). */
  prefix?: string;
}

/** Every entry under `root`, keyed by relative path; a missing root is an empty snapshot. */
export async function snapshotTree(root: string, options: SnapshotOptions = {}): Promise<Record<string, Entry>> {
  const out: Record<string, Entry> = {};
  const exclude = options.exclude ?? [];
  async function walk(dir: string): Promise<void> {
    let names: string[];
    try {
      names = (await readdir(dir)).sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const name of names) {
      const abs = path.join(dir, name);
      const rel = path.relative(root, abs);
      if (exclude.includes(rel)) continue;
      const st = await lstat(abs);
      const entry: Entry = { type: 'other', mode: st.mode & 0o7777, uid: st.uid };
      if (options.mtime) entry.mtimeMs = st.mtimeMs;
      if (st.isSymbolicLink()) Object.assign(entry, { type: 'link', link: await readlink(abs) });
      else if (st.isFile()) {
        const bytes = await readFile(abs);
        Object.assign(entry, { type: 'file', size: bytes.length, sha: createHash('sha256').update(bytes).digest('hex') });
      } else if (st.isDirectory()) entry.type = 'dir';
      out[`${options.prefix ?? ''}${rel}`] = entry;
      if (entry.type === 'dir') await walk(abs);
    }
  }
  await walk(root);
  return out;
}
