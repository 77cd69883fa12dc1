// Replaced at build time by scripts/build.mjs (esbuild `define`) with package.json's version.
// Under vitest (unbundled) the fallback reads package.json so tests see the same value.
import { createRequire } from 'node:module';

declare const __PATCHBAY_VERSION__: string | undefined;

function readVersion(): string {
  if (typeof __PATCHBAY_VERSION__ === 'string') return __PATCHBAY_VERSION__;
  const require = createRequire(import.meta.url);
  return (require('../package.json') as { version: string }).version;
}

export const PATCHBAY_VERSION: string = readVersion();
