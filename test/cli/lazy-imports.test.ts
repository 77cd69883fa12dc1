// main.ts must evaluate only what every invocation needs: `patchbay mcp` may not load prompts or the
// wizard, `--version`/`--help` no command module. This walks the STATIC import graph from main.ts
// (type-only imports and dynamic import() excluded) and checks what it reaches.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function staticImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specs: string[] = [];
  const pattern = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
  for (const match of source.matchAll(pattern)) specs.push(match[1]!);
  return specs;
}

function graph(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of staticImports(file)) {
      if (spec.startsWith('.')) visit(path.resolve(path.dirname(file), spec.replace(/\.js$/, '.ts')));
      else seen.add(`pkg:${spec}`);
    }
  };
  visit(entry);
  return seen;
}

function relative(set: Set<string>): string[] {
  return [...set].map((f) => (f.startsWith('pkg:') ? f : path.relative(root, f))).sort();
}

describe('lazy command loading', () => {
  it('main.ts statically reaches only the argv parser, the exit codes and tiny shared modules', () => {
    const reached = relative(graph(path.join(root, 'src/cli/main.ts')));
    expect(reached.filter((f) => f.startsWith('pkg:') && !f.startsWith('pkg:node:'))).toEqual([]);
    for (const forbidden of ['src/cli/wizard.ts', 'src/cli/session.ts', 'src/cli/output.ts', 'src/cli/help.ts']) {
      expect(reached).not.toContain(forbidden);
    }
    expect(reached.some((f) => f.startsWith('src/cli/commands/'))).toBe(false);
    // Of the installers, only the import-free catalog data (the host id list).
    expect(reached.filter((f) => f.startsWith('src/installers/'))).toEqual(['src/installers/catalog-data.ts']);
    expect(reached.filter((f) => f.startsWith('src/core/')).sort()).toEqual(['src/core/host-ids.ts', 'src/core/suggest.ts']);
    expect(reached.some((f) => f.startsWith('src/rollback/'))).toBe(false);
  });

  it('the mcp command statically loads neither prompts, the wizard, the installers nor the engine', () => {
    const reached = relative(graph(path.join(root, 'src/cli/commands/mcp.ts')));
    expect(reached).not.toContain('pkg:prompts');
    expect(reached.some((f) => f.includes('wizard') || f.includes('session') || f.includes('installers/index'))).toBe(false);
  });

  it('the walker does see static imports (guards against a walker that finds nothing)', () => {
    const reached = relative(graph(path.join(root, 'src/cli/wizard.ts')));
    expect(reached).toContain('pkg:prompts');
    expect(relative(graph(path.join(root, 'src/cli/main.ts')))).toContain('src/cli/args.ts');
  });
});

// The same promises, checked on the BUILT bundle (scripts/build.mjs splits it into chunks and writes
// dist/meta.json: every output file's static imports, dynamic imports and source inputs). The source
// walk above cannot see what esbuild does with them; these tests can.
type ChunkGraph = Record<string, { bytes: number; imports: string[]; dynamic: string[]; inputs: string[] }>;

