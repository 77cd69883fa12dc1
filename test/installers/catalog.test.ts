// The JSON host catalog as data: entries rendered per host schema (written out by hand here, not
// derived from the styles), path templates with each host's override variables, detection that only
// probes the host's own binaries, and two hosts sharing one file.
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { describeFiles, hostRecord, inspectHosts, planAction, planOperations, selfBinding } from '../../src/installers/index.js';
import { renderEntry } from '../../src/installers/shapes.js';
import { JSON_HOSTS } from '../../src/installers/hosts/json-catalog.js';
import { expandPath } from '../../src/installers/path-template.js';
import type { Launch } from '../../src/servers/spec.js';
import { afterText, applyChange, makeEnv, put, V } from './helpers.js';
import { parseLoose } from './corpus-util.js';

const NPX = { command: 'npx', args: ['--yes', `patchbay-mcp@${V}`, 'mcp'] };
const CMD = { command: 'cmd', args: ['/c', 'npx', '--yes', `patchbay-mcp@${V}`, 'mcp'] };

/** patchbay's own entry per host, on Linux and on Windows, as each host's docs/source write it. */
const OWN_ENTRY: Record<string, { linux: unknown; win32: unknown }> = {
  vscode: { linux: { type: 'stdio', ...NPX }, win32: { type: 'stdio', ...NPX } },
  'vscode-insiders': { linux: { type: 'stdio', ...NPX }, win32: { type: 'stdio', ...NPX } },
  gemini: { linux: NPX, win32: NPX },
  'qwen-code': { linux: NPX, win32: NPX },
  'copilot-cli': { linux: NPX, win32: CMD },
  windsurf: { linux: NPX, win32: CMD },
  zed: { linux: { source: 'custom', ...NPX }, win32: { source: 'custom', ...NPX } },
  'claude-desktop': { linux: NPX, win32: CMD },
  cline: { linux: { type: 'stdio', ...NPX }, win32: { type: 'stdio', ...NPX } },
  'cline-cli': { linux: { type: 'stdio', ...NPX }, win32: { type: 'stdio', ...NPX } },
  roo: { linux: { type: 'stdio', ...NPX }, win32: { type: 'stdio', ...NPX } },
  kiro: { linux: NPX, win32: CMD },
  'amazon-q': { linux: NPX, win32: CMD },
  kilo: {
    linux: { type: 'local', command: ['npx', '--yes', `patchbay-mcp@${V}`, 'mcp'], enabled: true },
    win32: { type: 'local', command: ['cmd', '/c', 'npx', '--yes', `patchbay-mcp@${V}`, 'mcp'], enabled: true },
  },
  crush: { linux: { type: 'stdio', ...NPX }, win32: { type: 'stdio', ...NPX } },
  'factory-droid': { linux: { type: 'stdio', ...NPX }, win32: { type: 'stdio', ...CMD } },
  'lm-studio': { linux: NPX, win32: CMD },
  junie: { linux: NPX, win32: CMD },
  trae: { linux: NPX, win32: CMD },
  antigravity: { linux: NPX, win32: CMD },
  amp: { linux: NPX, win32: CMD },
  kimi: { linux: NPX, win32: CMD },
  pi: { linux: NPX, win32: CMD },
  'visual-studio': { linux: { type: 'stdio', ...NPX }, win32: { type: 'stdio', ...CMD } },
  'firebase-studio': { linux: NPX, win32: CMD },
  firebender: { linux: NPX, win32: CMD },
  'mastra-code': { linux: NPX, win32: CMD },
  '5ire': { linux: NPX, win32: CMD },
  enconvo: { linux: NPX, win32: CMD },
  boltai: { linux: NPX, win32: CMD },
  tome: { linux: NPX, win32: CMD },
  augment: { linux: NPX, win32: CMD },
  mcporter: { linux: NPX, win32: CMD },
  'bedrock-client': { linux: NPX, win32: CMD },
  'windsurf-jetbrains': { linux: NPX, win32: CMD },
};

