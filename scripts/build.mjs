// Bundles the CLI, the MCP server, the library API and every runtime dependency into dist/, so
// `npx --yes patchbay-mcp@<v> mcp` installs ONE tarball with no dependencies:
//   dist/patchbay.mjs           the `patchbay` bin (src/cli/main.ts: argv, then one lazy command)
//   dist/commands/<name>.mjs    each command main.ts lazy-loads; server.mjs and tool-worker.mjs for `mcp`
//   dist/chunks/…               the code those share, grouped by who loads it (build/chunk-roles.mjs)
//   dist/lib.mjs                the library API (src/lib/index.ts), its .d.ts in dist/types/ (tsc)
//   dist/meta.json              the chunk graph, for tests and benches (not shipped)
// Two rolldown builds. The bin alone, in one file: every invocation starts there, and `--version`
// must read nothing else. Then one split build of every command, the server, the tool worker and the
// library, so code shared between them exists once (issue 25: the per-family esbuild builds this
// replaced shipped 4 MB of JavaScript for 1 MB of code). rolldown, not esbuild, because esbuild cannot
// group chunks: its automatic splitting made `init` load 46 files (build/chunk-roles.mjs says why that
// matters and how the groups are chosen). Measured with paired runs in bench/ and the issue notes.
import { spawnSync } from 'node:child_process';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { chunkGraph } from './build/chunk-graph.mjs';
import { chunkRoles } from './build/chunk-roles.mjs';
import { NODE_INPUT, NODE_OUTPUT, bundleTo } from './build/rolldown-node.mjs';
import { buildDocsCatalog } from './docs-catalog.mjs';
import { sdkShims } from './sdk-shims.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = path.join(root, 'dist');
const src = (...parts) => path.join(root, 'src', ...parts);
const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
const catalog = await buildDocsCatalog(root);
const withTypes = !process.argv.includes('--no-types');

const mainTs = src('cli', 'main.ts');
const COMMANDS = [...(await readFile(mainTs, 'utf8')).matchAll(/import\('\.\/commands\/([\w-]+)\.js'\)/g)].map((m) => m[1]);
if (COMMANDS.length === 0) throw new Error('build: found no lazy command imports in src/cli/main.ts');

/**
 * What the bin imports from the app build: main.ts's `import('./commands/<name>.js')` is the built
 * dist/commands/<name>.mjs, and its early `import('../server/index.js')` (for `mcp`) is
 * dist/commands/server.mjs, the very file commands/mcp.mjs imports.
 */
const binExternals = {
  name: 'patchbay-bin-externals',
  resolveId(spec, importer) {
    if (importer !== mainTs) return null;
    const command = /^\.\/commands\/([\w-]+)\.js$/.exec(spec);
    if (command) return { id: `./commands/${command[1]}.mjs`, external: true };
    if (spec === '../server/index.js') return { id: './commands/server.mjs', external: true };
    return null;
  },
};

/** The input options both builds share (NODE_INPUT), with patchbay's shims and build-time constants. */
function inputOptions(input, plugins, define = {}) {
  return {
    ...NODE_INPUT,
    input,
    // sdkShims: the SDK without Ajv (src/server/sdk-shims.ts says why).
    plugins: [...plugins, sdkShims],
    transform: {
      ...NODE_INPUT.transform,
      define: {
        ...define,
        __PATCHBAY_VERSION__: JSON.stringify(pkg.version),
        __PATCHBAY_NAME__: JSON.stringify(pkg.name),
        __PATCHBAY_DOCS__: JSON.stringify(JSON.stringify(catalog)),
      },
    },
    // import() of a module some other file imports statically moves nothing; that is expected here
    // (the lazy imports exist for the server and the library, which do not import those statically).
    checks: { ineffectiveDynamicImport: false },
  };
}
const OUTPUT = { ...NODE_OUTPUT, dir: dist, entryFileNames: '[name].mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' };

const appEntries = {
  ...Object.fromEntries(COMMANDS.map((c) => [`commands/${c}`, src('cli', 'commands', `${c}.ts`)])),
  'commands/server': src('server', 'index.ts'),
  // A tool worker thread starts on this file (src/server/offload/worker-main.ts); the bin never imports it.
  'commands/tool-worker': src('server', 'offload', 'worker-main.ts'),
  lib: src('lib', 'index.ts'),
};
// src/server/index.ts starts its tool workers on this URL, relative to the file that holds it: the
// server's chunk in dist/chunks/ (checked after the build, below).
const TOOL_WORKER_FROM_SERVER = '../commands/tool-worker.mjs';
const roles = chunkRoles({
  cli: COMMANDS.filter((c) => c !== 'mcp').map((c) => appEntries[`commands/${c}`]),
  server: [appEntries['commands/server'], appEntries['commands/mcp']],
  worker: [appEntries['commands/tool-worker']],
  lib: [appEntries.lib],
});

// A clean dist/: chunk names carry content hashes, so stale chunks would otherwise pile up (and ship).
await rm(dist, { recursive: true, force: true });
await mkdir(dist, { recursive: true });
const [bin, app] = await Promise.all([
  // --help's text is its one lazy part; inlined, so the bin stays one file.
  write({ patchbay: mainTs }, [binExternals], {}, { codeSplitting: false, banner: '#!/usr/bin/env node' }),
  write(appEntries, [roles.plugin], { __PATCHBAY_TOOL_WORKER__: JSON.stringify(TOOL_WORKER_FROM_SERVER) }, { codeSplitting: roles.codeSplitting }),
]);
await chmod(path.join(dist, 'patchbay.mjs'), 0o755);
const outputs = [...bin, ...app];
for (const c of COMMANDS) {
  if (!outputs.some((o) => o.fileName === `commands/${c}.mjs`)) throw new Error(`build: dist/commands/${c}.mjs was not written`);
}
const graph = chunkGraph(outputs, { root, dist });
const serverFile = Object.keys(graph).find((f) => graph[f].inputs.includes('src/server/index.ts'));
if (path.posix.join(path.posix.dirname(serverFile), TOOL_WORKER_FROM_SERVER) !== 'commands/tool-worker.mjs') {
  throw new Error(`build: src/server/index.ts landed in ${serverFile}, from where ${TOOL_WORKER_FROM_SERVER} is not the tool worker`);
}
await writeFile(path.join(dist, 'meta.json'), JSON.stringify(graph));

if (withTypes) {
  // The library's declarations. A separate tsconfig (tsconfig.build.json) so `tsc --noEmit` over the
  // whole repository stays the type check.
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`tsc (declarations for dist/lib.mjs) exited ${r.status}`);
}

function write(input, plugins, define, output) {
  return bundleTo(inputOptions(input, plugins, define), { ...OUTPUT, ...output });
}
