// Detection and dialect selection (injected probe), entry shapes per platform, entry states, and the
// init/migrate/uninstall decisions, against real temp directories.
import path from 'node:path';
import { existsSync } from 'node:fs';
import { chmod, mkdir, symlink } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import { HOST_INFO } from '../../src/installers/catalog-data.js';
import { HOSTS, createHostContext, detectHosts, hostRecord, inspectHosts, planAction, supportsScope } from '../../src/installers/index.js';
import { managedEntry, recognize } from '../../src/installers/entry.js';
import type { PlanRequest } from '../../src/installers/types.js';
import { afterText, applyChange, makeEnv, put, readText, V, type ProbeTable } from './helpers.js';
import { parseLoose, parseStrict } from './corpus-util.js';

const ok = (stdout: string) => ({ ok: true as const, stdout });

describe('OpenCode dialect from the version', () => {
  const table: [string, ProbeTable, 'v1' | 'v2' | 'error'][] = [
    ['1.18.33 -> v1', { opencode: ok('1.18.33\n') }, 'v1'],
    ['1.18.29 -> v1 (lower bound)', { opencode: ok('1.18.29') }, 'v1'],
    ['1.18.28 -> error', { opencode: ok('1.18.28') }, 'error'],
    ['2.0.0 -> v2', { opencode: ok('2.0.0') }, 'v2'],
    ['3.0.0 -> error', { opencode: ok('3.0.0') }, 'error'],
    ['0.0.0-beta-202608110357 -> error', { opencode: ok('0.0.0-beta-202608110357') }, 'error'],
    ['not found -> v2', {}, 'v2'],
  ];
  for (const [name, probes, expected] of table) {
    test(name, async () => {
      const env = await makeEnv(probes);
      const [d] = await detectHosts(env.ctx, ['opencode']);
      expect(env.probeCalls).toEqual(['opencode --version']);
      if (expected === 'error') {
        expect(d?.dialect).toBeUndefined();
        expect(d?.diagnostics[0]?.code).toBe('unsupported-host-version');
        expect(d?.diagnostics[0]?.message).toContain((probes.opencode as { stdout: string }).stdout.trim());
        expect(d?.diagnostics[0]?.hint).toMatch(/--opencode-version/);
        const r = await planAction(env.ctx, { action: 'init', hosts: ['opencode'], scope: 'project', version: V });
        expect(r.plan.changes).toEqual([]);
      } else {
        expect(d?.dialect).toBe(expected);
        expect(d?.diagnostics).toEqual([]);
        if (!probes.opencode) expect(d?.reasons.join(' ')).toMatch(/not on PATH.*V2|V2/);
      }
      await env.cleanup();
    });
  }

  test('--opencode-version skips the probe entirely', async () => {
    const env = await makeEnv({ opencode: ok('2.0.0') });
    const reports = await inspectHosts(env.ctx, { hosts: ['opencode'], scope: 'project', version: V, opencodeVersion: '1.18.33' });
    expect(reports[0]?.detection.dialect).toBe('v1');
    const r = await planAction(env.ctx, { action: 'init', hosts: ['opencode'], scope: 'project', version: V, opencodeVersion: '1.18.33' });
    expect(parseLoose(afterText(r.plan.changes[0])).value).toMatchObject({ mcp: { patchbay: { enabled: true } } });
    expect(env.probeCalls).toEqual([]);
    await env.cleanup();
  });

  test('an unsupported --opencode-version fails and says what to pass', async () => {
    const env = await makeEnv();
    const r = await planAction(env.ctx, { action: 'init', hosts: ['opencode'], scope: 'project', version: V, opencodeVersion: '0.0.0-beta-17778' });
    expect(r.diagnostics[0]?.code).toBe('unsupported-host-version');
    expect(r.diagnostics[0]?.hint).toMatch(/--opencode-version 2\.0\.0/);
    expect(env.probeCalls).toEqual([]);
    await env.cleanup();
  });

  test('a probe that fails (not missing) is an error, not a guess', async () => {
    const env = await makeEnv({ opencode: { ok: false, reason: 'timeout', message: 'no answer within 5 s' } });
    const [d] = await detectHosts(env.ctx, ['opencode']);
    expect(d?.diagnostics[0]?.code).toBe('probe-failed');
    await env.cleanup();
  });
});

