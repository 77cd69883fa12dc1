// What every rolldown bundle of this repository shares: scripts/build.mjs (dist/) and
// bench/mcp-startup.mjs (its bare-server baseline, bundled the same way so the ratio is fair).
import { rolldown } from 'rolldown';

/** Input options for Node 20, ESM, every dependency bundled. */
export const NODE_INPUT = {
  platform: 'node',
  // Prefer a package's ESM build: jsonc-parser's "main" is a UMD file whose factory calls
  // require('./impl/...') at run time, which a bundle cannot satisfy.
  resolve: { mainFields: ['module', 'main'] },
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
