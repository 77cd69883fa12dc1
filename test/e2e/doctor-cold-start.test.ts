// doctor on a fresh machine (issue 23 item 3): an `npx --yes fixture-mcp@1.2.3` server whose package
// takes longer to DOWNLOAD than the handshake timeout. doctor fetches it first with the user's own npm
// (same registry, same cache) under a separate install budget, so the FIRST run gives the verdict of
// the second, and a budget that runs out says "still downloading", not "hung". Real npm, a real
// registry (the pinned verdaccio) behind a loopback proxy that delays every tarball.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishFixtureMcp } from './helpers/fixture-package.js';
import { startLocalRegistry, type LocalRegistry } from './helpers/registry.js';
import { explain, patchbay, requireBundle } from './helpers/run.js';
import { makeSandbox, type Sandbox } from './helpers/sandbox.js';
import { prepareTools } from './helpers/tools.js';

const tools = await prepareTools(['verdaccio']);
const TARBALL_DELAY_MS = 3_000;
const HANDSHAKE_TIMEOUT_MS = 2_000;

interface Row {
  host: string;
  name: string;
  status: string;
  reason?: string;
  message?: string;
  hint?: string;
}

/** A proxy to the registry that holds each tarball back (a slow network, a big package). */
function slowProxy(target: string): Promise<{ url: string; tarballs: () => number; close(): Promise<void> }> {
  const upstream = new URL(target);
  let tarballs = 0;
  const server = http.createServer((req, res) => {
    const isTarball = (req.url ?? '').includes('/-/');
    if (isTarball) tarballs++;
    setTimeout(() => {
      // Host kept as the proxy's, so the registry writes tarball URLs that come back through here.
      const forward = http.request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      forward.on('error', () => res.destroy());
      req.pipe(forward);
    }, isTarball ? TARBALL_DELAY_MS : 0);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/`, tarballs: () => tarballs, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

describe.skipIf(!tools.ok)('doctor: cold npx starts (real npm, a slow registry)', () => {
  let registry: LocalRegistry;
  let proxy: Awaited<ReturnType<typeof slowProxy>>;
  const boxes: Sandbox[] = [];

  async function project(): Promise<Sandbox> {
    const b = await makeSandbox({ registry: proxy.url });
    boxes.push(b);
    // OpenCode starts a project's servers without asking, so no consent is involved here.
    await writeFile(path.join(b.project, 'opencode.json'), JSON.stringify({ mcp: { fixture: { type: 'local', command: ['npx', '--yes', 'fixture-mcp@1.2.3'] } } }));
    return b;
  }
  const doctor = async (b: Sandbox, extra: string[] = []) => {
    const r = await patchbay(['doctor', '--json', '--host', 'opencode', '--timeout', String(HANDSHAKE_TIMEOUT_MS), ...extra], { cwd: b.project, env: b.env, timeoutMs: 120_000 });
    return { r, rows: (JSON.parse(r.stdout) as { rows: Row[] }).rows };
  };

  beforeAll(async () => {
    requireBundle();
    registry = await startLocalRegistry();
    await publishFixtureMcp(registry, '1.2.3');
    proxy = await slowProxy(registry.url);
  }, 120_000);
  afterAll(async () => {
    await proxy?.close();
    await registry?.stop();
    await Promise.all(boxes.map((b) => b.cleanup()));
  });

  it('the first run on an empty npm cache is ok, as the second is, although the download outlasts --timeout', async () => {
    const b = await project();
    const first = await doctor(b);
    expect(first.rows.map((row) => `${row.name} ${row.status}`), explain('doctor (cold)', first.r)).toEqual(['fixture ok']);
    expect(proxy.tarballs()).toBeGreaterThan(0); // it really was downloaded, through the slow proxy
    const fetched = proxy.tarballs();
    const second = await doctor(b);
    expect(second.rows.map((row) => `${row.name} ${row.status}`), explain('doctor (warm)', second.r)).toEqual(['fixture ok']);
    expect(proxy.tarballs()).toBe(fetched); // the server's own start found the package the fetch put there
    expect(second.r.exitCode).toBe(0);
  }, 120_000);

  it('an install budget that runs out says "still downloading", not "hung"', async () => {
    const b = await project();
    const { r, rows } = await doctor(b, ['--install-timeout', '1000']);
    expect(rows, explain('doctor --install-timeout 1000', r)).toEqual([
      expect.objectContaining({ name: 'fixture', status: 'timeout', reason: 'install-timeout', message: expect.stringContaining('npm was still fetching fixture-mcp@1.2.3 after 1000 ms'), hint: expect.stringContaining('still downloading, not hung') }),
    ]);
  }, 120_000);
});
