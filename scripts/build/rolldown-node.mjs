// What every rolldown bundle of this repository shares: scripts/build.mjs (dist/) and
// bench/mcp-startup.mjs (its bare-server baseline, bundled the same way so the ratio is fair).
import { createRequire } from 'node:module';
import path from 'node:path';
import { rolldown } from 'rolldown';

// yaml's "node" export is CommonJS: rolldown cannot tree-shake it, and each of its ~70 files runs in a
// require wrapper. Its ESM build (the same sources, shipped as browser/) bundles to 15% less code and
// imports in about half the time (6 vs 12 ms, each bundle imported alone): most of what Goose's and
// Continue's YAML files added to `status` over the whole catalog (issue 25). The one difference that
// reaches us: a warning goes to console.warn instead of process.emitWarning, both on stderr.
const YAML_ESM = path.join(path.dirname(createRequire(import.meta.url).resolve('yaml/package.json')), 'browser', 'index.js');

/** Input options for Node 20, ESM, every dependency bundled. */
export const NODE_INPUT = {
  platform: 'node',
  // Prefer a package's ESM build: jsonc-parser's "main" is a UMD file whose factory calls
  // require('./impl/...') at run time, which a bundle cannot satisfy.
  resolve: { mainFields: ['module', 'main'], alias: { yaml: YAML_ESM } },
  transform: { target: 'node20' },
  logLevel: 'warn',
};

// Fully minified: fewer bytes for V8 to scan and pre-parse on every start (issue 25). Errors that
// reach users carry stable codes (src/errors), so a bug report does not depend on function names.
export const NODE_OUTPUT = { format: 'esm', minify: true, comments: { legal: false }, sourcemap: false };

/** Bundles with `input` options and writes with `output` options; resolves to rolldown's output list. */
export async function bundleTo(input, output) {
  const bundle = await rolldown(input);
  try {
    return (await bundle.write(output)).output;
  } finally {
    await bundle.close();
  }
}
