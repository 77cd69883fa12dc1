// The library API, `import { … } from 'patchbay-mcp'` (dist/lib.mjs, types in dist/types/lib/index.d.ts).
// Placeholder: the lead fills it with plan/apply/status/doctor (SPEC.md "Library API"). It must stay
// free of side effects on import, and must not import src/cli or src/server: it is its own entry point,
// and what it imports decides which chunks a library user loads.
export {};
