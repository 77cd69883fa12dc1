// Bundles the CLI, the MCP server and every runtime dependency into ONE file (dist/patchbay.mjs),
// so `npx --yes patchbay-mcp@<v> mcp` installs a single tarball with no dependencies.
import { build } from 'esbuild';
import { readFile, mkdir, chmod } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { buildDocsCatalog } from './docs-catalog.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
const catalog = await buildDocsCatalog(root);

await mkdir(path.join(root, 'dist'), { recursive: true });
const outfile = path.join(root, 'dist', 'patchbay.mjs');
await build({
  entryPoints: [path.join(root, 'src', 'cli', 'main.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  // Prefer a package's ESM build: jsonc-parser's "main" is a UMD file whose factory calls
  // require('./impl/...') at run time, which a single-file bundle cannot satisfy.
  mainFields: ['module', 'main'],
  format: 'esm',
  target: 'node20',
  minify: false,
  sourcemap: false,
  legalComments: 'none',
  define: {
    __PATCHBAY_VERSION__: JSON.stringify(pkg.version),
    __PATCHBAY_NAME__: JSON.stringify(pkg.name),
    __PATCHBAY_DOCS__: JSON.stringify(JSON.stringify(catalog)),
  },
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __pbCreateRequire } from 'node:module'; const require = __pbCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
await chmod(outfile, 0o755);
