// patchbay against the REAL Gemini CLI (@google/gemini-cli, pinned in scripts/e2e/versions.json):
// `patchbay init --yes --host gemini` writes `.gemini/settings.json` (comments allowed, no trailing
// commas), and `gemini mcp list` — which spawns `npx --yes patchbay-mcp@<v> mcp` from the local
// verdaccio — reports patchbay Connected. Project settings are read in trusted folders only:
// GEMINI_CLI_TRUST_WORKSPACE=true (docs/host-facts.md, Real CLIs).
import { readFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managedArgv, readJsonc } from './helpers/hosts.js';
import { hostCli, hostSandbox, initHost } from './helpers/json-host.js';
import { startRegistryWithPatchbay } from './helpers/registry.js';
import { explain, requireBundle } from './helpers/run.js';
import type { Sandbox } from './helpers/sandbox.js';
import { prepareTools } from './helpers/tools.js';

const tools = await prepareTools(['gemini', 'verdaccio']);
const TRUST = { GEMINI_CLI_TRUST_WORKSPACE: 'true' };

describe.skipIf(!tools.ok)('Gemini CLI (real binary)', () => {
  let registry: Awaited<ReturnType<typeof startRegistryWithPatchbay>>;
  const boxes: Sandbox[] = [];
  async function box(): Promise<Sandbox> {
    const b = await hostSandbox(registry.url, 'gemini', tools.ok ? tools.bins.gemini : '', TRUST);
    boxes.push(b);
    return b;
  }

  beforeAll(async () => {
    requireBundle();
    registry = await startRegistryWithPatchbay();
  });
  afterAll(async () => {
    await registry?.stop();
    await Promise.all(boxes.map((b) => b.cleanup()));
  });

  it('the pinned binary runs offline', async () => {
    const b = await box();
    const v = await hostCli(b, 'gemini', ['--version']);
    expect(v.exitCode, explain('gemini --version', v)).toBe(0);
    expect(v.stdout.trim()).toBe(tools.ok ? tools.specs.gemini!.version : '');
  });

  it('a commented settings.json: init keeps the comment, gemini accepts the file and connects to patchbay', async () => {
    const b = await box();
    const file = path.join(b.project, '.gemini', 'settings.json');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, '{\n  // written by hand\n  "general": {}\n}\n');
    const init = await initHost(b, 'gemini');
    expect(init.exitCode, explain('patchbay init', init)).toBe(0);
    const text = await readFile(file, 'utf8');
    expect(text).toContain('// written by hand');
    const [command, ...args] = managedArgv(registry.version);
    expect((await readJsonc(file)).mcpServers).toEqual({ patchbay: { command, args } });

    const list = await hostCli(b, 'gemini', ['mcp', 'list']);
    expect(list.exitCode, explain('gemini mcp list', list)).toBe(0);
    expect(list.text, explain('gemini mcp list', list)).toMatch(/patchbay.*Connected/);
  });
});
