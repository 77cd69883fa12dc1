// The library as a user gets it (issue "Manage any MCP server" item 7): `npm pack` of this checkout,
// installed into an empty consumer project, then the README's "Library API" example — extracted from
// README.md, so the README cannot drift from what works — type-checked against the shipped .d.ts and
// run with node. It registers `npx --yes chant@1.4.0 serve mcp` in the detected host; the installed
// `patchbay rollback` undoes it to the exact bytes.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, requireBundle } from '../helpers/cli-sandbox.js';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
let root: string;
let consumer: string;
let env: Record<string, string>;

function run(command: string, args: string[], cwd: string, extraEnv: Record<string, string> = {}): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd, env: { ...env, ...extraEnv }, encoding: 'utf8', timeout: 120_000 });
}
const explain = (r: SpawnSyncReturns<string>) => `exit ${r.status}\n${r.stdout}\n${r.stderr}`;

/** The ```ts block of README.md's "## Library API" section. */
async function readmeExample(): Promise<string> {
  const readme = await readFile(path.join(REPO_ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Library API'));
  const match = /```ts\n([\s\S]*?)```/.exec(section);
  if (!match?.[1]) throw new Error('README.md has no ```ts example under "## Library API"');
  return match[1];
}

beforeAll(async () => {
  requireBundle();
  root = await mkdtemp(path.join(os.tmpdir(), 'pb-packed-'));
  consumer = path.join(root, 'consumer');
  await mkdir(path.join(root, 'home'), { recursive: true });
  await mkdir(consumer);
  // npm's own variables from the outer `npm test` (npm_config_*) would steer the inner npm: drop them.
  env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([k, v]) => !/^npm_/i.test(k) && v !== undefined)) as Record<string, string>,
    HOME: path.join(root, 'home'),
    XDG_CONFIG_HOME: path.join(root, 'home', '.config'),
    XDG_STATE_HOME: path.join(root, 'home', '.local', 'state'),
    npm_config_cache: path.join(root, 'npm-cache'),
    npm_config_update_notifier: 'false',
  };
  delete env.PATCHBAY_STATE_DIR;
  const pack = run(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', root], REPO_ROOT);
  expect(pack.status, explain(pack)).toBe(0);
  const tarball = path.join(root, (JSON.parse(pack.stdout) as [{ filename: string }])[0].filename);
  await writeFile(path.join(consumer, 'package.json'), JSON.stringify({ name: 'chant', version: '1.4.0', private: true, type: 'module' }, null, 2));
  // Zero runtime dependencies: installing the tarball needs no registry at all.
  const install = run(npm, ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], consumer);
  expect(install.status, explain(install)).toBe(0);
}, 180_000);

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe('the packed library', () => {
  it('installs as ONE package: no runtime dependency comes with it', async () => {
    const installed = (await readdir(path.join(consumer, 'node_modules'))).filter((n) => !n.startsWith('.'));
    expect(installed).toEqual(['patchbay-mcp']);
  });

  it('importing it has no side effects: nothing printed, nothing created', async () => {
    const before = await readdir(path.join(root, 'home'));
    const r = run(process.execPath, ['--input-type=module', '-e', "const m = await import('patchbay-mcp'); console.log(Object.keys(m).sort().join(','))"], consumer);
    expect(r.status, explain(r)).toBe(0);
    expect(r.stdout.trim()).toBe('apply,fromServerJson,plan,status');
    expect(r.stderr).toBe('');
    expect(await readdir(path.join(root, 'home'))).toEqual(before);
  });

  it("the README example type-checks against the shipped declarations (strict, the package's exports, no skipLibCheck)", async () => {
    await writeFile(path.join(consumer, 'register.ts'), await readmeExample());
    await writeFile(path.join(consumer, 'tsconfig.json'), JSON.stringify({
      // A Node CLI has @types/node (the declarations name NodeJS.Platform); this checkout's copy stands in.
      compilerOptions: {
        strict: true, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2022'],
        typeRoots: [path.join(REPO_ROOT, 'node_modules', '@types')], types: ['node'], skipLibCheck: false,
      },
      files: ['register.ts'],
    }, null, 2));
    const tsc = run(process.execPath, [path.join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], consumer);
    expect(tsc.status, explain(tsc)).toBe(0);
  });

  it('the README example registers chant in the detected host, and `patchbay rollback` undoes it to the byte', async () => {
    // A project with Claude Code's file: the host is detected by it (no host binary on PATH).
    const original = '{\n  "mcpServers": {}\n}\n';
    await writeFile(path.join(consumer, '.mcp.json'), original);
    await writeFile(path.join(consumer, 'register.mjs'), await readmeExample());
    const r = run(process.execPath, ['register.mjs'], consumer, { PATH: path.dirname(process.execPath) });
    expect(r.status, explain(r)).toBe(0);
    expect(r.stdout).toMatch(/^\+\+\+ .*\.mcp\.json$/m);
    expect(r.stdout).toContain('"chant@1.4.0"');
    expect(r.stdout).toMatch(/undo with: patchbay rollback \S+/);
    expect(JSON.parse(await readFile(path.join(consumer, '.mcp.json'), 'utf8')).mcpServers.chant).toEqual({
      command: 'npx',
      args: ['--yes', 'chant@1.4.0', 'serve', 'mcp'],
    });
    // The library adds no patchbay.jsonc to the user's project (writeManifest defaults to false).
    expect(existsSync(path.join(consumer, 'patchbay.jsonc'))).toBe(false);

    const undo = run(process.execPath, [path.join(consumer, 'node_modules', '.bin', 'patchbay'), 'rollback'], consumer);
    expect(undo.status, explain(undo)).toBe(0);
    expect(await readFile(path.join(consumer, '.mcp.json'), 'utf8')).toBe(original);
  });
});
