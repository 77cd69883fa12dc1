// The package's name and version: ONE source of truth, package.json. scripts/build.mjs replaces the
// two globals below with package.json's values (esbuild `define`); under vitest (unbundled) the
// fallback reads package.json, so tests see the same values. A test fails if the pinned self entry
// and package.json ever disagree.
import { createRequire } from 'node:module';

declare const __PATCHBAY_VERSION__: string | undefined;
declare const __PATCHBAY_NAME__: string | undefined;

function readPackage(): { name: string; version: string } {
  if (typeof __PATCHBAY_VERSION__ === 'string' && typeof __PATCHBAY_NAME__ === 'string') {
    return { name: __PATCHBAY_NAME__, version: __PATCHBAY_VERSION__ };
  }
  const require = createRequire(import.meta.url);
  return require('../package.json') as { name: string; version: string };
}

const pkg = readPackage();

/** The npm package name hosts run: `npx --yes <PACKAGE_NAME>@<version> mcp`. */
export const PACKAGE_NAME: string = pkg.name;
export const PATCHBAY_VERSION: string = pkg.version;

/**
 * Names patchbay was published under before. 0.1 pinned `patchbay@<v>` (a name that belongs to an
 * unrelated project on the registry); such entries are still ours: reported stale, re-pinned by
 * `migrate`, removed by `uninstall`.
 */
export const LEGACY_PACKAGE_NAMES: readonly string[] = ['patchbay'];
