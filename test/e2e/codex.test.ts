// patchbay against the REAL Codex CLI (@openai/codex, pinned in scripts/e2e/versions.json): `patchbay
// init --host codex --scope user` writes ~/.codex/config.toml next to the user's own (commented)
// settings, and Codex's app-server `mcpServerStatus/list` — Codex spawning `npx --yes
// patchbay-mcp@<v> mcp` from the local verdaccio — reports the server with its tools.
//
// Codex starts servers with a fixed environment (HOME, PATH, …), not the parent's, so npx inside it
// would not see the sandbox's npm_config_registry. The self entry gets it through the internal
// PATCHBAY_SELF_ENV (src/installers/self-env.ts), rendered by the normal env path: a literal value
// becomes `[mcp_servers.patchbay.env]`, a same-name `${env:…}` reference becomes `env_vars = […]`.
// Both are run, so both Codex renderings are proven against the real host.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getStaticTOMLValue, parseTOML } from 'toml-eslint-parser';
import { npxInstalledVersion } from './helpers/hosts.js';
import { startRegistryWithPatchbay } from './helpers/registry.js';
import { explain, patchbay, requireBundle, run } from './helpers/run.js';
import { makeSandbox, type Sandbox } from './helpers/sandbox.js';
import { hostBinDir, prepareTools } from './helpers/tools.js';
import { codexServerStatus } from './helpers/codex.js';

const tools = await prepareTools(['codex', 'verdaccio']);

// The user's own config: comments, a model setting, another server and a trusted project.
const USER_CONFIG = `# my codex config
model = "gpt-5" # trailing comment

[mcp_servers.other]
# kept disabled on purpose
command = "node"
args = ["-e", "process.exit(0)"]
enabled = false

[projects."/tmp/somewhere"]
trust_level = "trusted"
`;

/** The `resolved` URL of patchbay-mcp in npx's lockfiles under an npm cache. */
async function npxResolvedFrom(npmCache: string): Promise<string> {
  const root = path.join(npmCache, '_npx');
  for (const dir of await readdir(root).catch(() => [] as string[])) {
    const lock = await readFile(path.join(root, dir, 'package-lock.json'), 'utf8').catch(() => '');
    const resolved = (JSON.parse(lock || '{}') as { packages?: Record<string, { resolved?: string }> }).packages?.['node_modules/patchbay-mcp']?.resolved;
    if (resolved) return resolved;
  }
  return '';
}

const readToml = async (file: string) => getStaticTOMLValue(parseTOML(await readFile(file, 'utf8'))) as Record<string, unknown>;

describe.skipIf(!tools.ok)('Codex (real binary)', () => {
  let registry: Awaited<ReturnType<typeof startRegistryWithPatchbay>>;
  const boxes: Sandbox[] = [];
  const cxVersion = tools.ok ? tools.specs.codex!.version : '';

  async function box(selfEnv: Record<string, string>): Promise<Sandbox> {
    const b = await makeSandbox({ registry: registry.url, extra: { PATCHBAY_SELF_ENV: JSON.stringify(selfEnv) } });
    if (tools.ok) await hostBinDir(b.binDir, { codex: tools.bins.codex });
    boxes.push(b);
    return b;
  }
  const codex = (b: Sandbox, args: string[]) => run(path.join(b.binDir, 'codex'), args, { cwd: b.project, env: b.env, timeoutMs: 60_000 });

  beforeAll(async () => {
    requireBundle();
    registry = await startRegistryWithPatchbay();
  });
  afterAll(async () => {
    await registry?.stop();
    await Promise.all(boxes.map((b) => b.cleanup()));
  });

  it('the pinned binary runs offline', async () => {
    const b = await box({});
    const r = await codex(b, ['--version']);
    expect(r.exitCode, explain('codex --version', r)).toBe(0);
    expect(r.stdout.trim()).toBe(`codex-cli ${cxVersion}`);
  });

  for (const [label, selfEnv, expectEntry] of [
    ['a literal [mcp_servers.patchbay.env] table', (url: string) => ({ npm_config_registry: url }), (url: string) => ({ env: { npm_config_registry: url } })],
    ['env_vars forwarding ${env:npm_config_registry}', () => ({ npm_config_registry: '${env:npm_config_registry}' }), () => ({ env_vars: ['npm_config_registry'] })],
  ] as const) {
    it(`init --yes --host codex --scope user (${label}) → mcpServerStatus/list reports patchbay with its tools; status current; uninstall restores the bytes`, async () => {
      const b = await box(selfEnv(registry.url));
      const file = path.join(b.home, '.codex', 'config.toml');
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, USER_CONFIG);

      const init = await patchbay(['init', '--yes', '--host', 'codex', '--scope', 'user', b.project], { cwd: b.project, env: b.env });
      expect(init.exitCode, explain('patchbay init', init)).toBe(0);
      const text = await readFile(file, 'utf8');
      // Every byte and comment of the user's kept; our tables go right after the last [mcp_servers.*] one.
      const cut = USER_CONFIG.indexOf('[projects.');
      expect(text.startsWith(USER_CONFIG.slice(0, cut)), text).toBe(true);
      expect(text.endsWith(`\n\n${USER_CONFIG.slice(cut)}`), text).toBe(true);
      const config = await readToml(file);
      expect((config.mcp_servers as Record<string, unknown>).patchbay).toEqual({
        command: 'npx',
        args: ['--yes', `patchbay-mcp@${registry.version}`, 'mcp'],
        ...expectEntry(registry.url),
      });

      // Codex itself: the config parses (`mcp list --json` exits 0 and lists both) …
      const list = await codex(b, ['mcp', 'list', '--json']);
      expect(list.exitCode, explain('codex mcp list --json', list)).toBe(0);
      expect((JSON.parse(list.stdout) as { name: string }[]).map((s) => s.name).sort()).toEqual(['other', 'patchbay']);

      // … and the app-server starts patchbay's server and lists its tools.
      const status = await codexServerStatus(path.join(b.binDir, 'codex'), 'patchbay', { cwd: b.project, env: b.env, timeoutMs: 90_000 });
      const tools = Object.keys(status.server?.tools ?? {});
      expect(status.server?.toolsError ?? null, status.transcript).toBeNull();
      expect(tools, status.transcript).toEqual(expect.arrayContaining(['list_hosts', 'list_servers', 'check', 'plan']));
      expect(status.server?.serverInfo?.version, status.transcript).toBe(registry.version);
      // Codex forwards HOME but not npm_config_cache: npx used ~/.npm, and resolved from the local registry.
      const npmDir = path.join(b.home, '.npm');
      expect(await npxInstalledVersion(npmDir)).toBe(registry.version);
      expect(await npxResolvedFrom(npmDir), 'the patchbay-mcp tarball npx installed').toContain(new URL(registry.url).host);

      const st = await patchbay(['status', '--host', 'codex', '--scope', 'user', '--json', b.project], { cwd: b.project, env: b.env });
      expect(st.exitCode, explain('patchbay status', st)).toBe(0);
      expect(st.stdout).toContain('"current"');

      const un = await patchbay(['uninstall', '--yes', '--host', 'codex', '--scope', 'user', b.project], { cwd: b.project, env: b.env });
      expect(un.exitCode, explain('patchbay uninstall', un)).toBe(0);
      expect(await readFile(file, 'utf8')).toBe(USER_CONFIG);
    });
  }
});
