// Install BY NAME from an MCP registry into the REAL OpenCode and Claude Code (issue 22, "Real hosts"):
// a local MCP registry (test/helpers/local-registry.ts, the registry API over real HTTP) serves a
// server.json whose npm package is the fixture server (test/e2e/fixtures/fixture-mcp) published to the
// local verdaccio. `patchbay add io.github.patchbay-e2e/fixture --as fixture` must render it as the
// registry says (pinned exactly, a package argument, a required env var given with --env, a secret as a
// reference each host expands), and the real hosts must start it: `opencode mcp list` and `claude mcp
// list` say connected, and the fixture logs which host started which version. Then, with the MCP
// registry gone, a teammate's `sync` (host files absent, only patchbay.jsonc) writes the same bytes.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRegistry, type LocalRegistry as McpRegistry } from '../helpers/local-registry.js';
import { FIXTURE_NAME, publishFixtureMcp } from './helpers/fixture-package.js';
import { readJsonc, readStrictJson } from './helpers/hosts.js';
import { startLocalRegistry, type LocalRegistry } from './helpers/registry.js';
import { explain, patchbay, requireBundle, run } from './helpers/run.js';
import { makeSandbox, type Sandbox } from './helpers/sandbox.js';
import { hostBinDir, prepareTools } from './helpers/tools.js';

const tools = await prepareTools(['opencode', 'claude-code', 'verdaccio']);

const NAME = 'io.github.patchbay-e2e/fixture';
/** The entry as its author would publish it: one stdio npm package, its inputs described. */
const SERVER_JSON = {
  $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
  name: NAME,
  description: 'The e2e fixture server',
  version: '1.2.3',
  packages: [{
    registryType: 'npm',
    identifier: FIXTURE_NAME,
    version: '1.2.3',
    transport: { type: 'stdio' },
    packageArguments: [{ type: 'named', name: '--greeting', value: '{greeting}', variables: { greeting: { default: 'hello', isRequired: true } } }],
    environmentVariables: [
      { name: 'FIXTURE_MCP_LOG', description: 'where the fixture logs its starts', isRequired: true },
      { name: 'FIXTURE_TOKEN', description: 'an API key', isRequired: true, isSecret: true },
    ],
  }],
};

