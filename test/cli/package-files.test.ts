// The tarball must hold every file the built bin and library can load: the bundle is split into
// chunks (scripts/build.mjs), and a chunk left out of package.json "files" would fail only when a user
// runs the command that imports it. Checked with `npm pack --dry-run` against dist/meta.json.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

type Packed = { size: number; unpackedSize: number; files: { path: string; size: number }[] };

/** What `npm pack` would put in the tarball (one dry run shared by the tests below). */
let packedOnce: Packed | undefined;
function pack(): Packed {
  if (packedOnce) return packedOnce;
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
  const r = spawnSync(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, env, encoding: 'utf8', shell: process.platform === 'win32' });
  expect(r.status, r.stderr).toBe(0);
  packedOnce = (JSON.parse(r.stdout) as [Packed])[0];
  return packedOnce;
}

describe('package.json files, bin and exports cover the built bundle', () => {
  it('npm pack ships every output of the build, the bin and the library types', () => {
    const meta = path.join(root, 'dist', 'meta.json');
    if (!existsSync(meta)) throw new Error(`${meta} is missing: run 'npm run build' first (npm test builds it before vitest runs).`);
    const outputs = Object.keys(JSON.parse(readFileSync(meta, 'utf8')) as Record<string, unknown>).map((f) => `dist/${f}`);
    const packed = new Set(pack().files.map((f) => f.path));
    expect(outputs.filter((f) => !packed.has(f))).toEqual([]);
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      bin: Record<string, string>;
      exports: Record<string, { types: string; import: string } | string>;
    };
    expect(pkg.bin).toEqual({ patchbay: 'dist/patchbay.mjs' });
    const lib = pkg.exports['.'] as { types: string; import: string };
    for (const file of [pkg.bin.patchbay!, lib.import, lib.types]) expect(packed.has(path.posix.normalize(file))).toBe(true);
    // The licence the package.json names travels with the code.
    for (const file of ['LICENSE', 'README.md', 'schema/patchbay.schema.json']) expect(packed.has(file), file).toBe(true);
    // Nothing from a previous build: only what this build wrote, plus the declarations.
    expect([...packed].filter((f) => f.startsWith('dist/') && !f.startsWith('dist/types/') && !outputs.includes(f))).toEqual([]);
  });

  // Issue 25's budget: every `npx patchbay-mcp@<v>` downloads and unpacks the tarball, and every command
  // reads some of dist/. The bundle was 5.3 MB (tarball 1.35 MB) when one esbuild build per command
  // family copied the shared code into each; scripts/build.mjs now builds it once. Raise a limit only
  // with a measurement of what the growth buys.
  it('stays inside its size budget: dist/ at most 2 MB, the tarball at most 600 KB, no source maps', () => {
    const packed = pack();
    const shippedDist = packed.files.filter((f) => f.path.startsWith('dist/'));
    const distBytes = shippedDist.reduce((n, f) => n + f.size, 0);
    expect(shippedDist.length, 'the tarball ships dist/').toBeGreaterThan(0);
    expect(distBytes, `dist/ in the tarball: ${distBytes} bytes`).toBeLessThanOrEqual(2_000_000);
    expect(packed.size, `tarball: ${packed.size} bytes`).toBeLessThanOrEqual(600_000);
    expect(packed.files.filter((f) => f.path.endsWith('.map')).map((f) => f.path)).toEqual([]);
  });
});