const HTTP: Launch = { transport: 'http', url: 'https://x.test/mcp', headers: { Authorization: 'Bearer ${env:TOKEN}' } };
const SSE: Launch = { transport: 'sse', url: 'https://x.test/sse', headers: {} };

/** A remote server with a secret reference, per host: the entry, or the refusal code. */
const REMOTE: Record<string, { http: unknown; sse: unknown }> = {
  vscode: { http: { type: 'http', url: HTTP.url, headers: { Authorization: 'Bearer ${env:TOKEN}' } }, sse: { type: 'sse', url: SSE.url } },
  gemini: { http: { type: 'http', url: HTTP.url, headers: { Authorization: 'Bearer ${TOKEN}' } }, sse: { type: 'sse', url: SSE.url } },
  'qwen-code': { http: { httpUrl: HTTP.url, headers: { Authorization: 'Bearer ${TOKEN}' } }, sse: { url: SSE.url } },
  windsurf: { http: { serverUrl: HTTP.url, headers: { Authorization: 'Bearer ${env:TOKEN}' } }, sse: { serverUrl: SSE.url } },
  zed: { http: 'secret-reference-unsupported', sse: 'transport-unsupported' },
  'claude-desktop': { http: 'transport-unsupported', sse: 'transport-unsupported' },
  cline: { http: 'secret-reference-unsupported', sse: { type: 'sse', url: SSE.url } },
  roo: { http: { type: 'streamable-http', url: HTTP.url, headers: { Authorization: 'Bearer ${env:TOKEN}' } }, sse: { type: 'sse', url: SSE.url } },
  crush: { http: { type: 'http', url: HTTP.url, headers: { Authorization: 'Bearer ${TOKEN}' } }, sse: { type: 'sse', url: SSE.url } },
  kilo: { http: 'secret-reference-unsupported', sse: { type: 'remote', url: SSE.url, enabled: true } },
  'amazon-q': { http: 'secret-reference-unsupported', sse: 'transport-unsupported' },
  antigravity: { http: 'secret-reference-unsupported', sse: 'transport-unsupported' },
  junie: { http: 'transport-unsupported', sse: 'transport-unsupported' },
  kimi: { http: 'secret-reference-unsupported', sse: 'transport-unsupported' },
  'visual-studio': { http: 'transport-unsupported', sse: 'transport-unsupported' },
  firebender: { http: 'transport-unsupported', sse: 'transport-unsupported' },
};

function rendered(id: string, launch: Launch): unknown {
  const style = JSON_HOSTS.find((h) => h.id === id)!.style;
  const r = renderEntry(style, launch, 'linux');
  return r.ok ? r.value : r.code;
}

describe('entries in each host schema', () => {
  test('every catalog JSON host has an expected own entry here', () => {
    expect(Object.keys(OWN_ENTRY).sort()).toEqual(JSON_HOSTS.map((h) => h.id).sort());
  });
  for (const h of JSON_HOSTS) {
    test(`${h.id}: init writes the documented entry at ${JSON.stringify(h.container)} (linux and win32)`, async () => {
      for (const platform of ['linux', 'win32'] as const) {
        const env = await makeEnv({}, platform);
        const scope = h.projectFiles.length > 0 ? 'project' : 'user';
        const r = await planAction(env.ctx, { action: 'init', hosts: [h.id], scope, version: V });
        expect(r.diagnostics).toEqual([]);
        const value = parseLoose(afterText(r.plan.changes[0])).value as Record<string, Record<string, unknown>>;
        const container = h.container.reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], value) as Record<string, unknown>;
        expect(container.patchbay).toEqual(OWN_ENTRY[h.id]![platform]);
        await env.cleanup();
      }
    });
  }
  for (const [id, want] of Object.entries(REMOTE)) {
    test(`${id}: remote servers (http with a secret reference, sse)`, () => {
      expect(rendered(id, HTTP)).toEqual(want.http);
      expect(rendered(id, SSE)).toEqual(want.sse);
    });
  }
  test("Amp's container is one key with a dot, next to the other amp.* keys", async () => {
    const env = await makeEnv();
    await put(path.join(env.projectDir, '.amp/settings.json'), '{\n  "amp.tools.disable": ["x"]\n}\n');
    const r = await planAction(env.ctx, { action: 'init', hosts: ['amp'], scope: 'project', version: V });
    expect(afterText(r.plan.changes[0])).toContain('"amp.mcpServers": {');
    expect(Object.keys(parseLoose(afterText(r.plan.changes[0])).value as object)).toEqual(['amp.tools.disable', 'amp.mcpServers']);
    await env.cleanup();
  });
});

