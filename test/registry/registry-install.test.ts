// Install by name from an MCP registry (issue 22), end to end: the real CLI against a local HTTP
// registry (test/helpers/local-registry.ts) serving every committed server.json of the corpus
// (fixtures/corpus/server-json/, release placeholders filled in as a registry would hold them).
// Each is installed into Claude Code, VS Code and Codex exactly per SPEC, or refused with nothing
// written; status is 0 after; with the registry gone, sync rebuilds the host files byte for byte.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, REPO_ROOT, type RunResult, type Sandbox } from '../helpers/cli-sandbox.js';
import { filledTemplate, startRegistry, type LocalRegistry, type Served } from '../helpers/local-registry.js';
import { snapshotTree } from '../helpers/tree.js';

const CORPUS = path.join(REPO_ROOT, 'fixtures', 'corpus', 'server-json');
const HOST_FILES = ['.mcp.json', '.vscode/mcp.json', '.codex/config.toml'];

let registry: LocalRegistry;
let corpus: Array<{ file: string; server: Record<string, unknown> }>;
let sb: Sandbox;

beforeAll(async () => {
  const files = (await readdir(CORPUS)).filter((f) => f.endsWith('.json')).sort();
  corpus = await Promise.all(files.map(async (file) => ({ file, server: JSON.parse(filledTemplate(await readFile(path.join(CORPUS, file), 'utf8'))) as Record<string, unknown> })));
  const versions: Served[] = [
    { server: { name: 'io.example/versioned', version: '1.0.0', packages: [{ registryType: 'npm', identifier: 'versioned-mcp', version: '1.0.0' }] } },
    { server: { name: 'io.example/versioned', version: '1.1.0', packages: [{ registryType: 'npm', identifier: 'versioned-mcp', version: '1.1.0' }] } },
    { server: { name: 'io.example/gone', version: '1.0.0', packages: [{ registryType: 'npm', identifier: 'gone-mcp', version: '1.0.0' }] }, status: 'deleted' },
    { server: { name: 'io.example/old', version: '2.0.0', packages: [{ registryType: 'npm', identifier: 'old-mcp', version: '2.0.0' }] }, status: 'deprecated' },
    { server: { name: 'io.example/hostile', version: '1.0.0', packages: [{ registryType: 'npm', identifier: 'ok', version: '1.0.0', packageArguments: [{ type: 'positional', value: 'a\r\nb' }] }] } },
    { server: { name: 'io.example/js-url', version: '1.0.0', remotes: [{ type: 'streamable-http', url: 'javascript:alert(1)' }] } },
  ];
  registry = await startRegistry([...corpus.map((c) => ({ server: c.server })), ...versions]);
});
afterAll(async () => {
  await registry.close();
});
beforeEach(async () => {
  sb = await createSandbox();
});
afterEach(async () => {
  await sb.cleanup();
});

const everything = async () => ({ ...(await sb.snapshot()), ...(await snapshotTree(sb.stateDir, { prefix: 'state/' })) });
const reg = () => ['--registry', registry.url, '--registry-timeout', '5000'];
const HOSTS = ['--host', 'claude-code,vscode,codex'];

/** Values for whatever an entry says it needs (input-required's error.inputs), as a user would pass them. */
function valuesFor(inputs: Array<{ kind: string; name: string; secret: boolean }>): string[] {
  return inputs.flatMap((i) => {
    if (i.kind === 'env') return ['--env', i.secret ? i.name : `${i.name}=value-${i.name.toLowerCase()}`];
    if (i.kind === 'header') return ['--header', i.secret ? `${i.name}: \${env:HEADER_SECRET}` : `${i.name}: value`];
    return ['--var', `${i.name}=${i.secret ? '${env:VAR_SECRET}' : 'value'}`];
  });
}

async function addFromRegistry(name: string, extra: string[] = []): Promise<RunResult> {
  const first = await sb.run(['add', name, ...HOSTS, '--yes', '--json', ...reg(), ...extra]);
  if (first.code !== 2) return first;
  const doc = JSON.parse(first.stdout) as { error: { code: string; inputs?: Array<{ kind: string; name: string; secret: boolean }> } };
  if (doc.error.code !== 'input-required') return first;
  expect(doc.error.inputs?.length).toBeGreaterThan(0);
  return sb.run(['add', name, ...HOSTS, '--yes', '--json', ...reg(), ...extra, ...valuesFor(doc.error.inputs ?? [])]);
}

