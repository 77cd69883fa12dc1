// `patchbay doctor` end to end: the built bundle as a child process, on a temp project and HOME whose
// host files (Claude Code, Cursor, OpenCode) point at the fixture servers of test/fixtures/doctor.
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../helpers/cli-sandbox.js';
import { closedPort, startHttpServer, type HttpFixture } from '../fixtures/doctor/http-server.mjs';
import { fixture, pidLog, survivors, type PidLog } from '../doctor/helpers.js';

const NODE = process.execPath;
const TIMEOUT_MS = 3_000;
const PARALLEL = 4;

let sb: Sandbox;
let pids: PidLog;
let http: HttpFixture;

beforeAll(async () => {
  http = await startHttpServer({ token: 'tkn-e2e-789' });
});
afterAll(async () => {
  await http.close();
});
beforeEach(async () => {
  sb = await createSandbox();
  pids = await pidLog();
});
afterEach(async () => {
  await sb.cleanup();
  await pids.cleanup();
});

const stdio = (script: string, env?: Record<string, string>) => ({ command: NODE, args: [fixture(script)], ...(env ? { env } : {}) });
const local = (script: string, environment?: Record<string, string>) => ({ type: 'local', command: [NODE, fixture(script)], ...(environment ? { environment } : {}) });

/** The fixtures in three hosts, each referencing the secret and the token in its own syntax. */
async function writeProject(unreachablePort: number): Promise<void> {
  await sb.write('project/.mcp.json', JSON.stringify({
    mcpServers: {
      good: stdio('good.mjs'),
      crash: stdio('crash.mjs'),
      keyed: stdio('needs-env.mjs', { DOCTOR_FIXTURE_KEY: '${DOCTOR_SECRET}' }),
      old: stdio('old-protocol.mjs'),
      unapproved: stdio('good.mjs'),
      remote: { type: 'http', url: http.url, headers: { Authorization: 'Bearer ${TOKEN}' } },
    },
  }, null, 2));
  await sb.write('home/.claude.json', JSON.stringify({
    projects: { [sb.project]: { hasTrustDialogAccepted: true, enabledMcpjsonServers: ['good', 'crash', 'keyed', 'old', 'remote'] } },
  }));
  await sb.write('project/.cursor/mcp.json', JSON.stringify({
    mcpServers: {
      good: stdio('good.mjs'),
      keyed: stdio('needs-env.mjs', { DOCTOR_FIXTURE_KEY: '${env:DOCTOR_SECRET}' }),
      garbage: stdio('garbage.mjs'),
      remote: { url: http.url, headers: { Authorization: 'Bearer ${env:TOKEN}' } },
    },
  }, null, 2));
  await sb.write('project/opencode.jsonc', JSON.stringify({
    $schema: 'https://opencode.ai/config.json',
    mcp: {
      good: local('good.mjs'),
      keyed: local('needs-env.mjs', { DOCTOR_FIXTURE_KEY: '{env:DOCTOR_SECRET}' }),
      hang: local('hang.mjs'),
      off: { type: 'local', command: ['does-not-matter'], enabled: false },
      gone: { type: 'remote', url: `http://127.0.0.1:${unreachablePort}/mcp` },
    },
  }, null, 2));
}

interface JsonRow {
  host: string;
  file: string;
  name: string;
  status: string;
  reason?: string;
  launchId?: string;
  tools?: number;
  protocolVersion?: string;
  stderr?: string[];
  missingEnv?: string[];
}

const env = (over: Record<string, string | undefined> = {}) => ({ DOCTOR_PID_FILE: pids.file, DOCTOR_SECRET: 'sesame-123', TOKEN: 'tkn-e2e-789', ...over });

