// patchbay against the REAL Factory Droid CLI (@factory/cli-linux-x64 0.225.2: the wrapper package pins a
// platform version that 404s, so the platform package itself is pinned; docs/host-facts.md, Real CLIs).
// `patchbay init --yes --host factory-droid` writes `.factory/mcp.json` (strict JSON, `type: stdio`),
// and `droid mcp list` — which spawns `npx --yes patchbay-mcp@<v> mcp` from the local verdaccio — says connected.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managedArgv, readStrictJson } from './helpers/hosts.js';
import { hostCli, hostSandbox, initHost, warmNpx } from './helpers/json-host.js';
import { startRegistryWithPatchbay } from './helpers/registry.js';
import { explain, requireBundle } from './helpers/run.js';
import type { Sandbox } from './helpers/sandbox.js';
import { prepareTools } from './helpers/tools.js';

const tools = await prepareTools(['factory-droid', 'verdaccio']);

describe.skipIf(!tools.ok)('Factory Droid (real binary)', () => {
  let registry: Awaited<ReturnType<typeof startRegistryWithPatchbay>>;
  const boxes: Sandbox[] = [];
  beforeAll(async () => {
    requireBundle();
    registry = await startRegistryWithPatchbay();
  });
  afterAll(async () => {
    await registry?.stop();
    await Promise.all(boxes.map((b) => b.cleanup()));
  });

  it('init --yes --host factory-droid → `droid mcp list` shows patchbay connected', async () => {
    const b = await hostSandbox(registry.url, 'factory-droid', tools.ok ? tools.bins['factory-droid'] : '');
    boxes.push(b);
    const init = await initHost(b, 'factory-droid');
    expect(init.exitCode, explain('patchbay init', init)).toBe(0);
    const [command, ...args] = managedArgv(registry.version);
    expect((await readStrictJson(path.join(b.project, '.factory', 'mcp.json'))).mcpServers).toEqual({ patchbay: { type: 'stdio', command, args } });

    // droid gives a server ~15 s: a cold npx install from the registry does not fit, a warm one does.
    const warm = await warmNpx(b, registry.version);
    expect(warm.stdout.trim(), explain('npx patchbay-mcp --version', warm)).toBe(registry.version);
    const list = await hostCli(b, 'droid', ['mcp', 'list']);
    expect(list.exitCode, explain('droid mcp list', list)).toBe(0);
    expect(list.text, explain('droid mcp list', list)).toMatch(/patchbay\s+stdio\s+connected/);
  });
});