describe('every corpus server.json, from the registry', () => {
  it('installs per SPEC or is refused rightly; status 0; offline sync byte-identical', async () => {
    const outcomes: string[] = [];
    for (const { file, server } of corpus) {
      const fresh = await createSandbox();
      const saved = sb;
      sb = fresh;
      try {
        const name = String(server.name);
        const before = await everything();
        const r = await addFromRegistry(name);
        if (r.code !== 0) {
          const doc = JSON.parse(r.stdout) as { error: { code: string } };
          outcomes.push(`${file}: ${doc.error.code}`);
          expect(['nothing-runnable', 'registry-malformed', 'registry-template', 'invalid-server'], `${file}: ${r.stdout}`).toContain(doc.error.code);
          expect(r.code, file).toBe(3);
          expect(await everything(), `${file} wrote on a refusal`).toEqual(before);
          continue;
        }
        outcomes.push(`${file}: installed`);
        const status = await sb.run(['status']);
        expect(status.code, `${file}: ${status.stdout}${status.stderr}`).toBe(0);
        const manifest = await readFile(path.join(sb.project, 'patchbay.jsonc'), 'utf8');
        expect(manifest, file).toContain(`"name": "${name}"`);
        // Offline: the registry is not asked again. Host files deleted, sync rebuilds them exactly.
        const written = Object.fromEntries(await Promise.all(HOST_FILES.map(async (f) => [f, await readFile(path.join(sb.project, f), 'utf8').catch(() => null)])));
        for (const f of HOST_FILES) await rm(path.join(sb.project, f), { force: true });
        const asked = registry.requests.length;
        const sync = await sb.run(['sync', '--yes']);
        expect(sync.code, `${file}: ${sync.stderr}`).toBe(0);
        expect(registry.requests.length, `${file}: sync asked the registry`).toBe(asked);
        for (const f of HOST_FILES) expect(await readFile(path.join(sb.project, f), 'utf8').catch(() => null), `${file} ${f}`).toBe(written[f]);
      } finally {
        await fresh.cleanup();
        sb = saved;
      }
    }
    // Both outcomes occur across the corpus: the test checks something either way.
    expect(outcomes.filter((o) => o.endsWith('installed')).length).toBeGreaterThan(25);
    expect(outcomes).toContain('061-0xChron-polymarket-mcp.json: nothing-runnable');
  }, 600_000);
});