describe.skipIf(!tools.ok)('registry install: a server by name in real OpenCode and Claude Code', { timeout: 180_000 }, () => {
  let npm: LocalRegistry;
  let mcp: McpRegistry | undefined;
  let b: Sandbox;
  let log: string;
  const written: Record<string, string> = {};
  const opencode = (args: string[]) => run(path.join(b.binDir, 'opencode'), args, { cwd: b.project, env: b.env, timeoutMs: 90_000 });
  const claude = (args: string[]) => run(path.join(b.binDir, 'claude'), args, { cwd: b.project, env: b.env, timeoutMs: 90_000 });
  const pb = (args: string[]) => patchbay(args, { cwd: b.project, env: b.env });

  beforeAll(async () => {
    requireBundle();
    npm = await startLocalRegistry();
    await publishFixtureMcp(npm, '1.2.3');
    mcp = await startRegistry([{ server: SERVER_JSON }]);
    b = await makeSandbox({ registry: npm.url, extra: { PATCHBAY_REGISTRY: mcp.url, FIXTURE_TOKEN: 'fxt-not-a-real-token' } });
    // Outside the project and HOME; given to the entry as a reference (a temp path's random segment
    // would look like a secret to the literal-secret check, rightly cautious for a committed file).
    log = path.join(b.root, 'fixture-starts.jsonl');
    b.env.FIXTURE_MCP_LOG = log;
    if (tools.ok) await hostBinDir(b.binDir, { opencode: tools.bins.opencode, 'claude-code': tools.bins['claude-code'] });
    // The user approves the project server for Claude Code (the one offline approval that works).
    await mkdir(path.join(b.home, '.claude'), { recursive: true });
    await writeFile(path.join(b.home, '.claude', 'settings.json'), `${JSON.stringify({ enabledMcpjsonServers: ['fixture'] }, null, 2)}\n`);
  });
  afterAll(async () => {
    await mcp?.close();
    await npm?.stop();
    await b?.cleanup();
  });

  it('add <registry-name> --as fixture renders the entry exactly, the secret as each host\'s reference', async () => {
    const add = await pb(['add', NAME, '--as', 'fixture', '--env', 'FIXTURE_MCP_LOG=${env:FIXTURE_MCP_LOG}', '--host', 'opencode,claude-code', '--yes']);
    expect(add.exitCode, explain('patchbay add <registry-name>', add)).toBe(0);
    expect(mcp?.requests).toContain(`GET /v0.1/servers/${encodeURIComponent(NAME)}/versions/latest`);
    const args = ['--yes', 'fixture-mcp@1.2.3', '--greeting', 'hello'];
    const cc = await readStrictJson(path.join(b.project, '.mcp.json'));
    expect((cc.mcpServers as Record<string, unknown>).fixture).toEqual({ command: 'npx', args, env: { FIXTURE_MCP_LOG: '${FIXTURE_MCP_LOG}', FIXTURE_TOKEN: '${FIXTURE_TOKEN}' } });
    const oc = await readJsonc(path.join(b.project, 'opencode.jsonc'));
    expect((oc.mcp as Record<string, unknown>).fixture).toEqual({ type: 'local', command: ['npx', ...args], environment: { FIXTURE_MCP_LOG: '{env:FIXTURE_MCP_LOG}', FIXTURE_TOKEN: '{env:FIXTURE_TOKEN}' }, enabled: true });
    const manifest = await readJsonc(path.join(b.project, 'patchbay.jsonc'));
    expect((manifest.servers as Record<string, Record<string, unknown>>).fixture).toMatchObject({
      npm: FIXTURE_NAME, version: '1.2.3', hosts: ['opencode', 'claude-code'], registry: { name: NAME, version: '1.2.3', via: 'npm' },
    });
    for (const f of ['.mcp.json', 'opencode.jsonc', 'patchbay.jsonc']) written[f] = await readFile(path.join(b.project, f), 'utf8');
    expect(Object.values(written).join('\n')).not.toContain('fxt-not-a-real-token');
    const status = await pb(['status']);
    expect(status.exitCode, explain('patchbay status', status)).toBe(0);
  });

  it('real OpenCode and Claude Code connect to it, and each started fixture-mcp 1.2.3', async () => {
    const ocList = await opencode(['mcp', 'list']);
    expect(ocList.text, explain('opencode mcp list', ocList)).toMatch(/✓\s+fixture\s+connected/);
    const ccList = await claude(['mcp', 'list']);
    expect(ccList.text, explain('claude mcp list', ccList)).toMatch(/fixture: npx --yes fixture-mcp@1\.2\.3 --greeting hello - ✔ Connected/);
    const starts = (await readFile(log, 'utf8')).split('\n').filter(Boolean).map((l) => JSON.parse(l) as { version: string; client: string | null });
    expect(new Set(starts.map((s) => s.client))).toEqual(new Set(['opencode', 'claude-code']));
    expect(new Set(starts.map((s) => s.version))).toEqual(new Set(['1.2.3']));
  });

  it('with the MCP registry gone, sync from patchbay.jsonc alone writes the same bytes', async () => {
    await mcp?.close();
    mcp = undefined;
    await rm(path.join(b.project, '.mcp.json'));
    await rm(path.join(b.project, 'opencode.jsonc'));
    const sync = await pb(['sync', '--yes']);
    expect(sync.exitCode, explain('patchbay sync (registry gone)', sync)).toBe(0);
    for (const f of ['.mcp.json', 'opencode.jsonc', 'patchbay.jsonc']) expect(await readFile(path.join(b.project, f), 'utf8'), f).toBe(written[f]);
    const status = await pb(['status']);
    expect(status.exitCode, explain('patchbay status after sync', status)).toBe(0);
  });
});
