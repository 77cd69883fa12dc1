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

describe('package.json files, bin and exports cover the built bundle', () => {
  it('npm pack ships every output of the build, the bin and the library types', () => {
    const meta = path.join(root, 'dist', 'meta.json');
    if (!existsSync(meta)) throw new Error(`${meta} is missing: run 'npm run build' first (npm test builds it before vitest runs).`);
    const outputs = Object.keys(JSON.parse(readFileSync(meta, 'utf8')) as Record<string, unknown>).map((f) => `dist/${f}`);
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
    const r = spawnSync(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, env, encoding: 'utf8', shell: process.platform === 'win32' });
    expect(r.status, r.stderr).toBe(0);
    const packed = new Set((JSON.parse(r.stdout) as [{ files: { path: string }[] }])[0].files.map((f) => f.path));
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
});