async function waitGone(list: number[]): Promise<number[]> {
  const deadline = Date.now() + 3_000;
  while (survivors(list).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return survivors(list);
}

describe('patchbay doctor --json', () => {
  it('one row per host × file × server, each fixture its exact status, within the time bound, nothing left running', async () => {
    await writeProject(await closedPort());
    const started = Date.now();
    // --trust: Cursor's consent rules are unknown and Copilot CLI has no trusted folder here, so
    // without it their project servers would not be started (the consent tests below).
    const r = await sb.run(['doctor', '--json', '--trust', '--timeout', String(TIMEOUT_MS), '--parallel', String(PARALLEL)], { env: env() });
    const elapsed = Date.now() - started;
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout) as { command: string; status: string; exitCode: number; rows: JsonRow[]; summary: { total: number; launches: number; healthy: boolean } };
    expect(doc).toMatchObject({ command: 'doctor', status: 'unhealthy', exitCode: 1 });
    const rows = Object.fromEntries(doc.rows.map((row) => [`${row.host} ${row.name}`, row]));
    expect(Object.keys(rows)).toEqual([
      'opencode good', 'opencode keyed', 'opencode hang', 'opencode off', 'opencode gone',
      'claude-code good', 'claude-code crash', 'claude-code keyed', 'claude-code old', 'claude-code unapproved', 'claude-code remote',
      'cursor good', 'cursor keyed', 'cursor garbage', 'cursor remote',
      // GitHub Copilot CLI reads the project `.mcp.json` too (its consent: a trusted folder).
      'copilot-cli good', 'copilot-cli crash', 'copilot-cli keyed', 'copilot-cli old', 'copilot-cli unapproved', 'copilot-cli remote',
    ]);
    const status = (key: string) => ({ status: rows[key]?.status, reason: rows[key]?.reason });
    expect(status('opencode good')).toEqual({ status: 'ok', reason: undefined });
    expect(status('opencode hang')).toEqual({ status: 'timeout', reason: 'timeout' });
    expect(status('opencode off')).toEqual({ status: 'disabled', reason: undefined });
    expect(status('opencode gone')).toEqual({ status: 'failed', reason: 'unreachable' });
    expect(status('claude-code crash')).toEqual({ status: 'failed', reason: 'exited' });
    expect(status('claude-code unapproved')).toEqual({ status: 'needs-approval', reason: undefined });
    expect(status('cursor garbage')).toEqual({ status: 'failed', reason: 'protocol-violation' });
    expect(status('copilot-cli unapproved')).toEqual({ status: 'untrusted', reason: undefined });
    expect(status('copilot-cli crash')).toEqual({ status: 'failed', reason: 'exited' });
    expect(rows['claude-code old']).toMatchObject({ status: 'ok', protocolVersion: '2024-11-05' });
    for (const host of ['opencode', 'claude-code', 'cursor']) expect(rows[`${host} keyed`]).toMatchObject({ status: 'ok', tools: 1 });
    for (const host of ['claude-code', 'cursor']) expect(rows[`${host} remote`]).toMatchObject({ status: 'ok', tools: 3 });
    // Started because of --trust, and it works; but Copilot CLI itself would not load it here.
    expect(rows['copilot-cli keyed']).toMatchObject({ status: 'untrusted', tools: 1 });
    expect(rows['copilot-cli remote']).toMatchObject({ status: 'untrusted', tools: 3 });
    expect(rows['claude-code crash']?.stderr).toContain('connecting to upstream with --token=<redacted>');
    expect(rows['claude-code good']?.file).toBe('.mcp.json');

    // Shared launches: good (6 entries, 4 hosts), keyed (4 hosts, 3 syntaxes), remote (3 hosts).
    const launchOf = (key: string) => rows[key]?.launchId;
    expect(new Set(['opencode good', 'claude-code good', 'claude-code unapproved', 'cursor good', 'copilot-cli good', 'copilot-cli unapproved'].map(launchOf)).size).toBe(1);
    expect(new Set(['opencode keyed', 'claude-code keyed', 'cursor keyed', 'copilot-cli keyed'].map(launchOf)).size).toBe(1);
    expect(new Set(['claude-code remote', 'cursor remote', 'copilot-cli remote'].map(launchOf)).size).toBe(1);
    // good, keyed, hang, gone, crash, old, remote, garbage
    expect(doc.summary).toMatchObject({ total: 21, launches: 8, healthy: false });

    // The correctness bound: ceil(launches / parallel) rounds of at most the timeout each, plus a
    // generous margin for start-up, the shutdown grace of the hung server, and a busy 2-core box.
    expect(elapsed).toBeLessThan(TIMEOUT_MS * Math.ceil(8 / PARALLEL) + 10_000);

    for (const secret of ['sesame-123', 'tkn-e2e-789', 'abc123secret', 'hunter2hunter2']) expect(r.stdout + r.stderr).not.toContain(secret);
    // 6 stdio launches, plus the grandchild of hang; none still runs.
    expect(pids.pids()).toHaveLength(7);
    expect(await waitGone(pids.pids())).toEqual([]);
  });

  it('the same server in four hosts starts once', async () => {
    await writeProject(await closedPort());
    await sb.write('home/.copilot/config.json', JSON.stringify({ trusted_folders: [sb.project] }));
    const r = await sb.run(['doctor', 'good', '--json', '--trust'], { env: env() });
    const doc = JSON.parse(r.stdout) as { rows: JsonRow[] };
    expect(doc.rows.map((row) => `${row.host} ${row.status}`)).toEqual(['opencode ok', 'claude-code ok', 'cursor ok', 'copilot-cli ok']);
    expect(pids.pids()).toHaveLength(1);
    expect(r.code).toBe(0);
  });

  it('a missing variable is reported by name in every host syntax, and the server is not started', async () => {
    await writeProject(await closedPort());
    const r = await sb.run(['doctor', 'keyed', '--json'], { env: env({ DOCTOR_SECRET: undefined }) });
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout) as { rows: JsonRow[] };
    expect(doc.rows.map((row) => [row.host, row.status, row.missingEnv])).toEqual([
      ['opencode', 'missing-env', ['DOCTOR_SECRET']],
      ['claude-code', 'missing-env', ['DOCTOR_SECRET']],
      ['cursor', 'missing-env', ['DOCTOR_SECRET']],
      ['copilot-cli', 'missing-env', ['DOCTOR_SECRET']],
    ]);
    expect(pids.pids()).toEqual([]);
  });
});

