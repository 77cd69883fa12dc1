// findOnPath and createPathLookup (the same answers, PATH folders listed once): lookup without spawning, against real temp folders.
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createPathLookup, findOnPath } from '../../src/installers/which.js';
import { createHostContext } from '../../src/installers/index.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'pb-which-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function file(rel: string, mode: number): Promise<string> {
  const p = path.join(root, rel);
  await mkdir(path.dirname(p), { recursive: true });
  await writeFile(p, '#!/bin/sh\necho 1.2.3\n');
  await chmod(p, mode);
  return p;
}

type Find = (command: string, env: Record<string, string | undefined>, platform: NodeJS.Platform) => Promise<string | null>;
const viaLookup: Find = (command, env, platform) => createPathLookup(env, platform)(command);

describe.each([['findOnPath', findOnPath as Find], ['createPathLookup', viaLookup]] as const)('%s', (_label, findOnPath) => {
  test('finds the first executable match in PATH order and skips folders and empty entries', async () => {
    await mkdir(path.join(root, 'a', 'tool'), { recursive: true }); // a folder named like the tool
    const b = await file('b/tool', 0o755);
    await file('c/tool', 0o755);
    const PATH = ['', path.join(root, 'a'), path.join(root, 'b'), path.join(root, 'c')].join(':');
    expect(await findOnPath('tool', { PATH }, 'linux')).toBe(b);
    expect(await findOnPath('missing', { PATH }, 'linux')).toBeNull();
    expect(await findOnPath('tool', {}, 'linux')).toBeNull();
  });

  test('a file without the execute bit is not a command (as for execvp)', async () => {
    // Root bypasses read/write bits but not a missing execute bit on every class.
    await file('x/tool', 0o644);
    expect(await findOnPath('tool', { PATH: path.join(root, 'x') }, 'linux')).toBeNull();
  });

  test('win32: Path/PATHEXT resolve `claude` to claude.CMD', async () => {
    // Windows matches PATHEXT case-insensitively in its filesystem; this Linux test names the file as listed.
    const cmd = await file('w/claude.CMD', 0o644);
    expect(await findOnPath('claude', { Path: path.join(root, 'w'), PATHEXT: '.EXE;.CMD' }, 'win32')).toBe(cmd);
  });

  test('a command with a path separator is left to the spawn', async () => {
    expect(await findOnPath('/no/such/dir/tool', { PATH: '' }, 'linux')).toBe('/no/such/dir/tool');
  });

  test('the real probe answers not-found for a missing binary without spawning, and runs a found one', async () => {
    await file('bin/fakehost', 0o755);
    const ctx = createHostContext({ projectDir: root, env: { PATH: `${path.join(root, 'bin')}:/usr/bin:/bin` }, home: root, platform: 'linux' });
    expect(await ctx.probe('fakehost', ['--version'])).toEqual({ ok: true, stdout: '1.2.3' });
    expect(await ctx.probe('no-such-host', ['--version'])).toMatchObject({ ok: false, reason: 'not-found' });
  });
});

describe('createPathLookup over one context', () => {
  test('answers many commands from one listing per folder: a command added later is seen by the next lookup, not this one', async () => {
    const a = await file('a/one', 0o755);
    const b = await file('b/two', 0o755);
    const PATH = [path.join(root, 'a'), path.join(root, 'b')].join(':');
    const lookup = createPathLookup({ PATH }, 'linux');
    expect(await Promise.all(['one', 'two', 'three'].map(lookup))).toEqual([a, b, null]);
    await file('a/three', 0o755);
    expect(await lookup('three'), 'the listing is the context\'s: taken once').toBeNull();
    expect(await createPathLookup({ PATH }, 'linux')('three')).toBe(path.join(root, 'a', 'three'));
  });

  test('a listed name is still checked live: a folder or a file without the execute bit is skipped', async () => {
    await mkdir(path.join(root, 'a', 'tool'), { recursive: true });
    await file('b/tool', 0o644);
    const c = await file('c/tool', 0o755);
    const lookup = createPathLookup({ PATH: ['a', 'b', 'c'].map((d) => path.join(root, d)).join(':') }, 'linux');
    expect(await lookup('tool')).toBe(c);
  });

  test('a PATH folder that does not exist is skipped', async () => {
    const b = await file('b/tool', 0o755);
    expect(await createPathLookup({ PATH: `${path.join(root, 'nope')}:${path.join(root, 'b')}` }, 'linux')('tool')).toBe(b);
  });
});
