// `npm run demo`: the main job on an embedded sample, with no terminal and no setup. Copies
// fixtures/demo (a commented opencode.jsonc and a .mcp.json holding another server) into a temporary
// folder with its own HOME and state dir, then runs `init --yes`, `status` and `uninstall --yes` of
// the built CLI there and prints what each did. Writes nothing in the checkout or the user's home;
// exits non-zero if any step fails or uninstall does not give back the exact bytes.
import { spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const bundle = path.join(root, 'dist', 'patchbay.mjs');
if (!existsSync(bundle)) {
  console.error('dist/patchbay.mjs is missing: run `npm ci` (it builds) or `npm run build` first.');
  process.exit(1);
}

const sandbox = await mkdtemp(path.join(os.tmpdir(), 'patchbay-demo-'));
const project = path.join(sandbox, 'project');
const home = path.join(sandbox, 'home');
const emptyPath = path.join(sandbox, 'bin');
try {
  await cp(path.join(root, 'fixtures', 'demo'), project, { recursive: true, filter: (src) => path.basename(src) !== 'README.md' });
  await mkdir(home, { recursive: true });
  await mkdir(emptyPath, { recursive: true });
  const before = await snapshot(project);
  // A PATH with no host binaries: the demo shows detection from the project's own files, the same on
  // every machine, and never runs a real `opencode` or `claude` the user may have installed.
  const env = {
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_STATE_HOME: path.join(home, '.local', 'state'),
    PATCHBAY_STATE_DIR: path.join(sandbox, 'state'),
    PATH: emptyPath,
    NO_COLOR: '1',
    LANG: 'C.UTF-8',
  };
  console.log(`patchbay demo — sample project copied to ${project}\n`);
  for (const name of Object.keys(before).sort()) console.log(`--- ${name} (before)\n${before[name]}`);
  const steps = [
    ['init', '--yes'],
    ['status'],
    ['uninstall', '--yes'],
    ['status'],
  ];
  for (const args of steps) {
    console.log(`\n$ patchbay ${args.join(' ')}`);
    const r = spawnSync(process.execPath, [bundle, ...args], { cwd: project, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    process.stdout.write(r.stdout);
    process.stdout.write(r.stderr);
    console.log(`(exit ${r.status})`);
    if (r.status !== 0) throw new Error(`patchbay ${args.join(' ')} exited ${r.status}`);
  }
  const after = await snapshot(project);
  const identical = JSON.stringify(after) === JSON.stringify(before);
  console.log(`\nAfter uninstall the project is ${identical ? 'byte-identical to' : 'DIFFERENT from'} what it was before init.`);
  if (!identical) process.exitCode = 1;
} catch (error) {
  console.error(`demo failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await rm(sandbox, { recursive: true, force: true });
}

/** Every file of a folder (recursively) as text, keyed by relative path. */
async function snapshot(dir) {
  const out = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath ?? entry.path, entry.name);
    out[path.relative(dir, full)] = await readFile(full, 'utf8');
  }
  return out;
}
