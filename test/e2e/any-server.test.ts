// patchbay adding THIRD-PARTY servers to the REAL OpenCode and Claude Code (issue #11, "Real hosts"):
// - a stdio server from npm: the fixture package `fixture-mcp` (test/e2e/fixtures/fixture-mcp), published
//   to the local verdaccio as 1.2.3 first; `add fixture fixture-mcp@^1.0.0` must pin exactly 1.2.3.
//   1.3.0 is published only later, so `update` has something to move to within the range;
// - a remote streamable-HTTP server on 127.0.0.1 that answers 401 unless `Authorization: Bearer <token>`,
//   added with `--header 'Authorization: Bearer ${env:FIXTURE_TOKEN}'`: each host must expand its own
//   reference syntax from its environment, and the token must never be written to a file.
// The hosts themselves connect (`opencode mcp list`, `claude mcp get/list`); the fixture logs which host
// started which version, the HTTP server logs whether the bearer matched. `remove` must give back the
// exact bytes of every file patchbay touched; everything else that changed is listed and checked to be
// the hosts' own state (or patchbay's state dir), never a config file.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_NAME, publishFixtureMcp } from './helpers/fixture-package.js';
import { npxInstalledVersionsOf, readJsonc, readStrictJson } from './helpers/hosts.js';
import { startHttpMcpServer, type HttpMcpServer } from './helpers/http-mcp-server.js';
import { startLocalRegistry, type LocalRegistry } from './helpers/registry.js';
import { explain, patchbay, requireBundle, run, type RunResult } from './helpers/run.js';
import { makeSandbox, type Sandbox } from './helpers/sandbox.js';
import { hostBinDir, prepareTools } from './helpers/tools.js';
import { diffTrees, filesContaining, hashTree, type TreeHash } from './helpers/tree-hash.js';

const tools = await prepareTools(['opencode', 'claude-code', 'verdaccio']);

// Secret-shaped on purpose, so a leak would also be the kind the redactor is meant to catch.
const TOKEN = `fxt_${randomBytes(20).toString('hex')}`;

// What the user had before patchbay: hand-written host files with a server of their own (which patchbay
// must never touch) and a commented manifest with no servers yet.
const OPENCODE_BEFORE = `// project config, written by hand
{
  "$schema": "https://opencode.ai/config.json",
  "mcp": {
    "mine": {
      "type": "local",
      "command": ["node", "-e", "process.exit(0)"],
      "enabled": false, // kept disabled on purpose
    },
  },
}
`;
const MCP_JSON_BEFORE = `{
  "mcpServers": {
    "mine": { "command": "node", "args": ["-e", "process.exit(0)"] }
  }
}
`;
// (A v3 manifest: a 0.2 one would be rewritten as v3 by the first add, so it could not come back byte-exact;
// test/cli/e2e-manifest-v3.test.ts covers that rewrite.)
const MANIFEST_BEFORE = `{
  // our team's MCP servers, pinned
  "manifestVersion": 3,
  "hosts": ["opencode", "claude-code"],
  "scope": "project",
  "servers": {}
}
`;
const PROJECT_FILES = ['opencode.jsonc', '.mcp.json', 'patchbay.jsonc'];

// State the real hosts keep for themselves under HOME (docs/real-hosts.md "Side effects"), and
// patchbay's own state dir (ownership record + transaction journal, what `rollback` needs).
const HOST_STATE = [
  /^\.claude\.json$/, // Claude Code rewrites it on every run (startups, migrations, per-project keys)
  /^\.claude\.json\.backup/,
  /^\.claude\/(backups|projects|state|statsig|telemetry|todos|shell-snapshots|sessions|debug)\//, // e.g. state/mcp-discover-verdicts.json, written on some runs only
  /^\.cache\/claude-cli-nodejs\//, // per-server MCP logs
  /^\.cache\/opencode\//,
  /^\.local\/share\/opencode\//, // opencode.db, logs
  /^\.local\/state\/opencode\//,
];
const PATCHBAY_STATE = /^\.local\/state\/patchbay\//;

