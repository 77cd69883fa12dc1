// Bundles the CLI, the MCP server, the library API and every runtime dependency into dist/, so
// `npx --yes patchbay-mcp@<v> mcp` installs ONE tarball with no dependencies:
//   dist/patchbay.mjs           the `patchbay` bin (src/cli/main.ts: argv, then one lazy command)
//   dist/commands/<name>.mjs    each command main.ts lazy-loads (built per family, see FAMILIES)
//   dist/chunks/<family>/…      code split out of those builds (lazy parts: the server, the wizard, …)
//   dist/lib.mjs                the library API (src/lib/index.ts), its .d.ts in dist/types/ (tsc)
//   dist/meta.json              the chunk graph, for tests and benches (not shipped)
// Code splitting (esbuild `splitting`) makes every lazy import() in the source a separate file:
// `patchbay mcp` reads and compiles only the server's chunks, `init` never the MCP SDK. It also lets
// esbuild tree-shake zod and the SDK (a single-file bundle wraps every lazily imported module in an
// __esm closure that keeps all of its exports). Measured with `node --cpu-prof` and perf stat; the
// numbers are in bench/results.md and the perf branch's report.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { buildDocsCatalog } from './docs-catalog.mjs';
import { sdkShims } from './sdk-shims.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = path.join(root, 'dist');
const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
const catalog = await buildDocsCatalog(root);
const withTypes = !process.argv.includes('--no-types');

// The builds. The commands main.ts lazy-loads are built in FAMILIES, each its own esbuild build (code
// splitting inside it only), and main.ts imports the built dist/commands/<name>.mjs. One split build
// over every command shares code between all of them, so esbuild cuts it into a chunk per set of
// importers: `init` loaded 25 files. Node pays for every module file (resolve, open, read, compile,
// link: ~1 ms of CPU each on this busy 2-core box, measured with perf stat), so `init` now loads 10.
// The price is code duplicated between families in the tarball; commands that share nearly all their
// code (the planners) share one build, so a new planning command does not add another copy.
// A command not named here gets a build of its own. Builds meet only at main.ts → run(args): plain data
// in, an exit code out (no class instance crosses, so duplicated classes such as PatchbayError are safe).
const FAMILIES = {
  plan: ['init', 'migrate', 'uninstall', 'add', 'remove', 'update', 'sync'],
  status: ['status', 'list'],
  journal: ['rollback', 'history'],
  doctor: ['doctor'],
  mcp: ['mcp'],
};
const mainTs = path.join(root, 'src', 'cli', 'main.ts');
const COMMANDS = [...(await readFile(mainTs, 'utf8')).matchAll(/import\('\.\/commands\/([\w-]+)\.js'\)/g)].map((m) => m[1]);
if (COMMANDS.length === 0) throw new Error('build: found no lazy command imports in src/cli/main.ts');
const familyOf = (command) => Object.keys(FAMILIES).find((f) => FAMILIES[f].includes(command)) ?? command;
const families = new Map();
for (const c of COMMANDS) families.set(familyOf(c), [...(families.get(familyOf(c)) ?? []), c]);

/**
 * main.ts's `import('./commands/<name>.js')` becomes an import of the separately built
 * dist/commands/<name>.mjs. One more of its imports points at a named entry: `../server/index.js`
 * (main.ts starts loading it early for `mcp`) is dist/commands/server.mjs in the mcp family, the very
 * file commands/mcp.mjs imports. What a tool worker thread starts on (offload/worker-main.ts) is
 * dist/commands/tool-worker.mjs, built on its own; the bin never imports it.
 */
const MCP_ENTRIES = {
  server: { from: '../server/index.js', source: path.join(root, 'src', 'server', 'index.ts') },
};
const TOOL_WORKER_SOURCE = path.join(root, 'src', 'server', 'offload', 'worker-main.ts');
const commandsExternal = {
  name: 'commands-external',
  setup(b) {
    b.onResolve({ filter: /^\.\/commands\/[\w-]+\.js$/ }, (args) =>
      args.importer === mainTs ? { path: args.path.replace(/\.js$/, '.mjs'), external: true } : undefined,
    );
    for (const [name, { from }] of Object.entries(MCP_ENTRIES)) {
      const filter = new RegExp(`^${from.replace(/[./]/g, (c) => `\\${c}`)}$`);
      b.onResolve({ filter }, (args) => (args.importer === mainTs ? { path: `./commands/${name}.mjs`, external: true } : undefined));
    }
  },
};

const GROUPS = [
  // Not split: its only lazy part besides the commands is --help (5 KB), and splitting it off would put
  // what help shares with main.ts (the host list) in a file of its own that every command then loads.
  { name: 'cli', entryPoints: { patchbay: mainTs }, plugins: [commandsExternal], splitting: false },
  { name: 'lib', entryPoints: { lib: path.join(root, 'src', 'lib', 'index.ts') } },
  ...[...families].map(([name, commands]) => ({
    name,
    entryNames: 'commands/[name]',
    entryPoints: {
      ...Object.fromEntries(commands.map((c) => [c, path.join(root, 'src', 'cli', 'commands', `${c}.ts`)])),
      // The server as a named entry, so main.ts can import it by a stable name.
      ...(name === 'mcp' ? { server: MCP_ENTRIES.server.source } : {}),
    },
    // src/server/index.ts starts its tool worker threads on dist/commands/tool-worker.mjs: from
    // dist/commands/server.mjs, the same folder.
    define: name === 'mcp' ? { __PATCHBAY_TOOL_WORKER__: JSON.stringify('./tool-worker.mjs') } : {},
  })),
  // The tool worker runs on its own thread (its own module instances): a build of its own, so the
  // modules it shares with the server do not cut the server's start-up into more files.
  { name: 'mcp-worker', entryNames: 'commands/[name]', entryPoints: { 'tool-worker': TOOL_WORKER_SOURCE } },
];