describe('detection reasons', () => {
  test('claude by binary, cursor by ~/.cursor, generic by the mcp folder, in words', async () => {
    const env = await makeEnv({ claude: ok('2.1.332 (Claude Code)\n') });
    await put(path.join(env.home, '.cursor', 'mcp.json'), '{}');
    await put(path.join(env.home, '.config', 'mcp', 'mcp.json'), '{}');
    const ds = await detectHosts(env.ctx);
    const by = Object.fromEntries(ds.map((d) => [d.host, d]));
    expect(by['claude-code']).toMatchObject({ detected: true, version: '2.1.332' });
    expect(by['claude-code']?.reasons[0]).toBe('`claude --version` printed 2.1.332 (Claude Code)');
    expect(by.cursor?.detected).toBe(true);
    expect(by.cursor?.reasons).toContain('found the folder ~/.cursor');
    expect(by.generic?.reasons).toContain('found the folder ~/.config/mcp');
    expect(by.opencode?.detected).toBe(false);
    await env.cleanup();
  });

  test("a project's own host files are evidence: .mcp.json for claude-code, .cursor/ for cursor", async () => {
    const env = await makeEnv();
    const before = await detectHosts(env.ctx, ['claude-code', 'cursor']);
    expect(before.map((d) => d.detected)).toEqual([false, false]);
    await put(path.join(env.ctx.projectDir, '.mcp.json'), '{}');
    await put(path.join(env.ctx.projectDir, '.cursor', 'mcp.json'), '{}');
    const [claude, cursorDetection] = await detectHosts(env.ctx, ['claude-code', 'cursor']);
    expect(claude).toMatchObject({ detected: true });
    expect(claude?.reasons).toContain('found the file .mcp.json');
    expect(cursorDetection).toMatchObject({ detected: true });
    expect(cursorDetection?.reasons).toContain('found the folder .cursor');
    await env.cleanup();
  });

  test('cursor --version: the first of three lines', async () => {
    const env = await makeEnv({ cursor: ok('1.7.52\nabc123\nx64\n') });
    const [d] = await detectHosts(env.ctx, ['cursor']);
    expect(d).toMatchObject({ detected: true, version: '1.7.52' });
    await env.cleanup();
  });
});

describe('entry shapes per platform', () => {
  test('linux: plain npx; win32: cmd /c for claude-code, cursor and generic; OpenCode stays plain', () => {
    expect(managedEntry('mcpServers', V, 'linux')).toEqual({ command: 'npx', args: ['--yes', `patchbay-mcp@${V}`, 'mcp'] });
    expect(managedEntry('mcpServers', V, 'win32')).toEqual({ command: 'cmd', args: ['/c', 'npx', '--yes', `patchbay-mcp@${V}`, 'mcp'] });
    expect(managedEntry('opencode-v2', V, 'win32')).toEqual({ type: 'local', command: ['npx', '--yes', `patchbay-mcp@${V}`, 'mcp'], disabled: false });
    expect(managedEntry('opencode-v1', V, 'linux')).toEqual({ type: 'local', command: ['npx', '--yes', `patchbay-mcp@${V}`, 'mcp'], enabled: true });
  });

  test('win32 init writes the cmd /c form; recognizing works in both forms on both platforms', async () => {
    const env = await makeEnv({}, 'win32');
    const r = await planAction(env.ctx, { action: 'init', hosts: ['claude-code', 'cursor'], scope: 'project', version: V });
    for (const c of r.plan.changes) expect(parseStrict(afterText(c)).value).toEqual({ mcpServers: { patchbay: managedEntry('mcpServers', V, 'win32') } });
    expect(recognize(managedEntry('mcpServers', V, 'win32'), 'mcpServers', V, 'linux')).toEqual({ ours: true, pin: V, current: false });
    expect(recognize(managedEntry('mcpServers', '0.0.1', 'linux'), 'mcpServers', V, 'win32')).toEqual({ ours: true, pin: '0.0.1', current: false });
    expect(recognize({ type: 'local', command: ['cmd', '/c', 'npx', '--yes', 'patchbay@1.2.3', 'mcp'], enabled: true }, 'opencode-v1', V, 'win32')).toMatchObject({ ours: true, pin: '1.2.3' });
    expect(recognize({ command: 'npx', args: ['-y', 'patchbay@1', 'mcp'] }, 'mcpServers', V, 'linux').ours).toBe(false);
    expect(recognize({ command: 'npx', args: ['--yes', `patchbay-mcp@${V}`, 'mcp'], env: { A: '1' } }, 'mcpServers', V, 'linux').ours).toBe(false);
    await env.cleanup();
  });
});

