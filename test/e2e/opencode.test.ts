// patchbay against the REAL OpenCode CLI (opencode-ai, pinned in scripts/e2e/versions.json):
// `patchbay init` writes the entry, and OpenCode itself — spawning `npx --yes patchbay-mcp@<v> mcp`, which
// npx resolves from the local verdaccio — reports the server `connected` after an MCP handshake.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managedArgv, npxInstalledVersion, readJsonc } from './helpers/hosts.js';
import { startRegistryWithPatchbay } from './helpers/registry.js';
import { explain, patchbay, requireBundle, run } from './helpers/run.js';
import { makeSandbox, type Sandbox } from './helpers/sandbox.js';
import { hostBinDir, prepareTools } from './helpers/tools.js';

const tools = await prepareTools(['opencode', 'verdaccio']);

// A hand-written project config: comments of both kinds, trailing commas, another server.
const HAND_WRITTEN = `// project config, written by hand
{
  "$schema": "https://opencode.ai/config.json",
  /* MCP servers */
  "mcp": {
    "other": {
      "type": "local",
      "command": ["node", "-e", "process.exit(0)"],
      "enabled": false, // kept disabled on purpose
    },
  },
  "theme": "system", // trailing comma next
}
`;

describe.skipIf(!tools.ok)('OpenCode (real binary)', () => {
  let registry: Awaited<ReturnType<typeof startRegistryWithPatchbay>>;
  const boxes: Sandbox[] = [];
  const ocVersion = tools.ok ? tools.specs.opencode!.version : '';

  async function box(): Promise<Sandbox> {
    const b = await makeSandbox({ registry: registry.url });
    if (tools.ok) await hostBinDir(b.binDir, { opencode: tools.bins.opencode });
    boxes.push(b);
    return b;
  }
  const opencode = (b: Sandbox, args: string[]) =>
    run(path.join(b.binDir, 'opencode'), args, { cwd: b.project, env: b.env, timeoutMs: 90_000 });

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
    const r = await opencode(b, ['--version']);
    expect(r.exitCode, explain('opencode --version', r)).toBe(0);
    expect(r.stdout.trim()).toBe(ocVersion);
  });

  it('init --yes --host opencode (dialect probed from the real binary) → `opencode mcp list` shows patchbay connected', async () => {
    const b = await box();
    const init = await patchbay(['init', '--yes', '--host', 'opencode', b.project], { cwd: b.project, env: b.env });
    expect(init.exitCode, explain('patchbay init', init)).toBe(0);

    // 1.18.33 is V1: mcp.patchbay with enabled:true, in a new root opencode.jsonc with the $schema.
    const config = await readJsonc(path.join(b.project, 'opencode.jsonc'));
    expect(config.$schema).toBe('https://opencode.ai/config.json');
    expect((config.mcp as Record<string, unknown>).patchbay).toEqual({
      type: 'local',
      command: managedArgv(registry.version),
      enabled: true,
    });

    const list = await opencode(b, ['mcp', 'list']);
    expect(list.exitCode, explain('opencode mcp list', list)).toBe(0);
    expect(list.text, explain('opencode mcp list', list)).toMatch(/✓\s+patchbay\s+connected/);
    expect(list.text).toContain(`npx --yes patchbay-mcp@${registry.version} mcp`);
    // The server OpenCode connected to came through npx from the local registry.
    expect(await npxInstalledVersion(b.npmCache)).toBe(registry.version);
  });

  for (const [ocFlag, dialect] of [
    ['1.18.33', 'V1'],
    ['2.0.0', 'V2'],
  ] as const) {
    it(`a commented JSONC config with trailing commas, edited in the ${dialect} shape (--opencode-version ${ocFlag}), is accepted by the real binary and connects`, async () => {
      const b = await box();
      const file = path.join(b.project, 'opencode.jsonc');
      await writeFile(file, HAND_WRITTEN);
      const init = await patchbay(['init', '--yes', '--host', 'opencode', '--opencode-version', ocFlag, b.project], {
        cwd: b.project,
        env: b.env,
      });
      expect(init.exitCode, explain('patchbay init', init)).toBe(0);

      const after = await readFile(file, 'utf8');
      // Every comment and the hand-written entry survive byte for byte.
      for (const line of ['// project config, written by hand', '/* MCP servers */', '"enabled": false, // kept disabled on purpose', '"theme": "system", // trailing comma next']) {
        expect(after).toContain(line);
      }
      const parsed = await readJsonc(file);
      const mcp = parsed.mcp as Record<string, Record<string, unknown>>;
      if (dialect === 'V1') {
        expect(mcp.patchbay).toEqual({ type: 'local', command: managedArgv(registry.version), enabled: true });
      } else {
        expect((mcp.servers as Record<string, unknown>).patchbay).toEqual({
          type: 'local',
          command: managedArgv(registry.version),
          disabled: false,
        });
        expect(mcp.patchbay).toBeUndefined();
      }

      // `debug config`: rc 0 means OpenCode accepted the whole file; it prints the resolved config as JSON.
      // 1.18.33 lowers the V2 shape to V1, so both dialects resolve to mcp.patchbay with enabled:true.
      const dbg = await opencode(b, ['debug', 'config']);
      expect(dbg.exitCode, explain('opencode debug config', dbg)).toBe(0);
      const resolved = JSON.parse(dbg.stdout) as { mcp: Record<string, Record<string, unknown>> };
      expect(resolved.mcp.patchbay, explain('opencode debug config', dbg)).toMatchObject({
        type: 'local',
        command: managedArgv(registry.version),
        enabled: true,
      });
      expect(resolved.mcp.other).toMatchObject({ enabled: false });

      const list = await opencode(b, ['mcp', 'list']);
      expect(list.text, explain('opencode mcp list', list)).toMatch(/✓\s+patchbay\s+connected/);
      expect(list.text).toMatch(/other\s+disabled/);
    });
  }

  it('user scope: after OpenCode wrote its own default global config, init --scope user edits it and OpenCode connects', async () => {
    const b = await box();
    // First run: OpenCode creates $XDG_CONFIG_HOME/opencode/opencode.jsonc ({"$schema": …}) itself.
    const first = await opencode(b, ['mcp', 'list']);
    expect(first.exitCode, explain('opencode mcp list (first run)', first)).toBe(0);
    const globalFile = path.join(b.env.XDG_CONFIG_HOME!, 'opencode', 'opencode.jsonc');
    const before = await readFile(globalFile, 'utf8');

    const init = await patchbay(['init', '--yes', '--scope', 'user', '--host', 'opencode', b.project], { cwd: b.project, env: b.env });
    expect(init.exitCode, explain('patchbay init --scope user', init)).toBe(0);
    const after = await readJsonc(globalFile);
    expect(after.$schema).toBe(JSON.parse(before).$schema);
    expect((after.mcp as Record<string, unknown>).patchbay).toEqual({ type: 'local', command: managedArgv(registry.version), enabled: true });

    const list = await opencode(b, ['mcp', 'list']);
    expect(list.text, explain('opencode mcp list', list)).toMatch(/✓\s+patchbay\s+connected/);
  });
});