describe('patchbay doctor: consent before running a project\'s commands (issue 23)', () => {
  /** A fresh clone: one `.mcp.json` server whose start writes its pid (the marker) to DOCTOR_PID_FILE. */
  const clone = () => sb.write('project/.mcp.json', JSON.stringify({ mcpServers: { marker: stdio('good.mjs') } }));
  const verdicts = (stdout: string) => (JSON.parse(stdout) as { rows: JsonRow[] }).rows.map((row) => `${row.host} ${row.status}`);

  it('plain doctor starts nothing and still reports a row per host, each with its host\'s way to consent', async () => {
    await clone();
    const r = await sb.run(['doctor', '--json'], { env: env() });
    expect(r.code).toBe(1);
    expect(verdicts(r.stdout)).toEqual(['claude-code needs-approval', 'copilot-cli untrusted']);
    const doc = JSON.parse(r.stdout) as { trusted: boolean; rows: Array<JsonRow & { hint: string; message: string }>; summary: { launches: number } };
    expect(doc).toMatchObject({ trusted: false, summary: { launches: 0 } });
    expect(doc.rows[0]?.hint).toMatch(/enabledMcpjsonServers .*; or run `patchbay doctor --trust`/);
    expect(doc.rows[1]?.hint).toMatch(/trusted_folders/);
    expect(pids.pids()).toEqual([]);
    // The people's table says the same: not started, and why.
    const human = await sb.run(['doctor'], { env: env() });
    expect(human.stdout).toMatch(/^needs-approval +claude-code +\.mcp\.json +marker +not started$/m);
    expect(human.stdout).toMatch(/^untrusted +copilot-cli +\.mcp\.json +marker +not started$/m);
    expect(human.stdout).toContain('Host files (project and user scope): .mcp.json\n');
    expect(pids.pids()).toEqual([]);
  });

  it('--trust starts it (once for both hosts); the verdicts stay the hosts\'', async () => {
    await clone();
    const r = await sb.run(['doctor', '--json', '--trust'], { env: env() });
    expect(verdicts(r.stdout)).toEqual(['claude-code needs-approval', 'copilot-cli untrusted']);
    expect((JSON.parse(r.stdout) as { rows: Array<{ message: string }> }).rows[0]?.message).toMatch(/^works, but Claude Code will not start it/);
    expect(pids.pids()).toHaveLength(1);
  });

  it('enableAllProjectMcpServers in ~/.claude/settings.json: claude-code ok; copilot-cli not ok while the folder is untrusted', async () => {
    await clone();
    await sb.write('home/.claude/settings.json', JSON.stringify({ enableAllProjectMcpServers: true }));
    const r = await sb.run(['doctor', '--json'], { env: env() });
    expect(verdicts(r.stdout)).toEqual(['claude-code ok', 'copilot-cli untrusted']);
    expect(r.code).toBe(1);
    expect(pids.pids()).toHaveLength(1);
    await sb.write('home/.copilot/config.json', JSON.stringify({ trusted_folders: [sb.root] }));
    const trusted = await sb.run(['doctor', '--json'], { env: env() });
    expect(verdicts(trusted.stdout)).toEqual(['claude-code ok', 'copilot-cli ok']);
    expect(trusted.code).toBe(0);
  });
});