async function stateOf(env: Awaited<ReturnType<typeof makeEnv>>, req: Omit<PlanRequest, 'action' | 'hosts' | 'scope'> & { host: PlanRequest['hosts'][number] }) {
  const [report] = await inspectHosts(env.ctx, { hosts: [req.host], scope: 'project', version: req.version, ...(req.opencodeVersion ? { opencodeVersion: req.opencodeVersion } : {}) });
  return report?.files.find((f) => f.target);
}

describe('entry states and what init/migrate/uninstall do with them', () => {
  const mcp = (entry: unknown) => JSON.stringify({ mcpServers: { other: { command: 'node', args: ['x.js'] }, patchbay: entry } }, null, 2) + '\n';

  test('absent -> init writes; current -> init plans nothing (idempotent)', async () => {
    const env = await makeEnv();
    const file = path.join(env.projectDir, '.mcp.json');
    await put(file, '{\n  "mcpServers": {\n    "other": { "command": "node" }\n  }\n}\n');
    expect((await stateOf(env, { host: 'claude-code', version: V }))?.state).toBe('absent');
    const r = await planAction(env.ctx, { action: 'init', hosts: ['claude-code'], scope: 'project', version: V });
    await applyChange(r.plan.changes[0]!);
    expect((await stateOf(env, { host: 'claude-code', version: V }))).toMatchObject({ state: 'current', pin: V });
    const again = await planAction(env.ctx, { action: 'init', hosts: ['claude-code'], scope: 'project', version: V });
    expect(again.plan.changes).toEqual([]);
    expect(again.hostPlans[0]?.summary[0]).toMatch(/already current/);
    await env.cleanup();
  });

  test('stale -> init fails naming `patchbay migrate`; migrate re-pins only the version string', async () => {
    const env = await makeEnv();
    const file = path.join(env.projectDir, '.mcp.json');
    const before = mcp(managedEntry('mcpServers', '0.0.9', 'linux'));
    await put(file, before);
    expect((await stateOf(env, { host: 'claude-code', version: V }))).toMatchObject({ state: 'stale', pin: '0.0.9' });
    const init = await planAction(env.ctx, { action: 'init', hosts: ['claude-code'], scope: 'project', version: V });
    expect(init.diagnostics[0]).toMatchObject({ code: 'stale-entry', severity: 'error', pointer: '/mcpServers/patchbay', line: 9, column: 5 });
    expect(init.diagnostics[0]?.hint).toContain('patchbay migrate');
    expect(init.plan.changes).toEqual([]);
    const mig = await planAction(env.ctx, { action: 'migrate', hosts: ['claude-code'], scope: 'project', version: V });
    expect(afterText(mig.plan.changes[0])).toBe(before.replace('patchbay-mcp@0.0.9', `patchbay-mcp@${V}`));
    await env.cleanup();
  });

  test('foreign -> init, migrate and uninstall all fail closed and name the file', async () => {
    const env = await makeEnv();
    await put(path.join(env.projectDir, '.mcp.json'), mcp({ command: 'node', args: ['my-own-patchbay.js'] }));
    expect((await stateOf(env, { host: 'claude-code', version: V }))?.state).toBe('foreign');
    for (const action of ['init', 'migrate', 'uninstall'] as const) {
      const r = await planAction(env.ctx, { action, hosts: ['claude-code'], scope: 'project', version: V });
      expect(r.diagnostics[0]?.code).toBe('foreign-entry');
      expect(r.diagnostics[0]?.hint).toBe('rename or remove the existing `patchbay` entry in .mcp.json');
      expect(r.plan.changes).toEqual([]);
    }
    await env.cleanup();
  });

  test('other-dialect -> init adds the selected dialect next to it with a warning; migrate moves it', async () => {
    const env = await makeEnv();
    const file = path.join(env.projectDir, 'opencode.jsonc');
    const v1 = '{\n  "$schema": "https://opencode.ai/config.json",\n  // servers\n  "mcp": {\n    "git": { "type": "local", "command": ["git-mcp"] },\n    "patchbay": {\n      "type": "local",\n      "command": ["npx", "--yes", "patchbay-mcp@0.1.0", "mcp"],\n      "enabled": true\n    }\n  }\n}\n';
    await put(file, v1);
    expect((await stateOf(env, { host: 'opencode', version: V, opencodeVersion: '2.0.0' }))).toMatchObject({ state: 'other-dialect', pin: '0.1.0', dialect: 'v2' });
    const init = await planAction(env.ctx, { action: 'init', hosts: ['opencode'], scope: 'project', version: V, opencodeVersion: '2.0.0' });
    expect(init.diagnostics).toHaveLength(1);
    expect(init.diagnostics[0]).toMatchObject({ code: 'other-dialect', severity: 'warning' });
    expect(init.diagnostics[0]?.hint).toContain('patchbay migrate');
    const both = parseLoose(afterText(init.plan.changes[0])).value;
    expect(both).toMatchObject({ mcp: { patchbay: { enabled: true }, servers: { patchbay: { disabled: false } }, git: {} } });

    const mig = await planAction(env.ctx, { action: 'migrate', hosts: ['opencode'], scope: 'project', version: V, opencodeVersion: '2.0.0' });
    expect(mig.diagnostics).toEqual([]);
    const moved = afterText(mig.plan.changes[0]);
    expect(parseLoose(moved).value).toEqual({
      $schema: 'https://opencode.ai/config.json',
      mcp: { git: { type: 'local', command: ['git-mcp'] }, servers: { patchbay: managedEntry('opencode-v2', V, 'linux') } },
    });
    expect(moved).toContain('// servers');
    // And back: migrating to V1 again restores the original bytes.
    await put(file, moved);
    const back = await planAction(env.ctx, { action: 'migrate', hosts: ['opencode'], scope: 'project', version: V, opencodeVersion: '1.18.33' });
    expect(afterText(back.plan.changes[0])).toBe(v1);
    await env.cleanup();
  });

  test('uninstall removes ours in either dialect (current or stale) and leaves other servers alone', async () => {
    const env = await makeEnv();
    const file = path.join(env.projectDir, '.opencode', 'opencode.json');
    const text = '{\n  "mcp": {\n    "patchbay": { "type": "local", "command": ["npx", "--yes", "patchbay-mcp@0.0.1", "mcp"], "enabled": true },\n    "a": { "type": "remote", "url": "https://x" },\n    "servers": {\n      "patchbay": { "type": "local", "command": ["npx", "--yes", "patchbay-mcp@0.1.0", "mcp"], "disabled": false }\n    }\n  }\n}\n';
    await put(file, text);
    const r = await planAction(env.ctx, { action: 'uninstall', hosts: ['opencode'], scope: 'project', version: V, opencodeVersion: '2.0.0' });
    expect(r.diagnostics).toEqual([]);
    expect(parseLoose(afterText(r.plan.changes[0])).value).toEqual({ mcp: { a: { type: 'remote', url: 'https://x' } } });
    await env.cleanup();
  });

  test('an unsupported OpenCode version blocks init but not uninstall; our entry is reported as what it is', async () => {
    const env = await makeEnv({ opencode: ok('3.0.0\n') });
    const file = path.join(env.projectDir, 'opencode.jsonc');
    const original = '{\n  "theme": "dark"\n}\n';
    const installed = '{\n  "theme": "dark",\n  "mcp": {\n    "patchbay": { "type": "local", "command": ["npx", "--yes", "patchbay-mcp@0.1.0", "mcp"], "enabled": true }\n  }\n}\n';
    await put(file, installed);
    const [report] = await inspectHosts(env.ctx, { hosts: ['opencode'], scope: 'project', version: V });
    expect(report?.files.find((f) => f.target)).toMatchObject({ state: 'current', dialect: 'v1', pin: V });
    const init = await planAction(env.ctx, { action: 'init', hosts: ['opencode'], scope: 'project', version: V });
    expect(init.diagnostics.map((d) => d.code)).toEqual(['unsupported-host-version']);
    expect(init.plan.changes).toEqual([]);
    const u = await planAction(env.ctx, { action: 'uninstall', hosts: ['opencode'], scope: 'project', version: V });
    expect(u.diagnostics).toEqual([]);
    expect(afterText(u.plan.changes[0])).toBe(original);
    await env.cleanup();
  });
});