describe('path templates', () => {
  const ctx = { home: '/h', platform: 'linux' as const, env: { XDG_CONFIG_HOME: '/x', COPILOT_HOME: '/c', CLINE_DIR: '/cl', APPDATA: 'C:/R' } };
  test.each([
    ['~/.gemini/settings.json', '/h/.gemini/settings.json'],
    ['$XDG_CONFIG_HOME/zed/settings.json', '/x/zed/settings.json'],
    ['%APPDATA%/Zed/settings.json', 'C:/R/Zed/settings.json'],
    ['%LOCALAPPDATA%/Packages/a.json', '/h/AppData/Local/Packages/a.json'],
    ['%USERPROFILE%/.kiro/settings/mcp.json', '/h/.kiro/settings/mcp.json'],
    ['${COPILOT_HOME:-~/.copilot}/mcp-config.json', '/c/mcp-config.json'],
    ['${GEMINI_CLI_HOME:-~}/.gemini/settings.json', '/h/.gemini/settings.json'],
    ['${CLINE_DATA_DIR:-${CLINE_DIR:-~/.cline}/data}/settings/x.json', '/cl/data/settings/x.json'],
    ['.vscode/mcp.json', '/p/.vscode/mcp.json'],
  ])('%s → %s', (template, want) => {
    expect(expandPath(template, ctx, '/p')).toBe(want);
  });
  test('an override variable that is not an absolute path is ignored', () => {
    expect(expandPath('${COPILOT_HOME:-~/.copilot}/x', { home: '/h', platform: 'linux' as const, env: { COPILOT_HOME: 'rel' } }, '/p')).toBe('/h/.copilot/x');
  });
  test('override variables move the user files of their hosts', async () => {
    const env = await makeEnv();
    const e = { ...env.ctx.env, COPILOT_HOME: '/ch', GEMINI_CLI_HOME: '/gh', CLINE_MCP_SETTINGS_PATH: '/cm/s.json', CRUSH_GLOBAL_CONFIG: '/cr', FACTORY_HOME_OVERRIDE: '/fh', QWEN_HOME: '/qh' };
    const ctx = { ...env.ctx, env: e };
    const first = (id: string) => hostRecord(id).files(ctx, 'user')?.[0];
    expect([first('copilot-cli'), first('gemini'), first('cline'), first('crush'), first('factory-droid'), first('qwen-code')])
      .toEqual(['/ch/mcp-config.json', '/gh/.gemini/settings.json', '/cm/s.json', '/cr/crush.json', '/fh/.factory/mcp.json', '/qh/settings.json']);
    await env.cleanup();
  });
  test('per-OS user files as people write them (describeFiles)', () => {
    expect(describeFiles(hostRecord('claude-desktop'), 'user', 'darwin')).toEqual(['~/Library/Application Support/Claude/claude_desktop_config.json']);
    expect(describeFiles(hostRecord('claude-desktop'), 'user', 'win32')).toEqual([
      '%LOCALAPPDATA%\\Packages\\Claude_pzs8sxrjxfjjc\\LocalCache\\Roaming\\Claude\\claude_desktop_config.json', '%APPDATA%\\Claude\\claude_desktop_config.json',
    ]);
    expect(describeFiles(hostRecord('vscode'), 'user', 'linux')).toEqual(['~/.config/Code/User/mcp.json']);
    expect(describeFiles(hostRecord('zed'), 'user', 'darwin')).toEqual(['~/.config/zed/settings.json']);
    expect(describeFiles(hostRecord('claude-desktop'), 'project')).toEqual([]);
  });
  test('Claude Desktop on Windows creates the classic %APPDATA% file when neither exists', async () => {
    const env = await makeEnv({}, 'win32');
    const ctx = { ...env.ctx, env: { ...env.ctx.env, APPDATA: path.join(env.home, 'R'), LOCALAPPDATA: path.join(env.home, 'L') } };
    const r = await planAction(ctx, { action: 'init', hosts: ['claude-desktop'], scope: 'user', version: V });
    expect(r.plan.changes.map((c) => c.path)).toEqual([path.join(env.home, 'R', 'Claude', 'claude_desktop_config.json')]);
    await env.cleanup();
  });
});

