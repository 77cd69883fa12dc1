// Writes schema/patchbay.schema.json from the zod manifest schema (the single source). Run after
// changing src/core/manifest/schema.ts: `node scripts/gen-schema.mjs`. A test fails when they differ.
import { build } from 'esbuild';
import { readFile, writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
const dir = await mkdtemp(path.join(tmpdir(), 'patchbay-schema-'));
try {
  const outfile = path.join(dir, 'schema.mjs');
  await build({ entryPoints: [path.join(root, 'src/core/manifest/schema.ts')], outfile, bundle: true, platform: 'node', format: 'esm', mainFields: ['module', 'main'], logLevel: 'warning',
    define: { __PATCHBAY_VERSION__: JSON.stringify(pkg.version), __PATCHBAY_NAME__: JSON.stringify(pkg.name) } });
  const { manifestJsonSchema } = await import(pathToFileURL(outfile).href);
  await writeFile(path.join(root, 'schema/patchbay.schema.json'), `${JSON.stringify(manifestJsonSchema(), null, 2)}\n`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
