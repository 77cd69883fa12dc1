// patchbay against the REAL Qwen Code CLI (@qwen-code/qwen-code 0.24.4). `patchbay init --yes --host
// qwen-code` writes `.qwen/settings.json`; project servers wait for approval (`qwen mcp approve`, stored
// in ~/.qwen/mcpApprovals.json), after which `qwen mcp list` — spawning `npx --yes patchbay-mcp@<v> mcp`
// from the local verdaccio — reports patchbay Connected (docs/host-facts.md, Real CLIs).
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managedArgv, readJsonc } from './helpers/hosts.js';
import { hostCli, hostSandbox, initHost, warmNpx } from './helpers/json-host.js';
import { startRegistryWithPatchbay } from './helpers/registry.js';
import { explain, requireBundle } from './helpers/run.js';
import type { Sandbox } from './helpers/sandbox.js';
import { prepareTools } from './helpers/tools.js';

const tools = await prepareTools(['qwen-code', 'verdaccio']);

describe.skipIf(!tools.ok)('Qwen Code (real binary)', () => {
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

  it('init --yes --host qwen-code → pending approval, then `qwen mcp approve patchbay` → Connected', async () => {
    const b = await hostSandbox(registry.url, 'qwen-code', tools.ok ? tools.bins['qwen-code'] : '');
    boxes.push(b);
    const init = await initHost(b, 'qwen-code');
    expect(init.exitCode, explain('patchbay init', init)).toBe(0);
    const [command, ...args] = managedArgv(registry.version);
    expect((await readJsonc(path.join(b.project, '.qwen', 'settings.json'))).mcpServers).toEqual({ patchbay: { command, args } });

    await warmNpx(b, registry.version);
    const pending = await hostCli(b, 'qwen', ['mcp', 'list']);
    expect(pending.text, explain('qwen mcp list (before approval)', pending)).toMatch(/patchbay.*Pending approval/i);
    const approve = await hostCli(b, 'qwen', ['mcp', 'approve', 'patchbay']);
    expect(approve.exitCode, explain('qwen mcp approve', approve)).toBe(0);
    const list = await hostCli(b, 'qwen', ['mcp', 'list']);
    expect(list.exitCode, explain('qwen mcp list', list)).toBe(0);
    expect(list.text, explain('qwen mcp list', list)).toMatch(/patchbay.*Connected/);
  });
});
