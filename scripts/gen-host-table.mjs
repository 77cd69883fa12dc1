// Regenerates README's host table from the catalog (scripts/host-table.ts, bundled in memory with
// esbuild, so no build is needed). `--check` writes nothing and exits 1 when README is out of date.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
// Next to this script, so bare imports (semver) and version.ts's `../package.json` resolve as in src/.
const outfile = path.join(root, 'scripts', `.gen-host-table-${process.pid}.mjs`);
await mkdir(path.dirname(outfile), { recursive: true });
await build({ entryPoints: [path.join(root, 'scripts/host-table.ts')], bundle: true, outfile, format: 'esm', platform: 'node', packages: 'external', logLevel: 'error' });
const mod = await import(pathToFileURL(outfile).href).finally(() => rm(outfile, { force: true }));
const readmePath = path.join(root, 'README.md');
const readme = await readFile(readmePath, 'utf8');
const next = mod.withHostTable(readme, mod.hostTableMarkdown());
if (next === undefined) {
  console.error(`README.md has no host-table markers (${mod.START} … ${mod.END})`);
  process.exit(2);
}
if (process.argv.includes('--check')) {
  if (next !== readme) {
    console.error('README.md host table is out of date: run node scripts/gen-host-table.mjs');
    process.exit(1);
  }
} else if (next !== readme) {
  await writeFile(readmePath, next);
  console.log('README.md host table updated');
}
