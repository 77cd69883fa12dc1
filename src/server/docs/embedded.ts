// The documentation as embedded at build time (esbuild define __PATCHBAY_DOCS__, see scripts/build.mjs),
// in a module of its own: catalog.ts import()s it on first use, so the ~100 KB JSON string is a lazy
// chunk that `patchbay mcp` neither reads nor scans before it answers `initialize`.
declare const __PATCHBAY_DOCS__: string | undefined;

/** The catalog's JSON text in the bundle; undefined when running from TypeScript sources (vitest). */
export const EMBEDDED_DOCS: string | undefined = typeof __PATCHBAY_DOCS__ === 'string' ? __PATCHBAY_DOCS__ : undefined;
