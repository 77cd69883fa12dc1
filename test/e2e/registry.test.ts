// The local registry harness itself, and the packaging claim behind `npx --yes patchbay-mcp@<v> mcp`:
// the tarball built from this checkout installs from a registry that has NOTHING else (no uplinks),
// so it must have zero runtime dependencies.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRegistryWithPatchbay } from './helpers/registry.js';
import { explain, requireBundle, run } from './helpers/run.js';
import { makeSandbox, type Sandbox } from './helpers/sandbox.js';
import { prepareTools } from './helpers/tools.js';

const tools = await prepareTools(['verdaccio']);

describe.skipIf(!tools.ok)('local npm registry (verdaccio) with the packed patchbay', () => {
  let registry: Awaited<ReturnType<typeof startRegistryWithPatchbay>>;
  let box: Sandbox;

  beforeAll(async () => {
    requireBundle();
    registry = await startRegistryWithPatchbay();
    box = await makeSandbox({ registry: registry.url });
  });
  afterAll(async () => {
    await registry?.stop();
    await box?.cleanup();
  });

  it('listens on 127.0.0.1 and serves the published version with no dependencies', async () => {
    expect(registry.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(registry.packed.files).toContain('dist/patchbay.mjs');
    const doc = (await (await fetch(`${registry.url}patchbay-mcp`)).json()) as {
      'dist-tags': Record<string, string>;
      versions: Record<string, { dependencies?: Record<string, string>; bin?: Record<string, string> }>;
    };
    expect(doc['dist-tags'].latest).toBe(registry.version);
    const meta = doc.versions[registry.version];
    expect(meta?.bin).toEqual({ patchbay: 'dist/patchbay.mjs' });
    expect(meta?.dependencies ?? {}).toEqual({});
  });

  it('has no uplink: anything but patchbay-mcp is a 404', async () => {
    const res = await fetch(`${registry.url}semver`);
    expect(res.status).toBe(404);
  });

  it('npx resolves patchbay-mcp@<version> from it into an empty cache, installing exactly one package', async () => {
    const r = await run('npx', ['--yes', registry.spec, '--version'], { cwd: box.project, env: box.env, timeoutMs: 60_000 });
    expect(r.exitCode, explain('npx --version', r)).toBe(0);
    expect(r.stdout.trim()).toBe(registry.version);
    // npx installs into <cache>/_npx/<hash>/node_modules: the tarball brought nothing else along.
    const npxRoot = path.join(box.npmCache, '_npx');
    const [hash] = await readdir(npxRoot);
    const installed = (await readdir(path.join(npxRoot, hash!, 'node_modules'))).filter((n) => !n.startsWith('.'));
    expect(installed).toEqual(['patchbay-mcp']);
    const lock = JSON.parse(await readFile(path.join(npxRoot, hash!, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, unknown>;
    };
    expect(Object.keys(lock.packages).sort()).toEqual(['', 'node_modules/patchbay-mcp']);
  });

  it('a version that was never published fails to resolve (npx cannot fall back to the public registry)', async () => {
    const r = await run('npx', ['--yes', 'patchbay-mcp@999.0.0', '--version'], { cwd: box.project, env: box.env, timeoutMs: 60_000 });
    expect(r.exitCode).not.toBe(0);
    expect(r.text).toMatch(/E?404|No matching version|ETARGET/i);
  });
});