describe('detection', () => {
  test('only the host binaries are probed, with --version, and a folder of its own is evidence', async () => {
    const env = await makeEnv({ gemini: { ok: true, stdout: '0.61.0\n' } });
    await put(path.join(env.home, '.kiro', 'settings', 'x'), '');
    const reports = await inspectHosts(env.ctx, { hosts: ['gemini', 'kiro', 'claude-desktop', 'zed'], scope: 'user', version: V });
    const det = Object.fromEntries(reports.map((r) => [r.host, r.detection]));
    expect(det.gemini).toMatchObject({ detected: true, version: '0.61.0' });
    expect(det.kiro?.detected).toBe(true);
    expect(det.kiro?.reasons.join(' ')).toContain('found the folder ~/.kiro');
    expect(det['claude-desktop']).toMatchObject({ detected: false, reasons: ['no binary to probe and no folder of its own'] });
    expect(det.zed?.detected).toBe(false);
    expect(env.probeCalls.sort()).toEqual(['gemini --version', 'kiro --version', 'kiro-cli --version', 'zed --version', 'zeditor --version']);
    await env.cleanup();
  });
});

describe('two hosts, one file', () => {
  test('claude-code and copilot-cli at project scope: ONE entry in .mcp.json, status says it is shared', async () => {
    const env = await makeEnv();
    const r = await planAction(env.ctx, { action: 'init', hosts: ['claude-code', 'copilot-cli'], scope: 'project', version: V });
    expect(r.diagnostics).toEqual([]);
    expect(r.plan.changes).toHaveLength(1);
    const text = afterText(r.plan.changes[0]);
    expect(text.match(/"patchbay"/g)).toHaveLength(1);
    expect(r.hostPlans[1]?.summary.join(' ')).toMatch(/already current/);
    await applyChange(r.plan.changes[0]!);
    const reports = await inspectHosts(env.ctx, { hosts: ['claude-code', 'copilot-cli'], scope: 'project', version: V });
    expect(reports.map((rep) => [rep.files[0]?.state, rep.files[0]?.sharedWith])).toEqual([['current', ['copilot-cli']], ['current', ['claude-code']]]);
    // Uninstalling from both is one removal, and the file goes (it held only what patchbay created).
    const un = await planAction(env.ctx, { action: 'uninstall', hosts: ['claude-code', 'copilot-cli'], scope: 'project', version: V });
    expect(un.diagnostics).toEqual([]);
    expect(un.plan.changes.map((c) => c.after)).toEqual(['delete']);
    await env.cleanup();
  });
  test('copilot-cli writes .github/mcp.json only when it is the first existing candidate', async () => {
    const env = await makeEnv();
    await put(path.join(env.projectDir, '.github/mcp.json'), '{}\n');
    const r = await planOperations(env.ctx, [{ host: 'copilot-cli', scope: 'project', binding: selfBinding(V), action: 'install' }], { description: 't' });
    expect(r.plan.changes.map((c) => path.relative(env.projectDir, c.path))).toEqual([path.join('.github', 'mcp.json')]);
    await env.cleanup();
  });
  test('vscode and vscode-insiders share .vscode/mcp.json the same way', async () => {
    const env = await makeEnv();
    const r = await planAction(env.ctx, { action: 'init', hosts: ['vscode', 'vscode-insiders'], scope: 'project', version: V });
    expect(r.diagnostics).toEqual([]);
    expect(r.plan.changes).toHaveLength(1);
    expect(afterText(r.plan.changes[0]).match(/"patchbay"/g)).toHaveLength(1);
    await env.cleanup();
  });
});
