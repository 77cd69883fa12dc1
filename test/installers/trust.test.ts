// Each host's consent facts (trust-facts.ts) evaluated against real consent records in a temp home
// and project: Claude Code's approval matrix (real-hosts.md §2), Copilot CLI's trusted_folders,
// Codex's trust_level, Gemini's trustedFolders rules and variables, Qwen's hash-bound approvals.
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHostContext, hostRecord } from '../../src/installers/index.js';
import { ConsentReader, consentNotes, entryHash, type ConsentQuery } from '../../src/installers/trust.js';

let root: string;
let project: string;
let home: string;

async function put(file: string, value: unknown): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
}

function reader(env: Record<string, string> = {}): ConsentReader {
  return new ConsentReader(createHostContext({ projectDir: project, home, env: { HOME: home, ...env } }));
}

const q = (name: string, entry: unknown = { command: 'x' }, scope: ConsentQuery['scope'] = 'project'): ConsentQuery => ({ name, scope, entry });
const state = async (host: string, query: ConsentQuery, env?: Record<string, string>) => (await reader(env).consent(hostRecord(host), query)).state;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'pb-trust-'));
  project = path.join(root, 'work', 'project');
  home = path.join(root, 'home');
  await mkdir(project, { recursive: true });
  await mkdir(home, { recursive: true });
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('Claude Code (server lists)', () => {
  it('a fresh project: needs approval, with the host\'s own way to consent', async () => {
    const consent = await reader().consent(hostRecord('claude-code'), q('db'));
    expect(consent).toMatchObject({ state: 'needs-approval', reason: expect.stringContaining('"db" is not approved'), how: expect.stringContaining('enabledMcpjsonServers') });
  });

  it('~/.claude/settings.json approves without the trust dialog (enableAllProjectMcpServers or the name)', async () => {
    await put(path.join(home, '.claude', 'settings.json'), { enableAllProjectMcpServers: true });
    expect(await state('claude-code', q('db'))).toBe('consented');
    await put(path.join(home, '.claude', 'settings.json'), { enabledMcpjsonServers: ['db'] });
    expect(await state('claude-code', q('db'))).toBe('consented');
    expect(await state('claude-code', q('other'))).toBe('needs-approval');
  });

  it('the project\'s settings and ~/.claude.json projects[dir] count only once the project is trusted', async () => {
    await put(path.join(project, '.claude', 'settings.json'), { enableAllProjectMcpServers: true });
    await put(path.join(home, '.claude.json'), { projects: { [project]: { enabledMcpjsonServers: ['db'] } } });
    const untrusted = await reader().consent(hostRecord('claude-code'), q('db'));
    expect(untrusted).toMatchObject({ state: 'needs-approval', reason: expect.stringContaining('only once the project is trusted') });
    await put(path.join(home, '.claude.json'), { projects: { [project]: { hasTrustDialogAccepted: true } } });
    expect(await state('claude-code', q('db'))).toBe('consented');
  });

  it('trusted alone approves nothing; a refusal anywhere wins; CLAUDE_CONFIG_DIR moves the files', async () => {
    await put(path.join(home, '.claude.json'), { projects: { [project]: { hasTrustDialogAccepted: true } } });
    expect(await state('claude-code', q('db'))).toBe('needs-approval');
    await put(path.join(project, '.claude', 'settings.local.json'), { enabledMcpjsonServers: ['db'], disabledMcpjsonServers: ['off'] });
    expect(await state('claude-code', q('db'))).toBe('consented');
    await put(path.join(home, '.claude', 'settings.json'), { enableAllProjectMcpServers: true });
    expect(await reader().consent(hostRecord('claude-code'), q('off'))).toMatchObject({ state: 'refused', reason: expect.stringContaining('disabledMcpjsonServers') });
    const dir = path.join(root, 'claude-config');
    await put(path.join(dir, 'settings.json'), { enabledMcpjsonServers: ['elsewhere'] });
    expect(await state('claude-code', q('elsewhere'), { CLAUDE_CONFIG_DIR: dir })).toBe('consented');
    expect(await state('claude-code', q('elsewhere'))).toBe('consented'); // ~/.claude/settings.json: enableAll
  });

  it('user and local scope are the user\'s own: no consent needed', async () => {
    expect(await state('claude-code', q('u', {}, 'user'))).toBe('consented');
    expect(await state('claude-code', q('l', {}, 'local'))).toBe('consented');
  });
});

describe('Copilot CLI (trusted_folders)', () => {
  it('untrusted until the folder, or one it is in, is listed; a sibling does not count', async () => {
    expect(await reader().consent(hostRecord('copilot-cli'), q('db'))).toMatchObject({ state: 'untrusted', how: expect.stringContaining('trusted_folders') });
    await put(path.join(home, '.copilot', 'config.json'), { trusted_folders: [path.join(root, 'work', 'proj')] });
    expect(await state('copilot-cli', q('db'))).toBe('untrusted');
    await put(path.join(home, '.copilot', 'config.json'), { trusted_folders: [path.join(root, 'work')] });
    expect(await state('copilot-cli', q('db'))).toBe('consented');
  });

  it('a project reached through a symlink is matched by its real path', async () => {
    const link = path.join(root, 'link');
    await symlink(project, link);
    await put(path.join(home, '.copilot', 'config.json'), { trusted_folders: [project] });
    const r = new ConsentReader(createHostContext({ projectDir: link, home, env: { HOME: home } }));
    expect((await r.consent(hostRecord('copilot-cli'), q('db'))).state).toBe('consented');
  });
});

