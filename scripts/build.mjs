// Bundles the CLI, the MCP server, the library API and every runtime dependency into dist/, so
// `npx --yes patchbay-mcp@<v> mcp` installs ONE tarball with no dependencies. Two entry points:
//   dist/patchbay.mjs  the `patchbay` bin (src/cli/main.ts)
//   dist/lib.mjs       the library API (src/lib/index.ts; its .d.ts in dist/types/, from tsc)
// and the chunks they share in dist/chunks/. Code splitting (esbuild `splitting`) makes every lazy
// import() in the source a separate file: `patchbay mcp` reads and compiles only the server's chunks,
// `init` never the MCP SDK. It also lets esbuild tree-shake zod and the SDK (a single-file bundle wraps
// every lazily imported module in an __esm closure that keeps all of its exports). Measured with
// `node --cpu-prof` (see bench/results.md).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { buildDocsCatalog } from './docs-catalog.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = path.join(root, 'dist');
const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
const catalog = await buildDocsCatalog(root);
const withTypes = !process.argv.includes('--no-types');

// A clean dist/: chunk names carry content hashes, so stale chunks would otherwise pile up (and ship).
await rm(dist, { recursive: true, force: true });
await mkdir(dist, { recursive: true });
const result = await build({
  entryPoints: {
    patchbay: path.join(root, 'src', 'cli', 'main.ts'),
    lib: path.join(root, 'src', 'lib', 'index.ts'),
  },
  outdir: dist,
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  platform: 'node',
  // Prefer a package's ESM build: jsonc-parser's "main" is a UMD file whose factory calls
  // require('./impl/...') at run time, which a bundle cannot satisfy.
  mainFields: ['module', 'main'],
  format: 'esm',
  target: 'node20',
  // Whitespace and syntax only: fewer bytes for V8 to scan and pre-parse on every start, while stack
  // traces in bug reports keep their function names (identifiers are not mangled).
  minifyWhitespace: true,
  minifySyntax: true,
  minifyIdentifiers: false,
  sourcemap: false,
  legalComments: 'none',
  metafile: true,
  define: {
    __PATCHBAY_VERSION__: JSON.stringify(pkg.version),
    __PATCHBAY_NAME__: JSON.stringify(pkg.name),
    __PATCHBAY_DOCS__: JSON.stringify(JSON.stringify(catalog)),
  },
  logLevel: 'warning',
});

// CommonJS dependencies (prompts) call require() for node builtins through esbuild's __require shim,
// which needs a real `require` in the file that defines the shim. Only that file gets one: every
// other chunk (and dist/lib.mjs, which must import without side effects) stays plain ESM.
const REQUIRE_SHIM = "import { createRequire as __pbCreateRequire } from 'node:module'; const require = __pbCreateRequire(import.meta.url);\n";
for (const out of Object.keys(result.metafile.outputs)) {
  const file = path.resolve(root, out);
  const text = await readFile(file, 'utf8');
  const shim = /\b__require\s*=/.test(text) ? REQUIRE_SHIM : '';
  // The bin needs a hashbang, and it must be the file's first line.
  const hashbang = file === path.join(dist, 'patchbay.mjs') ? '#!/usr/bin/env node\n' : '';
  if (shim || hashbang) await writeFile(file, hashbang + shim + text);
}
await chmod(path.join(dist, 'patchbay.mjs'), 0o755);
// Which files each entry and chunk statically imports: test/cli/lazy-imports.test.ts and the benches
// read it to check the chunk structure of the BUILT bundle (e.g. `mcp` never reaches prompts).
await writeFile(path.join(dist, 'meta.json'), JSON.stringify(chunkGraph(result.metafile)));

if (withTypes) {
  // The library's declarations. A separate tsconfig (tsconfig.build.json) so `tsc --noEmit` over the
  // whole repository stays the type check.
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`tsc (declarations for dist/lib.mjs) exited ${r.status}`);
}

/** {file: {imports: [static chunk files], dynamic: [import() targets], inputs: [source files]}}, paths relative to dist/. */
function chunkGraph(metafile) {
  const rel = (p) => path.relative(dist, path.resolve(root, p)).split(path.sep).join('/');
  const graph = {};
  for (const [out, info] of Object.entries(metafile.outputs)) {
    graph[rel(out)] = {
      bytes: info.bytes,
      imports: info.imports.filter((i) => !i.external && i.kind === 'import-statement').map((i) => rel(i.path)),
      dynamic: info.imports.filter((i) => !i.external && i.kind === 'dynamic-import').map((i) => rel(i.path)),
      inputs: Object.keys(info.inputs),
    };
  }
  return graph;
}
