// Which chunk each module of the app build goes to (scripts/build.mjs). Node pays for every module
// file it loads (resolve, open, read, compile, link: ~0.7 ms of CPU each on the 2-core bench box), so
// a command should load few files; and code shared by commands should exist once in the tarball.
// Automatic code splitting (esbuild's, or rolldown's without groups) cuts one chunk per set of
// importing entries: with 16 commands, the server, the tool worker and the library that was 46 files
// for `init`. One build per command family avoided that by copying the shared code into each family:
// 4 MB of JavaScript for 1 MB of code (issue 25). Here modules are grouped by the ROLES that load them
// eagerly instead of by entry:
//   cli      only CLI commands (src/cli/**, the doctor, the planners' glue)
//   engine   also the library or the tool worker (installers, engine, core): the CLI loads it too
//   base     also the MCP server (errors, redaction, small shared helpers)
//   server   the MCP server and tool worker only (the SDK, the tools)
//   zod      zod, wherever it is used: the server, and the manifest schema's lazy fallback
// Code only one command loads stays in that command's file. A command loads its entry, cli, engine,
// base and the runtime helper: 5 files whatever it is. A module no role loads eagerly (the YAML and
// TOML codecs, prompts, the embedded docs) stays where automatic splitting puts it, in a lazy chunk.
import path from 'node:path';

const ROLES = new Set(['cli', 'server', 'lib', 'worker']);

/**
 * The group of a module, from the roles that load it: 'cli', 'server', 'lib', 'worker' eagerly,
 * 'lib-lazy' on the library's first call (an import() target of its API, or what that imports).
 * null: no role loads it eagerly, so it stays in a lazy chunk of its own (the YAML codec, say).
 */
function groupOf(roles) {
  if (roles.has('server')) return roles.has('cli') || roles.has('lib') || roles.has('lib-lazy') ? 'base' : 'server';
  const users = ['cli', 'worker', 'lib', 'lib-lazy'].filter((r) => roles.has(r));
  if (users.length >= 2) return users.length === 2 && roles.has('lib') && roles.has('lib-lazy') ? 'lib' : 'engine';
  if (roles.has('lib')) return 'lib';
  if (roles.has('cli')) return 'cli';
  return roles.has('worker') ? 'worker' : null;
}

// A module's static imports are loaded by every role that loads it, so they sit in the same group or
// a more shared one. rolldown pulls a captured module's dependencies into its group
// (includeDependenciesRecursively), so the more shared groups must capture first: higher priority.
const GROUP_PRIORITY = { base: 4, engine: 3, server: 2, worker: 2, cli: 1, lib: 1 };

/**
 * A rolldown plugin that records, once the module graph is known (buildEnd), the roles of every
 * module: `entries` maps a role ('cli' | 'server' | 'lib' | 'worker') to its entry module paths.
 * Static imports make a module eager for a role. The library's import() targets count too (as
 * 'lib-lazy'), because the API's first call loads them, and the library must never load CLI or
 * server code: a module both the CLI and the library need goes to 'engine', not 'cli'.
 * `codeSplitting` is the output option that turns those roles into chunks.
 */
export function chunkRoles(entries) {
  const rolesById = new Map();
  const cliEntriesById = new Map();
  const add = (map, id, value) => (map.get(id) ?? map.set(id, new Set()).get(id)).add(value);
  const plugin = {
    name: 'patchbay-chunk-roles',
    buildEnd() {
      rolesById.clear();
      cliEntriesById.clear();
      for (const [role, ids] of Object.entries(entries)) {
        if (!ROLES.has(role)) throw new Error(`chunk-roles: unknown role ${role}`);
        for (const entry of ids.map((id) => path.resolve(id))) {
          const seen = new Set();
          const lazy = [];
          const visit = (id, as) => {
            if (seen.has(id)) return;
            seen.add(id);
            const info = this.getModuleInfo(id);
            if (!info) return;
            add(rolesById, id, as);
            if (as === 'cli') add(cliEntriesById, id, entry);
            for (const next of info.importedIds) visit(next, as);
            if (role === 'lib') lazy.push(...info.dynamicallyImportedIds);
          };
          visit(entry, role);
          // Breadth-first: a module the library loads eagerly keeps the 'lib' role.
          while (lazy.length > 0) visit(lazy.shift(), 'lib-lazy');
        }
      }
    },
  };
  const group = (id) => {
    const roles = rolesById.get(id);
    const name = roles ? groupOf(roles) : null;
    // Code of one command only (the doctor's checks, say) stays in that command's own file.
    return name === 'cli' && cliEntriesById.get(id).size === 1 ? null : name;
  };
  const codeSplitting = {
    groups: [
      { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 5 },
      ...Object.entries(GROUP_PRIORITY).map(([name, priority]) => ({ name, priority, test: (id) => group(id) === name })),
    ],
  };
  return { plugin, codeSplitting };
}