// A clean dist/: chunk names carry content hashes, so stale chunks would otherwise pile up (and ship).
await rm(dist, { recursive: true, force: true });
await mkdir(dist, { recursive: true });
const results = await Promise.all(
  GROUPS.map((group) =>
    build({
      entryPoints: group.entryPoints,
      // sdkShims: the SDK without Ajv (src/server/sdk-shims.ts says why).
      plugins: [...(group.plugins ?? []), sdkShims],
      outdir: dist,
      entryNames: group.entryNames ?? '[name]',
      chunkNames: `chunks/${group.name}/[name]-[hash]`,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      splitting: group.splitting ?? true,
      platform: 'node',
      // Prefer a package's ESM build: jsonc-parser's "main" is a UMD file whose factory calls
      // require('./impl/...') at run time, which a bundle cannot satisfy.
      mainFields: ['module', 'main'],
      format: 'esm',
      target: 'node20',
      // Fully minified: fewer bytes for V8 to scan and pre-parse on every start (issue 25). Errors that
      // reach users carry stable codes (src/errors), so a bug report does not depend on function names.
      minifyWhitespace: true,
      minifySyntax: true,
      minifyIdentifiers: true,
      sourcemap: false,
      legalComments: 'none',
      metafile: true,
      define: {
        ...group.define,
        __PATCHBAY_VERSION__: JSON.stringify(pkg.version),
        __PATCHBAY_NAME__: JSON.stringify(pkg.name),
        __PATCHBAY_DOCS__: JSON.stringify(JSON.stringify(catalog)),
      },
      logLevel: 'warning',
    }),
  ),
);
const outputs = Object.assign({}, ...results.map((r) => r.metafile.outputs));

// CommonJS dependencies (prompts) call require() for node builtins through esbuild's __require shim,
// which needs a real `require` in the file that defines the shim. Only that file gets one: every
// other chunk (and dist/lib.mjs, which must import without side effects) stays plain ESM.
const REQUIRE_SHIM = "import { createRequire as __pbCreateRequire } from 'node:module'; const require = __pbCreateRequire(import.meta.url);\n";
for (const out of Object.keys(outputs)) {
  const file = path.resolve(root, out);
  const text = await readFile(file, 'utf8');
  // Found by the shim's own error text, not by its name: minified identifiers rename `__require`.
  const shim = text.includes('Dynamic require of ') ? REQUIRE_SHIM : '';
  // The bin needs a hashbang, and it must be the file's first line.
  const hashbang = file === path.join(dist, 'patchbay.mjs') ? '#!/usr/bin/env node\n' : '';
  if (shim || hashbang) await writeFile(file, hashbang + shim + text);
}
await chmod(path.join(dist, 'patchbay.mjs'), 0o755);
for (const c of COMMANDS) {
  if (!outputs[path.relative(root, path.join(dist, 'commands', `${c}.mjs`)).split(path.sep).join('/')]) throw new Error(`build: dist/commands/${c}.mjs was not written`);
}
// Which files each entry and chunk imports: test/cli/lazy-imports.test.ts and the benches read it to
// check the chunk structure of the BUILT bundle (e.g. `mcp` never reaches prompts).
await writeFile(path.join(dist, 'meta.json'), JSON.stringify(chunkGraph(outputs)));

if (withTypes) {
  // The library's declarations. A separate tsconfig (tsconfig.build.json) so `tsc --noEmit` over the
  // whole repository stays the type check.
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`tsc (declarations for dist/lib.mjs) exited ${r.status}`);
}

/**
 * {file: {bytes, imports: [static imports], dynamic: [import() targets], inputs: [source files]}}, paths
 * relative to dist/. Imports of another build's output (main.ts → commands/<name>.mjs) are edges too.
 */
function chunkGraph(outputs) {
  const rel = (p) => path.relative(dist, path.resolve(root, p)).split(path.sep).join('/');
  const graph = {};
  for (const [out, info] of Object.entries(outputs)) {
    const target = (i) => (i.external ? (i.path.startsWith('.') ? rel(path.join(path.dirname(out), i.path)) : null) : rel(i.path));
    const edges = (kind) => info.imports.filter((i) => i.kind === kind).map(target).filter((t) => t !== null && !t.startsWith('..'));
    graph[rel(out)] = { bytes: info.bytes, imports: edges('import-statement'), dynamic: edges('dynamic-import'), inputs: Object.keys(info.inputs), inputBytes: Object.fromEntries(Object.entries(info.inputs).map(([i, v]) => [i, v.bytesInOutput])) };
  }
  for (const [file, node] of Object.entries(graph)) {
    for (const t of [...node.imports, ...node.dynamic]) if (!graph[t]) throw new Error(`build: ${file} imports ${t}, which no build wrote`);
  }
  return graph;
}
