// Shared fixtures for the rollback tests: a real temp tree, a whole-tree snapshot (every entry,
// hidden temp files included, with type, mode, owner and content hash) and the esbuild bundle a
// child process imports.
import { createHash } from 'node:crypto';
import { chmod, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { createPlan, dirsToCreate, makeChange, readBefore } from '../../src/rollback/index.js';
import type { Plan } from '../../src/rollback/types.js';
import { snapshotTree as snapshot, type Entry } from './tree.js';

export type { Entry };

/** Every entry under `root`, skipping `exclude` (the state dir by default). */
export function snapshotTree(root: string, exclude: string[] = ['state']): Promise<Record<string, Entry>> {
  return snapshot(root, { exclude });
}

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export async function tempRoot(prefix = 'pb-rollback-'): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), prefix));
}

/** Deterministic pseudo-random bytes shaped like JSON lines (large files for the crash test). */
export function bigJson(sizeBytes: number, seed: number): Uint8Array {
  const lines: string[] = ['{'];
  let n = 0;
  let size = 2;
  while (size < sizeBytes) {
    const line = `  "key${seed}_${n}": "${createHash('sha1').update(`${seed}:${n}`).digest('hex')}",`;
    lines.push(line);
    size += line.length + 1;
    n++;
  }
  lines.push(`  "end": ${seed}`, '}', '');
  return new TextEncoder().encode(lines.join('\n'));
}

export interface Scenario {
  root: string;
  stateDir: string;
  /** Absolute paths of the files the plan touches, by role. */
  files: Record<string, string>;
  /** Folders the plan creates (absolute). */
  createdDirs: string[];
}

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

/**
 * The 4-file plan of the fault matrix: modify an existing 0600 file, create a new file in a new
 * folder (two levels), delete a file, modify a config reached through a symlink. `big` adds two
 * large files (a modify and a create) so that a crash test has slow steps to land in.
 */
export async function buildScenario(root: string, opts: { big?: boolean } = {}): Promise<Scenario> {
  await rm(path.join(root, 'tree'), { recursive: true, force: true });
  const t = (...p: string[]): string => path.join(root, 'tree', ...p);
  for (const d of ['a', 'b', 'c', 'd', 'e', 'f']) await mkdir(t(d), { recursive: true });
  await writeFile(t('a', 'settings.json'), '{\n  // keep me\n  "theme": "dark"\n}\n', { mode: 0o600 });
  await chmod(t('a', 'settings.json'), 0o600);
  await writeFile(t('c', 'old.json'), '{"old": true}', { mode: 0o640 });
  await chmod(t('c', 'old.json'), 0o640);
  await writeFile(t('e', 'target.json'), '\uFEFF{\r\n  "mcp": {}\r\n}\r\n', { mode: 0o600 });
  await chmod(t('e', 'target.json'), 0o600);
  await symlink(path.join('..', 'e', 'target.json'), t('d', 'link.json'));
  const files: Record<string, string> = {
    modify: t('a', 'settings.json'),
    create: t('b', 'newdir', 'sub', 'new.json'),
    delete: t('c', 'old.json'),
    symlinked: t('d', 'link.json'),
  };
  if (opts.big) {
    await writeFile(t('f', 'big.json'), bigJson(2_000_000, 1));
    files.bigModify = t('f', 'big.json');
    files.bigCreate = t('f', 'big-new.json');
  }
  const createdDirs = await dirsToCreate(files.create as string);
  return { root, stateDir: path.join(root, 'state'), files, createdDirs };
}

export async function scenarioPlan(s: Scenario): Promise<Plan> {
  const f = s.files as Record<string, string>;
  const changes = [
    makeChange(f.modify as string, await readBefore(f.modify as string), enc('{\n  // keep me\n  "theme": "dark",\n  "mcp": {"patchbay": 1}\n}\n')),
    makeChange(f.create as string, await readBefore(f.create as string), enc('{"created": true}\n')),
    makeChange(f.delete as string, await readBefore(f.delete as string), 'delete'),
    makeChange(f.symlinked as string, await readBefore(f.symlinked as string), enc('\uFEFF{\r\n  "mcp": {"patchbay": 1}\r\n}\r\n')),
  ];
  if (f.bigModify && f.bigCreate) {
    changes.push(makeChange(f.bigModify, await readBefore(f.bigModify), bigJson(2_000_000, 2)));
    changes.push(makeChange(f.bigCreate, await readBefore(f.bigCreate), bigJson(2_000_000, 3)));
  }
  return createPlan('test scenario', changes, s.createdDirs);
}

/** Bundles src/rollback/index.ts to one .mjs a plain `node` child can import. */
export async function bundleEngine(outDir: string): Promise<string> {
  const outfile = path.join(outDir, 'engine.mjs');
  await build({
    entryPoints: [path.join(repoRoot, 'src', 'rollback', 'index.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'silent',
  });
  return outfile;
}

export { enc };