// Each step runs two real hosts (OpenCode alone takes ~12 s per `mcp list` on 2 cores): more than the default 60 s room.
describe.skipIf(!tools.ok)('any server: a pinned npm server and a remote one in real OpenCode and Claude Code', { timeout: 180_000 }, () => {
  let registry: LocalRegistry;
  let remote: HttpMcpServer;
  let b: Sandbox;
  let fixtureLog: string;
  let homeBefore: TreeHash;
  let projectBefore: TreeHash;
  const touched = new Set<string>(); // every file patchbay reported creating/modifying/deleting
  const leaks: string[] = [];
  let updateMark = 0; // remote.seen index after the wrong-token control

  const pb = async (args: string[]): Promise<RunResult> => {
    const r = await patchbay(args, { cwd: b.project, env: b.env });
    for (const m of r.text.matchAll(/^✓ (?:create|modify|delete) (.+)$/gm)) touched.add(m[1]!.trim());
    return r;
  };
  const opencode = (args: string[]) => run(path.join(b.binDir, 'opencode'), args, { cwd: b.project, env: b.env, timeoutMs: 90_000 });
  const claude = (args: string[]) => run(path.join(b.binDir, 'claude'), args, { cwd: b.project, env: b.env, timeoutMs: 90_000 });
  const fixtureStarts = async () =>
    (await readFile(fixtureLog, 'utf8').catch(() => ''))
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { version: string; client: string | null });
  /** No file in the project or HOME holds the token (patchbay wrote references only). */
  const assertNoLiteralToken = async (when: string) => {
    const hits = [...(await filesContaining(b.project, TOKEN)), ...(await filesContaining(b.home, TOKEN)).map((f) => `~/${f}`)];
    leaks.push(...hits.map((h) => `${when}: ${h}`));
    expect(hits, `files holding the literal token ${when}`).toEqual([]);
  };

  beforeAll(async () => {
    requireBundle();
    // No patchbay package needed: the hosts start only the fixture. No uplinks: nothing else resolves.
    registry = await startLocalRegistry();
    await publishFixtureMcp(registry, '1.2.3');
    remote = await startHttpMcpServer({ token: TOKEN });
    b = await makeSandbox({ registry: registry.url, extra: { FIXTURE_TOKEN: TOKEN } });
    fixtureLog = path.join(b.root, 'fixture-starts.jsonl'); // outside HOME and the project: not hashed
    b.env.FIXTURE_MCP_LOG = fixtureLog;
    if (tools.ok) await hostBinDir(b.binDir, { opencode: tools.bins.opencode, 'claude-code': tools.bins['claude-code'] });

    await writeFile(path.join(b.project, 'opencode.jsonc'), OPENCODE_BEFORE);
    await writeFile(path.join(b.project, '.mcp.json'), MCP_JSON_BEFORE);
    await writeFile(path.join(b.project, 'patchbay.jsonc'), MANIFEST_BEFORE);
    // The user approves the two project servers for Claude Code ahead of time: the one offline approval
    // that works (docs/real-hosts.md "Approval matrix"). patchbay never writes this file.
    await mkdir(path.join(b.home, '.claude'), { recursive: true });
    await writeFile(path.join(b.home, '.claude', 'settings.json'), `${JSON.stringify({ enabledMcpjsonServers: ['fixture', 'remote'] }, null, 2)}\n`);
    // A first run of each host creates its own state (OpenCode's global config, ~/.claude.json), as on a
    // machine where they were already in use; the snapshot is taken after it.
    const oc = await opencode(['mcp', 'list']);
    expect(oc.exitCode, explain('opencode mcp list (first run)', oc)).toBe(0);
    const cc = await claude(['mcp', 'list']);
    expect(cc.exitCode, explain('claude mcp list (first run)', cc)).toBe(0);
    homeBefore = await hashTree(b.home);
    projectBefore = await hashTree(b.project);
  });
  afterAll(async () => {
    await remote?.close();
    await registry?.stop();
    await b?.cleanup();
  });

  it('add fixture fixture-mcp@^1.0.0 pins exactly 1.2.3 in both hosts and the manifest (range kept)', async () => {
    const add = await pb(['add', 'fixture', `${FIXTURE_NAME}@^1.0.0`, '--host', 'opencode,claude-code', '--yes']);
    expect(add.exitCode, explain('patchbay add fixture', add)).toBe(0);
    process.stderr.write(`\n=== patchbay add fixture ===\n${add.text}\n`);

    const oc = await readJsonc(path.join(b.project, 'opencode.jsonc'));
    expect((oc.mcp as Record<string, unknown>).fixture).toEqual({ type: 'local', command: ['npx', '--yes', 'fixture-mcp@1.2.3'], enabled: true });
    const cc = await readStrictJson(path.join(b.project, '.mcp.json'));
    expect((cc.mcpServers as Record<string, unknown>).fixture).toEqual({ command: 'npx', args: ['--yes', 'fixture-mcp@1.2.3'] });
    const manifest = await readJsonc(path.join(b.project, 'patchbay.jsonc'));
    expect((manifest.servers as Record<string, unknown>).fixture).toEqual({ npm: 'fixture-mcp', version: '1.2.3', range: '^1.0.0', hosts: ['opencode', 'claude-code'] });
    // The hand-written parts are still there byte for byte.
    const ocText = await readFile(path.join(b.project, 'opencode.jsonc'), 'utf8');
    expect(ocText).toContain('"enabled": false, // kept disabled on purpose');
    expect(await readFile(path.join(b.project, 'patchbay.jsonc'), 'utf8')).toContain("// our team's MCP servers, pinned");
  });

  it("add remote --url … --header 'Authorization: Bearer ${env:FIXTURE_TOKEN}' writes each host's native reference, never the token", async () => {
    const add = await pb(['add', 'remote', '--url', remote.url, '--header', 'Authorization: Bearer ${env:FIXTURE_TOKEN}', '--host', 'opencode,claude-code', '--yes']);
    expect(add.exitCode, explain('patchbay add remote', add)).toBe(0);
    process.stderr.write(`\n=== patchbay add remote ===\n${add.text}\n`);
    expect(add.text).not.toContain(TOKEN);

    const oc = await readJsonc(path.join(b.project, 'opencode.jsonc'));
    expect((oc.mcp as Record<string, unknown>).remote).toEqual({
      type: 'remote',
      url: remote.url,
      headers: { Authorization: 'Bearer {env:FIXTURE_TOKEN}' },
      enabled: true,
    });
    const cc = await readStrictJson(path.join(b.project, '.mcp.json'));
    expect((cc.mcpServers as Record<string, unknown>).remote).toEqual({
      type: 'http',
      url: remote.url,
      headers: { Authorization: 'Bearer ${FIXTURE_TOKEN}' },
    });
    // The manifest keeps the host-neutral reference.
    const manifest = await readJsonc(path.join(b.project, 'patchbay.jsonc'));
    expect((manifest.servers as Record<string, unknown>).remote).toEqual({
      url: remote.url,
      headers: { Authorization: 'Bearer ${env:FIXTURE_TOKEN}' },
      hosts: ['opencode', 'claude-code'],
    });
    await assertNoLiteralToken('after add');
  });

  it('status exits 0 (current) and list --json shows both servers managed, with the pin', async () => {
    const status = await pb(['status']);
    expect(status.exitCode, explain('patchbay status', status)).toBe(0);
    expect(status.text).toContain('Every selected host is current.');
    await expectListed('1.2.3');
  });

  it('real OpenCode: `opencode mcp list` shows fixture@1.2.3 and remote connected', async () => {
    const list = await opencode(['mcp', 'list']);
    expect(list.exitCode, explain('opencode mcp list', list)).toBe(0);
    expect(list.text, explain('opencode mcp list', list)).toMatch(/✓\s+fixture\s+connected/);
    expect(list.text, explain('opencode mcp list', list)).toMatch(/✓\s+remote\s+connected/);
    expect(list.text).toContain('npx --yes fixture-mcp@1.2.3');
    expect(list.text).toContain(remote.url);
    expect(list.text).toMatch(/✓\s+mine|mine\s+disabled/); // the user's own entry is still read, untouched
  });

  it('real Claude Code: `claude mcp get fixture|remote` and `claude mcp list` show ✔ Connected', async () => {
    const getF = await claude(['mcp', 'get', 'fixture']);
    expect(getF.exitCode, explain('claude mcp get fixture', getF)).toBe(0);
    expect(getF.text, explain('claude mcp get fixture', getF)).toMatch(/Status: ✔ Connected/);
    expect(getF.text).toContain('Args: --yes fixture-mcp@1.2.3');

    const getR = await claude(['mcp', 'get', 'remote']);
    expect(getR.exitCode, explain('claude mcp get remote', getR)).toBe(0);
    expect(getR.text, explain('claude mcp get remote', getR)).toMatch(/Status: ✔ Connected/);
    expect(getR.text).toContain('Type: http');
    expect(getR.text).toContain('Authorization: Bearer ${FIXTURE_TOKEN}'); // shown as written: a reference

    const list = await claude(['mcp', 'list']);
    expect(list.text, explain('claude mcp list', list)).toMatch(/fixture: npx --yes fixture-mcp@1\.2\.3 - ✔ Connected/);
    expect(list.text, explain('claude mcp list', list)).toContain(`remote: ${remote.url} (HTTP) - ✔ Connected`);
  });

  it('the connections were real: each host started fixture-mcp 1.2.3, and each sent the expanded bearer', async () => {
    const starts = await fixtureStarts();
    expect(starts.filter((s) => s.client === 'opencode').map((s) => s.version)).toContain('1.2.3');
    expect(starts.filter((s) => s.client === 'claude-code').map((s) => s.version)).toContain('1.2.3');
    expect(new Set(starts.map((s) => s.version))).toEqual(new Set(['1.2.3']));
    expect(await npxInstalledVersionsOf(b.npmCache, FIXTURE_NAME)).toEqual(['1.2.3']);

    // Both hosts initialized against the remote server, and every request carried the real token.
    const clients = new Set(remote.seen.filter((s) => s.rpc.includes('initialize')).map((s) => s.client));
    expect(clients, JSON.stringify(remote.seen)).toEqual(new Set(['opencode', 'claude-code']));
    expect(remote.seen.filter((s) => s.auth !== 'match'), JSON.stringify(remote.seen)).toEqual([]);
  });

  it('control: with a wrong FIXTURE_TOKEN in their environment, neither host connects to the remote server (it does check)', async () => {
    const mark = remote.seen.length;
    const wrong = { ...b.env, FIXTURE_TOKEN: 'not-the-token' };
    const ocList = await run(path.join(b.binDir, 'opencode'), ['mcp', 'list'], { cwd: b.project, env: wrong, timeoutMs: 90_000 });
    expect(ocList.text, explain('opencode mcp list (wrong token)', ocList)).toMatch(/remote\s+needs authentication/);
    const getR = await run(path.join(b.binDir, 'claude'), ['mcp', 'get', 'remote'], { cwd: b.project, env: wrong, timeoutMs: 90_000 });
    expect(getR.text, explain('claude mcp get remote (wrong token)', getR)).toMatch(/Status: ✘ Failed to connect/);
    expect(getR.text).toContain('HTTP 401');
    const sent = remote.seen.slice(mark).filter((s) => s.rpc.includes('initialize'));
    expect(new Set(sent.map((s) => s.client)), JSON.stringify(remote.seen.slice(mark))).toEqual(new Set());
    expect(remote.seen.slice(mark).some((s) => s.auth === 'mismatch'), JSON.stringify(remote.seen.slice(mark))).toBe(true);
    process.stderr.write(`\n=== wrong token: opencode ===\n${ocList.text}\n=== wrong token: claude ===\n${getR.text}\n`);
    updateMark = remote.seen.length;
  });

  it('update fixture → re-pins 1.2.3 → 1.3.0 everywhere in one transaction; hosts connect to 1.3.0', async () => {
    await publishFixtureMcp(registry, '1.3.0');
    const update = await pb(['update', 'fixture', '--yes']);
    expect(update.exitCode, explain('patchbay update fixture', update)).toBe(0);
    process.stderr.write(`\n=== patchbay update fixture ===\n${update.text}\n`);
    expect(update.text).toMatch(/1\.2\.3\s*(->|→)\s*1\.3\.0/);
    expect(update.text.match(/^Done: transaction /gm), explain('one transaction', update)).toHaveLength(1);

    const oc = await readJsonc(path.join(b.project, 'opencode.jsonc'));
    expect((oc.mcp as Record<string, unknown>).fixture).toEqual({ type: 'local', command: ['npx', '--yes', 'fixture-mcp@1.3.0'], enabled: true });
    const cc = await readStrictJson(path.join(b.project, '.mcp.json'));
    expect((cc.mcpServers as Record<string, unknown>).fixture).toEqual({ command: 'npx', args: ['--yes', 'fixture-mcp@1.3.0'] });
    const manifest = await readJsonc(path.join(b.project, 'patchbay.jsonc'));
    expect((manifest.servers as Record<string, unknown>).fixture).toEqual({ npm: 'fixture-mcp', version: '1.3.0', range: '^1.0.0', hosts: ['opencode', 'claude-code'] });

    const status = await pb(['status']);
    expect(status.exitCode, explain('patchbay status (after update)', status)).toBe(0);
    await expectListed('1.3.0');

    const ocList = await opencode(['mcp', 'list']);
    expect(ocList.text, explain('opencode mcp list', ocList)).toMatch(/✓\s+fixture\s+connected/);
    expect(ocList.text, explain('opencode mcp list', ocList)).toMatch(/✓\s+remote\s+connected/);
    expect(ocList.text).toContain('npx --yes fixture-mcp@1.3.0');
    const getF = await claude(['mcp', 'get', 'fixture']);
    expect(getF.text, explain('claude mcp get fixture', getF)).toMatch(/Status: ✔ Connected/);
    expect(getF.text).toContain('Args: --yes fixture-mcp@1.3.0');
    const getR = await claude(['mcp', 'get', 'remote']);
    expect(getR.text, explain('claude mcp get remote', getR)).toMatch(/Status: ✔ Connected/);

    // The server each host started after the update reports 1.3.0.
    const starts = await fixtureStarts();
    const last = (client: string) => starts.filter((s) => s.client === client).at(-1)?.version;
    expect(last('opencode')).toBe('1.3.0');
    expect(last('claude-code')).toBe('1.3.0');
    expect(await npxInstalledVersionsOf(b.npmCache, FIXTURE_NAME)).toEqual(['1.2.3', '1.3.0']);
    const sinceControl = remote.seen.slice(updateMark);
    expect(new Set(sinceControl.filter((s) => s.rpc.includes('initialize')).map((s) => s.client))).toEqual(new Set(['opencode', 'claude-code']));
    expect(sinceControl.filter((s) => s.auth !== 'match'), JSON.stringify(sinceControl)).toEqual([]);

    // And its `version` tool says so, through the exact argv Claude Code's entry holds.
    const argv = (cc.mcpServers as Record<string, { command: string; args: string[] }>).fixture!;
    const call = await run(argv.command, argv.args, { cwd: b.project, env: b.env, timeoutMs: 60_000, input: rpcScript() });
    expect(call.exitCode, explain('fixture tools/call version', call)).toBe(0);
    const reply = call.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { id: number; result?: { content: { text: string }[]; serverInfo?: { version: string } } });
    expect(reply.find((m) => m.id === 1)?.result?.serverInfo?.version).toBe('1.3.0');
    expect(reply.find((m) => m.id === 2)?.result?.content[0]?.text).toBe('1.3.0');
    await assertNoLiteralToken('after update');
  });

  it('remove fixture, remove remote → every file patchbay touched is back to its exact prior bytes', async () => {
    for (const name of ['fixture', 'remote']) {
      const rm = await pb(['remove', name, '--yes']);
      expect(rm.exitCode, explain(`patchbay remove ${name}`, rm)).toBe(0);
      process.stderr.write(`\n=== patchbay remove ${name} ===\n${rm.text}\n`);
    }
    const projectAfter = await hashTree(b.project);
    const homeAfter = await hashTree(b.home);
    const projectDiff = diffTrees(projectBefore, projectAfter);
    const homeDiff = diffTrees(homeBefore, homeAfter);

    // The project tree (host files + manifest) is byte-identical: nothing added, removed or changed.
    expect(projectDiff, 'project tree after add/update/remove').toEqual({ added: [], removed: [], changed: [] });
    for (const f of PROJECT_FILES) expect(projectAfter.get(f), f).toBe(projectBefore.get(f));
    expect(await readFile(path.join(b.project, 'opencode.jsonc'), 'utf8')).toBe(OPENCODE_BEFORE);
    expect(await readFile(path.join(b.project, '.mcp.json'), 'utf8')).toBe(MCP_JSON_BEFORE);
    expect(await readFile(path.join(b.project, 'patchbay.jsonc'), 'utf8')).toBe(MANIFEST_BEFORE);

    // patchbay touched exactly the three project files and its own state file, nothing else.
    expect([...touched].sort()).toEqual(['.mcp.json', 'opencode.jsonc', 'patchbay.jsonc', '~/.local/state/patchbay/managed.json']);

    // Everything else that changed under HOME belongs to the hosts' own state or patchbay's state dir,
    // never to a config file (OpenCode's global opencode.jsonc, ~/.claude/settings.json are unchanged).
    const changedHome = [...homeDiff.added, ...homeDiff.removed, ...homeDiff.changed];
    const unexplained = changedHome.filter((f) => !PATCHBAY_STATE.test(f) && !HOST_STATE.some((re) => re.test(f)));
    expect(unexplained, `unexplained HOME changes:\n${JSON.stringify(homeDiff, null, 2)}`).toEqual([]);
    expect(homeAfter.get('.config/opencode/opencode.jsonc')).toBe(homeBefore.get('.config/opencode/opencode.jsonc'));
    expect(homeAfter.get('.claude/settings.json')).toBe(homeBefore.get('.claude/settings.json'));
    process.stderr.write(
      `\n=== HOME changes between the snapshot before add and after remove (hosts' state + patchbay state) ===\n` +
        `${JSON.stringify(homeDiff, null, 2)}\n`,
    );

    // Nothing of ours is left for the hosts to see.
    const ocList = await opencode(['mcp', 'list']);
    expect(ocList.text, explain('opencode mcp list', ocList)).not.toMatch(/fixture|remote/);
    const status = await pb(['status']);
    expect(status.exitCode, explain('patchbay status (after remove)', status)).toBe(0);
    await assertNoLiteralToken('after remove');
    expect(leaks).toEqual([]);
  });

  /** `list --json`: fixture (with the pin in its argv) and remote, managed, in both hosts' files. */
  async function expectListed(pin: string) {
    const list = await pb(['list', '--json']);
    expect(list.exitCode, explain('patchbay list --json', list)).toBe(0);
    const doc = JSON.parse(list.stdout) as { servers: { host: string; name: string; managed: boolean; args?: string[]; url?: string }[] };
    for (const host of ['opencode', 'claude-code']) {
      const fixture = doc.servers.find((s) => s.host === host && s.name === 'fixture');
      expect(fixture, `${host} fixture in ${list.stdout}`).toMatchObject({ managed: true });
      expect(fixture!.args).toContain(`fixture-mcp@${pin}`);
      expect(doc.servers.find((s) => s.host === host && s.name === 'remote'), `${host} remote`).toMatchObject({ managed: true, url: remote.url });
      // The user's hand-added server is listed too, and not claimed.
      expect(doc.servers.find((s) => s.host === host && s.name === 'mine'), `${host} mine`).toMatchObject({ managed: false });
    }
  }
});

/** initialize + initialized + tools/call version, one JSON-RPC message a line, then EOF (stdio close). */
function rpcScript(): string {
  return [
    { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'any-server.test', version: '1' } } },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'version', arguments: {} } },
  ]
    .map((m) => `${JSON.stringify(m)}\n`)
    .join('');
}
