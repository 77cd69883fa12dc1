// A throw-away npm registry (the pinned verdaccio) on 127.0.0.1 holding ONLY the patchbay tarball built in
// this checkout. It has no uplinks on purpose: patchbay ships with zero runtime dependencies, so if
// `npx --yes patchbay-mcp@<v>` resolves against it, the published tarball is proven self-contained (any
// dependency would 404). Used by test/e2e (via test/e2e/helpers/registry.ts) and bench/cold-npx.mjs.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readVersions, repoRoot, toolsDir } from './install-tools.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const npmCmd = process.platform === 'win32' ? 'npm.cmd' : 'npm';
export const bundlePath = path.join(repoRoot, 'dist', 'patchbay.mjs');

function run(cmd, args, opts) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', (err) => resolve({ code: -1, stdout, stderr: stderr + String(err) }));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

// npm run by a parent `npm test` exports its config (npm_config_registry, …) to children: drop all of it.
function cleanNpmEnv(extra) {
  const env = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !/^npm_/i.test(k)) env[k] = v;
  return { ...env, npm_config_update_notifier: 'false', npm_config_audit: 'false', npm_config_fund: 'false', ...extra };
}

function verdaccioConfig(dir) {
  // JSON is valid YAML, so no YAML writer is needed. `publish: $anonymous` lets the tests publish
  // without an account; npm still insists on SOME token client-side, so publish() passes a dummy one.
  return JSON.stringify(
    {
      storage: path.join(dir, 'storage'),
      auth: { htpasswd: { file: path.join(dir, 'htpasswd'), max_users: -1 } },
      uplinks: {},
      packages: { '**': { access: '$all', publish: '$anonymous $all', unpublish: '$anonymous $all' } },
      security: { api: { legacy: true } },
      log: { type: 'stdout', format: 'json', level: 'error' },
      max_body_size: '50mb',
    },
    null,
    2,
  );
}

/**
 * Starts verdaccio; resolves once it answers /-/ping.
 * @returns {Promise<{url: string, port: number, dir: string, publish: (tarball: string) => Promise<void>, stop: () => Promise<void>}>}
 */
export async function startLocalRegistry({ startTimeoutMs = 30_000 } = {}) {
  const spec = (await readVersions()).verdaccio;
  const pkgDir = path.join(toolsDir(), 'verdaccio', 'node_modules', 'verdaccio');
  if (!existsSync(pkgDir)) {
    throw new Error(`local-registry: verdaccio is not installed in ${pkgDir}; run node scripts/e2e/install-tools.mjs verdaccio`);
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'patchbay-registry-'));
  const configPath = path.join(dir, 'config.yaml');
  await writeFile(configPath, verdaccioConfig(dir));
  const child = spawn(process.execPath, [path.join(here, 'verdaccio-child.mjs'), pkgDir, configPath], {
    cwd: dir,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, NODE_NO_WARNINGS: '1' },
  });
  let log = '';
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`local-registry: verdaccio ${spec.version} did not start within ${startTimeoutMs} ms:\n${log}`));
    }, startTimeoutMs);
    const onData = (d) => {
      log += d;
      const m = /PATCHBAY_VERDACCIO_PORT=(\d+)/.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (d) => (log += d));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`local-registry: verdaccio exited (${code}) before listening:\n${log}`));
    });
  });
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; ; i++) {
    const ok = await fetch(`${url}-/ping`).then((r) => r.ok, () => false);
    if (ok) break;
    if (i > 100) throw new Error(`local-registry: ${url}-/ping never answered`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const exited = new Promise((r) => child.once('exit', r));
  return {
    url,
    port,
    dir,
    async publish(tarball) {
      const res = await run(
        npmCmd,
        ['publish', tarball, '--registry', url, '--ignore-scripts', '--tag', 'latest', `--//127.0.0.1:${port}/:_authToken=anonymous`],
        { cwd: dir, env: cleanNpmEnv({ npm_config_cache: path.join(dir, 'publish-cache') }) },
      );
      if (res.code !== 0) throw new Error(`local-registry: npm publish ${tarball} failed (${res.code}):\n${res.stderr}`);
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.stdin.end();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** `npm pack` of this checkout WITHOUT lifecycle scripts (prepare would rebuild dist/ under parallel tests). */
export async function packPatchbay(destDir) {
  if (!existsSync(bundlePath)) {
    throw new Error(`local-registry: ${bundlePath} is missing; run \`npm run build\` first (tests never build it themselves)`);
  }
  const res = await run(npmCmd, ['pack', '--ignore-scripts', '--json', '--pack-destination', destDir], {
    cwd: repoRoot,
    env: cleanNpmEnv({}),
  });
  if (res.code !== 0) throw new Error(`local-registry: npm pack failed (${res.code}):\n${res.stderr}`);
  const [info] = JSON.parse(res.stdout);
  return { tarball: path.join(destDir, info.filename), name: info.name, version: info.version, files: info.files.map((f) => f.path) };
}

/** A registry with this checkout's patchbay published: what every e2e host test points npx at. */
export async function startRegistryWithPatchbay(opts) {
  const registry = await startLocalRegistry(opts);
  try {
    const packed = await packPatchbay(registry.dir);
    await registry.publish(packed.tarball);
    const pkg = JSON.parse(await readFile(path.join(repoRoot, 'package.json'), 'utf8'));
    return { ...registry, version: pkg.version, spec: `${pkg.name}@${pkg.version}`, packed };
  } catch (err) {
    await registry.stop();
    throw err;
  }
}
