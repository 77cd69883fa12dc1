// patchbay against the REAL Kilo CLI (@kilocode/cli-linux-x64 7.7.9: the 7.8.1 wrapper needs a baseline
// package the registry lacks; docs/host-facts.md, Real CLIs). `patchbay init --yes --host kilo` creates
// `.kilo/kilo.jsonc` with Kilo's `$schema` and an OpenCode-V1-shaped `mcp.patchbay`, and `kilo mcp list` —
// which spawns `npx --yes patchbay-mcp@<v> mcp` from the local verdaccio — says connected. In a project
// holding only a real, public `.kilocode/mcp.json` (Kilo Code ≤ 4's file, which 7.7.9 still reads),
// patchbay writes its entry THERE in the `mcpServers` shape, Kilo connects it, and removal gives back the bytes.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managedArgv, readJsonc } from './helpers/hosts.js';
import { hostCli, hostSandbox, initHost } from './helpers/json-host.js';
import { startRegistryWithPatchbay } from './helpers/registry.js';
import { explain, patchbay, requireBundle } from './helpers/run.js';
import type { Sandbox } from './helpers/sandbox.js';
import { prepareTools } from './helpers/tools.js';

const tools = await prepareTools(['kilo', 'verdaccio']);

describe.skipIf(!tools.ok)('Kilo CLI (real binary)', () => {
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

  it('init --yes --host kilo → `kilo mcp list` shows patchbay connected', async () => {
    const b = await hostSandbox(registry.url, 'kilo', tools.ok ? tools.bins.kilo : '');
    boxes.push(b);
    const init = await initHost(b, 'kilo');
    expect(init.exitCode, explain('patchbay init', init)).toBe(0);
    const config = await readJsonc(path.join(b.project, '.kilo', 'kilo.jsonc'));
    expect(config.$schema).toBe('https://app.kilo.ai/config.json');
    expect((config.mcp as Record<string, unknown>).patchbay).toEqual({ type: 'local', command: managedArgv(registry.version), enabled: true });

    const list = await hostCli(b, 'kilo', ['mcp', 'list'], 180_000);
    expect(list.exitCode, explain('kilo mcp list', list)).toBe(0);
    expect(list.text, explain('kilo mcp list', list)).toMatch(/✓\s*patchbay\s+connected/);
  });

  it('a project with only a real .kilocode/mcp.json: patchbay writes there and `kilo mcp list` connects it', async () => {
    const b = await hostSandbox(registry.url, 'kilo', tools.ok ? tools.bins.kilo : '');
    boxes.push(b);
    const real = await readFile(fileURLToPath(new URL('../../fixtures/corpus/kilo/003-ConfigButler-gitops-reverser.json', import.meta.url)), 'utf8');
    const file = path.join(b.project, '.kilocode', 'mcp.json');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, real);
    const init = await initHost(b, 'kilo');
    expect(init.exitCode, explain('patchbay init', init)).toBe(0);
    const written = JSON.parse(await readFile(file, 'utf8')) as { mcpServers: Record<string, { command: string; args: string[] }> };
    expect(written.mcpServers.git).toEqual(JSON.parse(real).mcpServers.git);
    const argv = managedArgv(registry.version);
    expect(written.mcpServers.patchbay).toEqual({ command: argv[0], args: argv.slice(1) });

    const list = await hostCli(b, 'kilo', ['mcp', 'list'], 180_000);
    expect(list.exitCode, explain('kilo mcp list', list)).toBe(0);
    expect(list.text, explain('kilo mcp list', list)).toMatch(/✓\s*patchbay\s+connected/);

    const un = await patchbay(['uninstall', '--yes', '--host', 'kilo', '--scope', 'project', b.project], { cwd: b.project, env: b.env });
    expect(un.exitCode, explain('patchbay uninstall', un)).toBe(0);
    expect(await readFile(file, 'utf8')).toBe(real);
  });
});