describe('files patchbay creates', () => {
  test('no OpenCode candidate: creates root opencode.jsonc with $schema; uninstall deletes it again', async () => {
    const env = await makeEnv();
    const r = await planAction(env.ctx, { action: 'init', hosts: ['opencode'], scope: 'project', version: V });
    expect(r.plan.changes.map((c) => c.path)).toEqual([path.join(env.projectDir, 'opencode.jsonc')]);
    expect(parseStrict(afterText(r.plan.changes[0])).value).toEqual({ $schema: 'https://opencode.ai/config.json', mcp: { servers: { patchbay: managedEntry('opencode-v2', V, 'linux') } } });
    await applyChange(r.plan.changes[0]!);
    const u = await planAction(env.ctx, { action: 'uninstall', hosts: ['opencode'], scope: 'project', version: V });
    expect(u.plan.changes[0]?.after).toBe('delete');
    await applyChange(u.plan.changes[0]!);
    expect(existsSync(path.join(env.projectDir, 'opencode.jsonc'))).toBe(false);
    await env.cleanup();
  });

  test('the first existing OpenCode candidate is the target, and every candidate is parsed first', async () => {
    const env = await makeEnv();
    await put(path.join(env.projectDir, 'opencode.json'), '{}\n');
    await put(path.join(env.projectDir, '.opencode', 'opencode.json'), '{ "mcp": {} }\n');
    const r = await planAction(env.ctx, { action: 'init', hosts: ['opencode'], scope: 'project', version: V });
    expect(r.plan.changes.map((c) => c.path)).toEqual([path.join(env.projectDir, '.opencode', 'opencode.json')]);
    await put(path.join(env.projectDir, 'opencode.json'), '{ oops }\n');
    const bad = await planAction(env.ctx, { action: 'init', hosts: ['opencode'], scope: 'project', version: V });
    expect(bad.diagnostics[0]).toMatchObject({ code: 'parse-error', path: path.join(env.projectDir, 'opencode.json'), line: 1, column: 3 });
    expect(bad.plan.changes).toEqual([]);
    await env.cleanup();
  });

  test('user scope: ~/.claude.json keeps its other state; XDG_CONFIG_HOME picks the OpenCode and generic files', async () => {
    const env = await makeEnv();
    const claudeJson = path.join(env.home, '.claude.json');
    const state = '{\n  "numStartups": 12,\n  "projects": {\n    "/x": { "mcpServers": { "local": { "command": "y" } } }\n  },\n  "userID": "abc"\n}';
    await put(claudeJson, state);
    const r = await planAction(env.ctx, { action: 'init', hosts: ['claude-code', 'opencode', 'generic'], scope: 'user', version: V });
    expect(r.diagnostics).toEqual([]);
    expect(r.plan.changes.map((c) => c.path).sort()).toEqual([
      claudeJson,
      path.join(env.home, '.config', 'mcp', 'mcp.json'),
      path.join(env.home, '.config', 'opencode', 'opencode.jsonc'),
    ].sort());
    const claude = afterText(r.plan.changes.find((c) => c.path === claudeJson));
    expect(JSON.parse(claude)).toEqual({ ...JSON.parse(state), mcpServers: { patchbay: managedEntry('mcpServers', V, 'linux') } });
    expect(claude.startsWith(state.slice(0, -2))).toBe(true);
    expect(r.plan.createDirs).toEqual([path.join(env.home, '.config'), path.join(env.home, '.config', 'mcp'), path.join(env.home, '.config', 'opencode')]);
    await env.cleanup();
  });

  test('an existing empty mcpServers {} is filled compactly and kept on uninstall (exact bytes)', async () => {
    const env = await makeEnv();
    const file = path.join(env.projectDir, '.cursor', 'mcp.json');
    const text = '{\n  "mcpServers": {}\n}\n';
    await put(file, text);
    const r = await planAction(env.ctx, { action: 'init', hosts: ['cursor'], scope: 'project', version: V });
    await put(file, afterText(r.plan.changes[0]));
    const u = await planAction(env.ctx, { action: 'uninstall', hosts: ['cursor'], scope: 'project', version: V });
    expect(afterText(u.plan.changes[0])).toBe(text);
    expect(await readText(file)).not.toBe(text);
    await env.cleanup();
  });
});