describe('patchbay doctor: catalog hosts beyond the JSON `mcpServers` ones', () => {
  it('VS Code `servers`, Codex TOML and Goose YAML: each fixture is started from its host file and is ok', async () => {
    await sb.write('project/.vscode/mcp.json', JSON.stringify({ servers: { vs: { type: 'stdio', ...stdio('needs-env.mjs', { DOCTOR_FIXTURE_KEY: '${env:DOCTOR_SECRET}' }) } } }));
    await sb.write('project/.codex/config.toml', `[mcp_servers.cx]\ncommand = ${JSON.stringify(NODE)}\nargs = [${JSON.stringify(fixture('good.mjs'))}]\n`);
    await sb.write('home/.config/goose/config.yaml', `extensions:\n  gz:\n    name: gz\n    type: stdio\n    cmd: ${JSON.stringify(NODE)}\n    args: [${JSON.stringify(fixture('old-protocol.mjs'))}]\n    enabled: true\n`);
    await sb.write('home/.grok/config.toml', '[mcp_servers.broken\n');
    await sb.write('home/.codex/config.toml', `[projects.${JSON.stringify(sb.project)}]\ntrust_level = "trusted"\n`);
    const r = await sb.run(['doctor', '--json', '--trust', '--host', 'vscode,codex,goose,grok'], { env: env() });
    const doc = JSON.parse(r.stdout) as { rows: JsonRow[]; diagnostics: Array<{ code: string; host?: string }> };
    expect(doc.rows.map((row) => [row.host, row.file, row.name, row.status])).toEqual([
      ['vscode', '.vscode/mcp.json', 'vs', 'ok'],
      ['codex', '.codex/config.toml', 'cx', 'ok'],
      ['goose', '~/.config/goose/config.yaml', 'gz', 'ok'],
    ]);
    // The malformed TOML file is a diagnostic of its host, so the run is not healthy (exit 1).
    expect(doc.diagnostics.map((d) => d.host)).toEqual(['grok']);
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).not.toContain('sesame-123');
    expect(await waitGone(pids.pids())).toEqual([]);
  });
});

describe('patchbay doctor (people, exit codes)', () => {
  it('exit 0 when every server is ok or disabled; a table line per row, no progress line off a terminal', async () => {
    // OpenCode starts a project's servers without asking, so no --trust is needed.
    await sb.write('project/opencode.json', JSON.stringify({ mcp: { good: local('good.mjs'), off: { type: 'local', command: ['x'], enabled: false } } }));
    const r = await sb.run(['doctor', '--scope', 'project'], { env: env() });
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe('Host files (project scope): opencode.json');
    expect(lines[2]).toMatch(/^ok +opencode +opencode\.json +good +2025-11-25, 2 tools, \d+ ms$/);
    expect(lines[3]).toMatch(/^disabled +opencode +opencode\.json +off +`enabled: false` in the entry$/);
    expect(lines.at(-1)).toMatch(/^2 servers: 1 ok, 1 disabled \(1 started, [\d.]+ s\)$/);
    expect(r.stderr).toBe('');
  });

  it('a failure gets its stderr and a hint line', async () => {
    await sb.write('project/.mcp.json', JSON.stringify({ mcpServers: { crash: stdio('crash.mjs') } }));
    const r = await sb.run(['doctor', '--trust', path.join(sb.project)], { cwd: sb.root, env: env() });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^failed +claude-code +\.mcp\.json +crash +exit 1: the server exited with code 1 before answering$/m);
    expect(r.stdout).toContain('    stderr: connecting to upstream with --token=<redacted>');
    expect(r.stdout).toMatch(/^ {4}hint: /m);
    expect(r.stdout).not.toContain('abc123secret');
  });

  it('usage errors exit 2: an unknown server name, a bad --timeout or --parallel', async () => {
    await sb.write('project/.mcp.json', JSON.stringify({ mcpServers: { good: stdio('good.mjs') } }));
    const unknown = await sb.run(['doctor', 'nosuch']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("No server named 'nosuch'");
    expect(unknown.stderr).toContain('Servers found: good.');
    expect((await sb.run(['doctor', '--timeout', 'soon'])).code).toBe(2);
    expect((await sb.run(['doctor', '--parallel', '0'])).code).toBe(2);
    expect((await sb.run(['doctor', '--host', 'vim'])).code).toBe(2);
    expect(pids.pids()).toEqual([]);
  });

  it('no host file at all: exit 0 and says so', async () => {
    const r = await sb.run(['doctor']);
    expect(r).toMatchObject({ code: 0, stdout: 'No host file found (project and user scope).\n' });
  });
});