function builtGraph(): ChunkGraph {
  const file = path.join(root, 'dist', 'meta.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: run 'npm run build' first (npm test builds it before vitest runs).`);
  return JSON.parse(readFileSync(file, 'utf8')) as ChunkGraph;
}

/** Output files loaded when `start` is imported: its static imports, transitively (plus import() targets with `dynamic`). */
function closure(g: ChunkGraph, start: string, dynamic = false): string[] {
  const seen = new Set<string>();
  const visit = (f: string): void => {
    if (seen.has(f)) return;
    seen.add(f);
    for (const i of g[f]!.imports) visit(i);
    if (dynamic) for (const i of g[f]!.dynamic) visit(i);
  };
  visit(start);
  return [...seen];
}

const inputsOf = (g: ChunkGraph, files: readonly string[]): string[] => files.flatMap((f) => g[f]!.inputs);
const PKG = /node_modules\/((?:@[^/]+\/)?[^/]+)\//;
const packagesOf = (inputs: readonly string[]): string[] => [...new Set(inputs.map((i) => PKG.exec(i)?.[1]).filter((p): p is string => p !== undefined))].sort();

/** The files that hold a source module (one, except the bin's own few: see 'built once' below). */
const holding = (g: ChunkGraph, input: string): string[] => Object.keys(g).filter((f) => g[f]!.inputs.includes(input));

const COMMANDS = ['init', 'status', 'migrate', 'uninstall', 'rollback', 'history', 'doctor', 'mcp'];

describe('the built bundle: chunks per command (dist/meta.json)', () => {
  const g = builtGraph();
  const entry = 'patchbay.mjs';

  it('every command is a lazily imported file of its own, and the bin statically loads only small shared code', () => {
    for (const command of COMMANDS) {
      const file = `commands/${command}.mjs`;
      expect(g[entry]!.dynamic).toContain(file);
      expect(inputsOf(g, closure(g, file))).toContain(`src/cli/commands/${command}.ts`);
    }
    const eager = closure(g, entry);
    expect(packagesOf(inputsOf(g, eager))).toEqual([]);
    // What `--version` reads and compiles: the argv parser, exit codes, errors, host ids.
    expect(eager.reduce((n, f) => n + g[f]!.bytes, 0)).toBeLessThan(40_000);
    // One file: node pays for each one (see scripts/build.mjs), and every command starts here.
    expect(eager).toEqual([entry]);
  });

  it('init (and status, migrate, uninstall) never reach the MCP SDK, and reach zod only through the manifest schema', () => {
    for (const command of ['init', 'status', 'migrate', 'uninstall']) {
      const start = `commands/${command}.mjs`;
      const eager = inputsOf(g, closure(g, start));
      expect(packagesOf(eager), command).not.toContain('zod');
      expect(eager.some((i) => i.startsWith('src/server/') || i === 'src/core/manifest/schema.ts')).toBe(false);
      const everything = closure(g, start, true);
      expect(packagesOf(inputsOf(g, everything)).filter((p) => p.startsWith('@modelcontextprotocol/') || p === 'execa'), command).toEqual([]);
      // Without the schema's lazy chunk (and what only it loads), no zod at all.
      const schemaFiles = everything.filter((f) => g[f]!.inputs.includes('src/core/manifest/schema.ts'));
      expect(schemaFiles.length, `${command} can read a manifest`).toBeGreaterThan(0);
      const withoutSchema = new Set<string>();
      const visit = (f: string): void => {
        if (withoutSchema.has(f) || schemaFiles.includes(f)) return;
        withoutSchema.add(f);
        for (const i of [...g[f]!.imports, ...g[f]!.dynamic]) visit(i);
      };
      visit(start);
      expect(packagesOf(inputsOf(g, [...withoutSchema])), command).not.toContain('zod');
    }
    // The schema is only ever import()ed, never a static import.
    for (const file of holding(g, 'src/core/manifest/schema.ts')) {
      expect(Object.values(g).some((o) => o.imports.includes(file))).toBe(false);
    }
  });

  it('the YAML and TOML parsers load only when a host of that format is read (lazy codecs)', () => {
    for (const command of ['init', 'status', 'migrate', 'uninstall']) {
      const start = `commands/${command}.mjs`;
      const eagerInputs = inputsOf(g, closure(g, start));
      expect(packagesOf(eagerInputs), command).not.toContain('yaml');
      expect(eagerInputs, command).not.toContain('src/installers/toml/parser.ts');
      // Still there for the hosts that need them, one import() away.
      const allInputs = inputsOf(g, closure(g, start, true));
      expect(packagesOf(allInputs), command).toContain('yaml');
      expect(allInputs, command).toContain('src/installers/toml/parser.ts');
      // The TOML parser is patchbay's own (toml/parser.ts); toml-eslint-parser is only the tests' oracle.
      expect(packagesOf(allInputs), command).not.toContain('toml-eslint-parser');
    }
  });

  /** The files of `command`'s static closure that import the node builtin `name` statically. */
  const loadsAtStart = (command: string, name: string): string[] => {
    const pattern = new RegExp(`from\\s*["'\`]node:${name}["'\`]|import\\s*["'\`]node:${name}["'\`]`);
    return closure(g, `commands/${command}.mjs`).filter((f) => pattern.test(readFileSync(path.join(root, 'dist', f), 'utf8')));
  };

  it('only the doctor loads node:child_process at start; the others import it on their first spawn', () => {
    // Loading it costs ~2 ms of node internals on every run; list, status, add and init usually spawn
    // nothing (a probe only for a binary on PATH, npm only to pin a range).
    for (const command of ['list', 'status', 'add', 'init', 'update', 'sync', 'remove', 'hosts']) {
      expect(loadsAtStart(command, 'child_process'), command).toEqual([]);
    }
    // The pattern does match a static import (guards against a check that can never fail).
    expect(loadsAtStart('doctor', 'child_process')).toContain('commands/doctor.mjs');
  });

  it('no command loads node:crypto at start: src/node-crypto.ts loads it on the first hash or random id', () => {
    // ~5 ms of node internals; `mcp` answers initialize without either, list and status without random ids.
    for (const command of [...COMMANDS, 'list', 'add', 'server']) expect(loadsAtStart(command, 'crypto'), command).toEqual([]);
    expect(loadsAtStart('doctor', 'path')).toContain('commands/doctor.mjs');
  });

  it('init loads few files: the command and the shared groups (scripts/build/chunk-roles.mjs)', () => {
    // Automatic splitting over every command made it 46; one build per family, 11; grouped by role, 5.
    expect(closure(g, 'commands/init.mjs').length).toBeLessThanOrEqual(6);
  });

  it('every source module is built once: the only copies are what the bin shares with the rest', () => {
    // The bin is its own one-file build (every invocation starts there), so the few modules it
    // imports (argv parser, exit codes, errors, host ids) exist twice; nothing else may.
    const binInputs = new Set(g[entry]!.inputs);
    const copies = Object.keys(g)
      .flatMap((f) => g[f]!.inputs.map((i) => [i, f] as const))
      .reduce((m, [i, f]) => m.set(i, [...(m.get(i) ?? []), f]), new Map<string, string[]>());
    const duplicated = [...copies].filter(([i, files]) => files.length > (binInputs.has(i) ? 2 : 1)).map(([i, files]) => `${i}: ${files.join(', ')}`);
    expect(duplicated).toEqual([]);
    // The check sees the modules (guards against an empty graph passing).
    expect(copies.get('src/installers/index.ts')).toHaveLength(1);
  });

  it('the server starts its tool workers on their own entry; the bin never loads worker code or node:worker_threads', () => {
    // dist/commands/server.mjs loads src/server/index.ts; the build's __PATCHBAY_TOOL_WORKER__, relative
    // to the chunk that holds that module, names the worker's entry dist/commands/tool-worker.mjs.
    expect(inputsOf(g, closure(g, 'commands/server.mjs'))).toContain('src/server/index.ts');
    expect(inputsOf(g, closure(g, 'commands/tool-worker.mjs'))).toEqual(expect.arrayContaining(['src/server/offload/worker-main.ts', 'src/server/offload/tool-worker.ts']));
    // The file that holds the server's code names the worker relative to itself.
    const [serverFile] = holding(g, 'src/server/index.ts');
    const named = /["`'](\.{1,2}\/[\w/-]*tool-worker\.mjs)["`']/.exec(readFileSync(path.join(root, 'dist', serverFile!), 'utf8'));
    expect(named, `${serverFile} names the tool worker`).not.toBeNull();
    expect(path.posix.join(path.posix.dirname(serverFile!), named![1]!)).toBe('commands/tool-worker.mjs');
    expect([...g[entry]!.imports, ...g[entry]!.dynamic]).not.toContain('commands/tool-worker.mjs');
    expect(g[entry]!.inputs.some((i) => i.startsWith('src/server/'))).toBe(false);
    expect(readFileSync(path.join(root, 'dist', 'patchbay.mjs'), 'utf8')).not.toContain('worker_threads');
  });

  it('mcp loads the server and the SDK, never prompts, the wizard, the manifest schema or the doctor', () => {
    const command = 'commands/mcp.mjs';
    const server = 'commands/server.mjs';
    expect(g[entry]!.dynamic).toContain(server);
    // main.ts starts loading the server next to the command module: it must reach the very file the
    // command runs (one module instance, never a second copy of the server).
    const [holder, ...others] = holding(g, 'src/server/index.ts');
    expect(others).toEqual([]);
    expect(closure(g, server)).toContain(holder);
    expect(closure(g, command, true)).toContain(holder);
    const eager = inputsOf(g, [...closure(g, entry), ...closure(g, command), ...closure(g, server)]);
    const packages = packagesOf(eager);
    expect(packages).toContain('@modelcontextprotocol/server');
    expect(packages).not.toContain('prompts');
    expect(packages).not.toContain('execa');
    for (const forbidden of ['src/cli/wizard.ts', 'src/core/manifest/schema.ts', 'src/installers/index.ts', 'src/rollback/index.ts']) {
      expect(eager).not.toContain(forbidden);
    }
    expect(eager.some((i) => i.startsWith('src/doctor/'))).toBe(false);
    // The SDK's shims are patchbay's (scripts/sdk-shims.mjs): no Ajv in the server's start-up.
    expect(eager).toContain('src/server/sdk-shims.ts');
    expect(eager.filter((i) => /ajv/i.test(i))).toEqual([]);
  });

  it('the library entry (dist/lib.mjs) is its own entry and never loads the CLI or the server', () => {
    const lib = closure(g, 'lib.mjs', true);
    const inputs = inputsOf(g, lib);
    // Of the CLI's modules, only the exit-code table (a module of numbers `mcp` shares with the rest).
    expect(inputs.filter((i) => i.startsWith('src/cli/') || i.startsWith('src/server/'))).toEqual(['src/cli/exit-codes.ts']);
    expect(packagesOf(inputs).filter((p) => p.startsWith('@modelcontextprotocol/') || p === 'prompts')).toEqual([]);
  });
});

// What a real run of the built bin loads, recorded by a module-loader hook (node:module register):
// the chunk structure above is only worth something if node actually follows it.
describe('the built bundle: files a real run loads', () => {
  const g = builtGraph();
  const dist = path.join(root, 'dist');

  /** `files`: paths under the run's temp folder (`home/...`, `project/...`) written before it starts. */
  async function loadedBy(args: string[], input?: string, files: Record<string, string> = {}): Promise<{ files: string[]; inputs: string[]; packages: string[]; stdout: string }> {
    const tmp = await mkdtemp(path.join(os.tmpdir(), 'pb-lazy-'));
    try {
      const out = path.join(tmp, 'loaded.txt');
      await writeFile(path.join(tmp, 'hooks.mjs'), "import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) { if (url.startsWith('file:')) appendFileSync(process.env.PB_LOADED, url + '\\n'); return next(url, context); }\n");
      await writeFile(path.join(tmp, 'register.mjs'), "import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);\n");
      const home = path.join(tmp, 'home');
      const project = path.join(tmp, 'project');
      await mkdir(home);
      await mkdir(project);
      for (const [name, text] of Object.entries(files)) {
        await mkdir(path.dirname(path.join(tmp, name)), { recursive: true });
        await writeFile(path.join(tmp, name), text);
      }
      const env = { PATH: '', HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), PATCHBAY_STATE_DIR: path.join(tmp, 'state'), NO_COLOR: '1', PB_LOADED: out };
      const r = spawnSync(process.execPath, ['--import', pathToFileURL(path.join(tmp, 'register.mjs')).href, path.join(dist, 'patchbay.mjs'), ...args.map((a) => a.replace('<project>', project))], {
        cwd: project,
        env,
        input: input ?? '',
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(r.status, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      const loaded = readFileSync(out, 'utf8')
        .split('\n')
        .filter((u) => u.startsWith(pathToFileURL(dist).href + '/'))
        .map((u) => path.relative(dist, fileURLToPath(u)).split(path.sep).join('/'));
      for (const f of loaded) expect(g, `${f} is in dist/meta.json (stale build?)`).toHaveProperty([f]);
      const inputs = inputsOf(g, loaded);
      return { files: loaded, inputs, packages: packagesOf(inputs), stdout: r.stdout };
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  }

  it('--version loads only the bin and its small shared chunks', async () => {
    const run = await loadedBy(['--version']);
    expect(run.files.sort()).toEqual(closure(g, 'patchbay.mjs').sort());
  });

  it('init --yes never loads the MCP SDK, zod, prompts or a probe library', async () => {
    const run = await loadedBy(['init', '--yes', '--host', 'opencode,claude-code,cursor', '--opencode-version', '1.18.33', '<project>']);
    expect(run.inputs).toContain('src/cli/commands/init.ts');
    expect(run.packages.filter((p) => p.startsWith('@modelcontextprotocol/') || ['zod', 'prompts', 'execa'].includes(p))).toEqual([]);
    // Of the server, only the import-free role check main.ts runs first (am I a tool worker thread?).
    // Of the doctor, only the two host-file readers it shares with status's consent notes
    // (src/core/consent-status.ts), which sit in the engine chunk every planning command loads.
    const shared = ['src/server/offload/role.ts', 'src/doctor/host-entries.ts', 'src/doctor/host-file.ts'];
    expect(run.inputs.filter((i) => (i.startsWith('src/server/') || i.startsWith('src/doctor/')) && !shared.includes(i))).toEqual([]);
  });

  it('list reads a plain Goose file without the yaml package, and one with an anchor through it', async () => {
    const goose = 'home/.config/goose/config.yaml';
    const args = ['list', '--host', 'goose', '--scope', 'user'];
    const plain = await loadedBy(args, undefined, { [goose]: 'extensions:\n  fetch:\n    cmd: uvx\n    args:\n    - mcp-server-fetch\n    enabled: true\n    type: stdio\n' });
    expect(plain.stdout).toContain('fetch  goose (user)');
    expect(plain.stdout).toContain('stdio: uvx mcp-server-fetch');
    expect(plain.packages).not.toContain('yaml');
    const anchored = await loadedBy(args, undefined, { [goose]: 'base: &b\n  type: stdio\nextensions:\n  fetch:\n    cmd: uvx\n    args:\n    - mcp-server-fetch\n    enabled: true\n    type: stdio\n' });
    expect(anchored.stdout).toContain('stdio: uvx mcp-server-fetch');
    expect(anchored.packages).toContain('yaml');
  });

  it('mcp answers initialize without loading prompts, the manifest schema, the installers or the engine', async () => {
    const initialize = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'lazy-test', version: '0' } } });
    const run = await loadedBy(['mcp'], `${initialize}\n`);
    expect(run.packages).toContain('@modelcontextprotocol/server');
    expect(run.packages).not.toContain('prompts');
    for (const forbidden of ['src/cli/wizard.ts', 'src/core/manifest/schema.ts', 'src/installers/index.ts', 'src/rollback/index.ts']) {
      expect(run.inputs).not.toContain(forbidden);
    }
  });
});