describe('facade', () => {
  test('a read-only host file (or the read-only target of a symlink) is refused at plan time with a hint', async () => {
    const env = await makeEnv();
    const store = path.join(env.root, 'store', 'mcp.json'); // like a home-manager /nix/store target
    await put(store, '{ "mcpServers": {} }\n');
    await chmod(store, 0o444);
    await mkdir(path.join(env.projectDir, '.cursor'), { recursive: true });
    await symlink(store, path.join(env.projectDir, '.cursor', 'mcp.json'));
    await put(path.join(env.projectDir, '.mcp.json'), '{ "mcpServers": {} }\n');
    await chmod(path.join(env.projectDir, '.mcp.json'), 0o400);
    const r = await planAction(env.ctx, { action: 'init', hosts: ['claude-code', 'cursor'], scope: 'project', version: V });
    expect(r.diagnostics.map((d) => [d.code, d.severity, d.host])).toEqual([
      ['read-only-file', 'error', 'claude-code'],
      ['read-only-file', 'error', 'cursor'],
    ]);
    expect(r.diagnostics[0]?.message).toContain('.mcp.json is read-only (mode 0400)');
    expect(r.diagnostics[1]?.hint).toContain('chmod u+w .cursor/mcp.json');
    // A writable file plans cleanly.
    await chmod(path.join(env.projectDir, '.mcp.json'), 0o600);
    const ok2 = await planAction(env.ctx, { action: 'init', hosts: ['claude-code'], scope: 'project', version: V });
    expect(ok2.diagnostics).toEqual([]);
    await env.cleanup();
  });

  test('the catalog has a record for every supported host; generic is user-only', () => {
    // The catalog grew in v0.2 (the JSON family); the first four are still there, in catalog order.
    expect(HOSTS.map((h) => h.id)).toEqual(HOST_INFO.filter((h) => h.supported).map((h) => h.id));
    expect(HOSTS.map((h) => h.id).slice(0, 4)).toEqual(['opencode', 'claude-code', 'cursor', 'generic']);
    expect(supportsScope(hostRecord('goose'), 'project')).toBe(false);
    expect(supportsScope(hostRecord('generic'), 'project')).toBe(false);
    expect(supportsScope(hostRecord('generic'), 'user')).toBe(true);
  });

  test('createHostContext: real probe without a shell, not-found on ENOENT, memoized', async () => {
    const env = await makeEnv();
    const ctx = createHostContext({ projectDir: env.projectDir, env: { PATH: process.env.PATH }, home: env.home, platform: 'linux' });
    expect(ctx.home).toBe(env.home);
    const missing = await ctx.probe('patchbay-no-such-binary-xyz', ['--version']);
    expect(missing).toMatchObject({ ok: false, reason: 'not-found' });
    const node = await ctx.probe(process.execPath, ['--version']);
    expect(node).toEqual({ ok: true, stdout: process.version });
    expect(ctx.probe(process.execPath, ['--version'])).toBe(ctx.probe(process.execPath, ['--version']));
    // No shell: metacharacters are passed as a literal argument.
    const echo = await ctx.probe(process.execPath, ['-e', 'console.log(process.argv[1])', '$(echo hi)']);
    expect(echo).toEqual({ ok: true, stdout: '$(echo hi)' });
    await env.cleanup();
  });
});
