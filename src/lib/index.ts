// The library entry, `import { … } from 'patchbay-mcp'` (dist/lib.mjs, types in
// dist/types/lib/index.d.ts): the library API of src/lib/api.ts. It must stay free of side effects on
// import and must not import src/cli or src/server: it is its own entry point (scripts/build.mjs), and
// what it imports decides what a library user loads.
export * from './api.js';
export { fromServerJson, type RegistryInputs } from './from-server-json.js';