describe('exact renderings (SPEC "Registry")', () => {
  it('npm: npx --yes id@version, a required secret env var as a reference in each host syntax', async () => {
    const r = await addFromRegistry('io.github.browserbase/mcp-server-browserbase');
    expect(r.code, r.stdout).toBe(0);
    const claude = JSON.parse(await readFile(path.join(sb.project, '.mcp.json'), 'utf8')) as { mcpServers: Record<string, { command: string; args: string[]; env: Record<string, string> }> };
    const entry = claude.mcpServers['mcp-server-browserbase'];
    expect(entry?.command).toBe('npx');
    expect(entry?.args).toEqual(['--yes', '@browserbasehq/mcp@2.2.0']);
    expect(entry?.env.BROWSERBASE_API_KEY).toBe('${BROWSERBASE_API_KEY}');
    expect(entry?.env.GEMINI_API_KEY).toBe('${GEMINI_API_KEY}');
    const vscode = await readFile(path.join(sb.project, '.vscode', 'mcp.json'), 'utf8');
    expect(vscode).toContain('"BROWSERBASE_API_KEY": "${env:BROWSERBASE_API_KEY}"');
    // list and status say where it came from.
    const list = await sb.run(['list', '--json']);
    const rows = (JSON.parse(list.stdout) as { servers: Array<{ name: string; host: string; registry?: string }> }).servers.filter((row) => row.name === 'mcp-server-browserbase');
    expect(rows.map((row) => [row.host, row.registry]).filter(([h]) => h === 'claude-code')).toEqual([['claude-code', 'io.github.browserbase/mcp-server-browserbase@2.2.0']]);
    expect((await sb.run(['list'])).stdout).toContain('from registry io.github.browserbase/mcp-server-browserbase@2.2.0');
    expect((await sb.run(['status'])).stdout).toContain('server mcp-server-browserbase (io.github.browserbase/mcp-server-browserbase@2.2.0: @browserbasehq/mcp@2.2.0)');
  });
  it('pypi: uvx id==version with named and positional package arguments in order', async () => {
    const r = await addFromRegistry('io.github.oraios/serena');
    expect(r.code, r.stdout).toBe(0);
    const entry = (JSON.parse(await readFile(path.join(sb.project, '.mcp.json'), 'utf8')) as { mcpServers: Record<string, { command: string; args: string[] }> }).mcpServers.serena;
    expect(entry?.command).toBe('uvx');
    const source = corpus.find((c) => c.server.name === 'io.github.oraios/serena')?.server as { packages: Array<{ identifier: string; version: string; runtimeArguments?: unknown[] }> };
    const pin = `${source.packages[0]?.identifier}==${source.packages[0]?.version}`;
    // uvx [runtimeArguments] id==version [packageArguments]: the pin after uvx's own arguments.
    expect(entry?.args).toContain(pin);
    expect(entry?.args.indexOf(pin)).toBeGreaterThan(0);
  });
  it('oci: docker run -i --rm with -e for every env var it sets, tagged with the package version', async () => {
    const r = await addFromRegistry('io.github.hashicorp/terraform-mcp-server');
    expect(r.code, r.stdout).toBe(0);
    const entry = (JSON.parse(await readFile(path.join(sb.project, '.mcp.json'), 'utf8')) as { mcpServers: Record<string, { command: string; args: string[] }> }).mcpServers['terraform-mcp-server'];
    expect(entry?.command).toBe('docker');
    expect(entry?.args.slice(0, 3)).toEqual(['run', '-i', '--rm']);
    expect(entry?.args.some((a) => /^(docker\.io\/)?hashicorp\/terraform-mcp-server:/.test(a))).toBe(true);
  });
  it('nuget: dnx id@version --yes; an entry whose env vars are not objects is refused at its pointer', async () => {
    const r = await addFromRegistry('io.github.domdomegg/time-mcp-nuget');
    expect(r.code, r.stdout).toBe(0);
    const entry = (JSON.parse(await readFile(path.join(sb.project, '.mcp.json'), 'utf8')) as { mcpServers: Record<string, { command: string; args: string[] }> }).mcpServers['time-mcp-nuget'];
    expect(entry?.command).toBe('dnx');
    expect(entry?.args).toEqual(['TimeMcpServer@1.0.0', '--yes']);
    const bad = await sb.run(['add', 'io.github.toastyice/JellyfinMCP', ...HOSTS, '--yes', '--json', ...reg()]);
    expect(bad.code).toBe(3);
    expect((JSON.parse(bad.stdout) as { error: { code: string; pointer: string } }).error).toMatchObject({ code: 'registry-malformed', pointer: '/packages/0/environmentVariables/0' });
  });
  it('remote: --remote writes the http entry with its headers; a secret header is a reference', async () => {
    const r = await addFromRegistry('io.github.upstash/context7', ['--remote']);
    expect(r.code, r.stdout).toBe(0);
    const entry = (JSON.parse(await readFile(path.join(sb.project, '.mcp.json'), 'utf8')) as { mcpServers: Record<string, { type: string; url: string; headers?: Record<string, string> }> }).mcpServers.context7;
    expect(entry?.url).toMatch(/^https:\/\//);
    for (const value of Object.values(entry?.headers ?? {})) expect(value).not.toMatch(/^value$|sk-|ctx7sk/);
  });
  it('input-required without a terminal: exit 2 and error.inputs, nothing written', async () => {
    const before = await everything();
    const r = await sb.run(['add', 'io.github.browserbase/mcp-server-browserbase', ...HOSTS, '--yes', '--json', ...reg()]);
    expect(r.code).toBe(2);
    const doc = JSON.parse(r.stdout) as { error: { code: string; inputs: Array<{ kind: string; name: string; secret: boolean }> } };
    expect(doc.error.code).toBe('input-required');
    expect(doc.error.inputs).toContainEqual(expect.objectContaining({ kind: 'env', name: 'BROWSERBASE_PROJECT_ID', secret: false }));
    expect(doc.error.inputs.find((i) => i.name === 'BROWSERBASE_API_KEY')).toBeUndefined();
    expect(await everything()).toEqual(before);
  });
});

describe('versions, search and refusals', () => {
  it('@version pins it; update moves to the newest; list shows the registry source', async () => {
    const a = await sb.run(['add', 'io.example/versioned@1.0.0', '--host', 'claude-code', '--yes', ...reg()]);
    expect(a.code, a.stderr).toBe(0);
    expect(await readFile(path.join(sb.project, '.mcp.json'), 'utf8')).toContain('versioned-mcp@1.0.0');
    const u = await sb.run(['update', '--yes', ...reg()]);
    expect(u.code, u.stderr).toBe(0);
    expect(u.stdout).toContain('versioned: 1.0.0 -> 1.1.0');
    expect(await readFile(path.join(sb.project, '.mcp.json'), 'utf8')).toContain('versioned-mcp@1.1.0');
    const manifest = await readFile(path.join(sb.project, 'patchbay.jsonc'), 'utf8');
    expect(manifest).toMatch(/"registry": \{\s*"name": "io\.example\/versioned",\s*"version": "1\.1\.0"/);
    expect((await sb.run(['status'])).code).toBe(0);
  });
  it('search follows cursors over pages of 3 up to --limit, newest versions only', async () => {
    const r = await sb.run(['search', 'io.', '--limit', '10', '--json', ...reg()]);
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as { servers: Array<{ name: string; version: string; packages: string[]; remotes: string[] }> };
    expect(doc.servers).toHaveLength(10);
    expect(registry.requests.filter((q) => q.startsWith('GET /v0.1/servers?')).length).toBeGreaterThanOrEqual(4);
    const versioned = await sb.run(['search', 'versioned', '--json', ...reg()]);
    expect((JSON.parse(versioned.stdout) as { servers: Array<{ version: string }> }).servers.map((s) => s.version)).toEqual(['1.1.0']);
  });
  const REFUSALS: Array<[string, string[], number, string, RegExp]> = [
    ['a deleted entry', ['io.example/gone'], 3, 'registry-deleted', /deleted/],
    ['an unknown name, with a did-you-mean', ['io.example/versione'], 3, 'registry-not-found', /did you mean io\.example\/versioned/],
    ['a registry that never answers', ['test/hang', '--registry-timeout', '800'], 3, 'registry-timeout', /did not answer within 800 ms/],
    ['a 50 MB answer', ['test/huge'], 3, 'registry-too-large', /more than 8 MiB/],
    ['a redirect', ['test/redirect'], 3, 'registry-insecure', /redirect/],
    ['a CR LF in an argument', ['io.example/hostile'], 3, 'registry-malformed', /\/packages\/0\/packageArguments\/0\/value: holds a line break/],
    ['a javascript: URL', ['io.example/js-url'], 3, 'invalid-server', /must be http\(s\)/],
  ];
  for (const [what, argv, code, errorCode, message] of REFUSALS) {
    it(`${what}: ${errorCode}, nothing written`, async () => {
      const before = await everything();
      const started = Date.now();
      const r = await sb.run(['add', ...argv.slice(0, 1), '--host', 'claude-code', '--yes', '--json', ...reg(), ...argv.slice(1)]);
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(r.code, r.stdout).toBe(code);
      const doc = JSON.parse(r.stdout) as { error: { code: string; message: string; hint?: string } };
      expect(doc.error.code).toBe(errorCode);
      expect(`${doc.error.message} ${doc.error.hint ?? ''}`).toMatch(message);
      expect(await everything()).toEqual(before);
    });
  }
  it('a plain-http registry that is not this machine is refused before any request', async () => {
    const r = await sb.run(['search', 'x', '--registry', 'http://registry.example.com']);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/registry-insecure .*not https/);
  });
  it('a deprecated entry installs with a warning', async () => {
    const r = await sb.run(['add', 'io.example/old', '--host', 'claude-code', '--yes', ...reg()]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/warning: io\.example\/old@latest is deprecated/);
  });
  it('add --from a server.json template is refused with a hint; filled in, it installs', async () => {
    const template = await readFile(path.join(CORPUS, '067-mobile-next-mobile-mcp.json'), 'utf8');
    await writeFile(path.join(sb.project, 'server.json'), template);
    const before = await everything();
    const t = await sb.run(['add', '--from', 'server.json', '--host', 'claude-code', '--yes']);
    expect(t.code).toBe(3);
    expect(t.stderr).toMatch(/registry-template .*template placeholder/);
    expect(await everything()).toEqual(before);
    await writeFile(path.join(sb.project, 'server.json'), filledTemplate(template));
    const ok = await sb.run(['add', '--from', 'server.json', '--as', 'mobile', '--host', 'claude-code', '--yes']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(await readFile(path.join(sb.project, '.mcp.json'), 'utf8')).toContain('"mobile"');
  });
});