describe('Codex (trust_level)', () => {
  it('trusted only by its own table; "untrusted" and a trusted parent do not count', async () => {
    const file = path.join(home, '.codex', 'config.toml');
    expect(await state('codex', q('db'))).toBe('untrusted');
    await put(file, `[projects."${path.dirname(project)}"]\ntrust_level = "trusted"\n`);
    expect(await state('codex', q('db'))).toBe('untrusted');
    await put(file, `[projects."${project}"]\ntrust_level = "untrusted"\n`);
    expect(await reader().consent(hostRecord('codex'), q('db'))).toMatchObject({ state: 'untrusted', reason: expect.stringContaining('is "untrusted"') });
    await put(file, `# mine\n[projects."${project}"]\ntrust_level = "trusted"\n`);
    expect(await state('codex', q('db'))).toBe('consented');
  });
});

describe('Gemini CLI (folder rules)', () => {
  const rules = (value: unknown) => put(path.join(home, '.gemini', 'trustedFolders.json'), value);

  it('untrusted by default, for project AND user servers; TRUST_FOLDER and TRUST_PARENT trust it', async () => {
    expect(await state('gemini', q('p'))).toBe('untrusted');
    expect(await reader().consent(hostRecord('gemini'), q('u', {}, 'user'))).toMatchObject({ state: 'untrusted', reason: expect.stringContaining("not even the user's own") });
    await rules({ [project]: 'TRUST_FOLDER' });
    expect(await state('gemini', q('p'))).toBe('consented');
    expect(await state('gemini', q('u', {}, 'user'))).toBe('consented');
    await rules({ [path.join(path.dirname(project), 'sibling')]: 'TRUST_PARENT' });
    expect(await state('gemini', q('p'))).toBe('consented');
  });

  it('the longest rule wins (a DO_NOT_TRUST inside a trusted folder); variables and the switch decide first', async () => {
    await rules({ [root]: 'TRUST_FOLDER', [project]: 'DO_NOT_TRUST' });
    expect(await state('gemini', q('p'))).toBe('untrusted');
    expect(await state('gemini', q('p'), { GEMINI_CLI_TRUST_WORKSPACE: 'true' })).toBe('consented');
    await rules({ [project]: 'TRUST_FOLDER' });
    expect(await state('gemini', q('p'), { GEMINI_CLI_TRUST_WORKSPACE: 'false' })).toBe('untrusted');
    await rules({});
    await put(path.join(home, '.gemini', 'settings.json'), '{\n  // folder trust off\n  "security": { "folderTrust": { "enabled": false } }\n}\n');
    expect(await state('gemini', q('p'))).toBe('consented');
  });
});

describe('Qwen Code (hash-bound approvals)', () => {
  const entry = { command: 'node', args: ['s.mjs'], env: { TESTVAR: '$QTEST' } };
  const approve = (value: unknown, status = 'approved') =>
    put(path.join(home, '.qwen', 'mcpApprovals.json'), { [project]: { trial: { hash: entryHash(value, ['scope', 'extensionName', 'description']), status } } });

  it('pending until approved with the entry as Qwen expanded it; a changed entry or variable is pending again', async () => {
    expect(await state('qwen-code', q('trial', entry), { QTEST: 'x' })).toBe('needs-approval');
    await approve({ ...entry, env: { TESTVAR: 'x' } });
    expect(await state('qwen-code', q('trial', entry), { QTEST: 'x' })).toBe('consented');
    expect(await reader({ QTEST: 'y' }).consent(hostRecord('qwen-code'), q('trial', entry))).toMatchObject({ state: 'needs-approval', reason: expect.stringContaining('changed since') });
    expect(await state('qwen-code', q('trial', { ...entry, args: ['t.mjs'] }), { QTEST: 'x' })).toBe('needs-approval');
    await approve({ ...entry, env: { TESTVAR: 'x' } }, 'rejected');
    expect(await state('qwen-code', q('trial', entry), { QTEST: 'x' })).toBe('refused');
  });

  it('the hash sorts keys at every level and leaves scope/description out (as Qwen 0.24.4 configHash.ts)', () => {
    expect(entryHash({ b: 1, a: { d: 2, c: 3 }, description: 'x' }, ['description'])).toBe(entryHash({ a: { c: 3, d: 2 }, b: 1 }, []));
  });
});

describe('hosts without a gate, hosts not verified, and the status notes', () => {
  it('OpenCode, Kilo, Droid start project servers; Cursor is unknown', async () => {
    for (const host of ['opencode', 'kilo', 'factory-droid']) expect(await state(host, q('p'))).toBe('consented');
    expect(await reader().consent(hostRecord('cursor'), q('p'))).toMatchObject({ state: 'unknown', how: expect.stringContaining('--trust') });
  });

  it('consentNotes: one info note per project server a host would not start, with its way to consent', async () => {
    const ctx = createHostContext({ projectDir: project, home, env: { HOME: home } });
    const notes = await consentNotes(hostRecord('copilot-cli'), ctx, path.join(project, '.mcp.json'), [{ name: 'a', entry: {} }, { name: 'b', entry: {} }]);
    expect(notes.map((n) => [n.code, n.severity, n.message.split(':')[0]])).toEqual([
      ['consent-untrusted', 'info', 'a'],
      ['consent-untrusted', 'info', 'b'],
    ]);
    expect(await consentNotes(hostRecord('opencode'), ctx, path.join(project, 'opencode.json'), [{ name: 'a', entry: {} }])).toEqual([]);
  });
});
