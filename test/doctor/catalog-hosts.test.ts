// Doctor reads every catalog host through its host record: a JSON host with another container (VS Code
// `servers`, Zed `context_servers`), Codex TOML, Goose YAML (map with `cmd`/`envs`), Continue YAML
// blocks. Real temp project and home, real fixture servers: each is started the way its host would
// and answers. Malformed TOML/YAML files give diagnostics, and entries doctor cannot start faithfully
// give rows that say why.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runDoctor } from '../../src/doctor/run.js';
import { readTargets } from '../../src/doctor/targets.js';
import { fixture, pidLog, survivors, type PidLog } from './helpers.js';

let pids: PidLog;
let project: string;
let home: string;
beforeEach(async () => {
  pids = await pidLog();
  project = path.join(pids.dir, 'project');
  home = path.join(pids.dir, 'home');
  await mkdir(project, { recursive: true });
});
afterEach(async () => {
  await pids.cleanup();
});

const NODE = process.execPath;
const GOOD = fixture('good.mjs');
const KEYED = fixture('needs-env.mjs');
const q = (s: string) => JSON.stringify(s);
const env = (over: Record<string, string | undefined> = {}) => ({
  PATH: process.env.PATH,
  HOME: home,
  XDG_CONFIG_HOME: path.join(home, '.config'),
  DOCTOR_PID_FILE: pids.file,
  DOCTOR_SECRET: 'sesame-123',
  DOCTOR_FIXTURE_KEY: 'sesame-123',
  ...over,
});

async function put(rel: string, text: string): Promise<string> {
  const file = path.join(pids.dir, rel);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
  return file;
}

async function waitGone(list: number[]): Promise<number[]> {
  const deadline = Date.now() + 3_000;
  while (survivors(list).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return survivors(list);
}

describe('doctor reads the catalog hosts from their records', () => {
  it('VS Code, Zed, Codex, Goose and Continue entries are started as each host would, and answer', async () => {
    // VS Code: `servers`, `type: stdio`, `${env:NAME}`.
    await put('project/.vscode/mcp.json', JSON.stringify({
      servers: { vs: { type: 'stdio', command: NODE, args: [KEYED], env: { DOCTOR_FIXTURE_KEY: '${env:DOCTOR_SECRET}' } } },
      inputs: [],
    }, null, 2));
    // Zed: `context_servers`, JSONC with a comment and a trailing comma.
    await put('project/.zed/settings.json', `{\n  // Zed settings\n  "context_servers": { "zd": { "source": "custom", "command": ${q(NODE)}, "args": [${q(GOOD)}], }, },\n}\n`);
    // Codex: TOML `[mcp_servers.<name>]`, the secret forwarded by name.
    await put('project/.codex/config.toml', `[mcp_servers.cx]\ncommand = ${q(NODE)}\nargs = [${q(KEYED)}]\nenv_vars = ["DOCTOR_FIXTURE_KEY"]\n`);
    // Goose: YAML `extensions.<key>` with `cmd`/`args`/`envs`; a built-in extension is not a server.
    await put('home/.config/goose/config.yaml', [
      'extensions:',
      '  gz:',
      '    name: gz',
      '    type: stdio',
      `    cmd: ${q(NODE)}`,
      `    args: [${q(KEYED)}]`,
      '    envs:',
      '      DOCTOR_FIXTURE_KEY: sesame-123',
      '    enabled: true',
      '    timeout: 300',
      '  developer:',
      '    name: developer',
      '    type: builtin',
      '    enabled: true',
      '  off:',
      '    type: stdio',
      '    cmd: does-not-matter',
      '    enabled: false',
      '',
    ].join('\n'));
    // Continue: a project block per server, a list of `{name, …}` items.
    await put('project/.continue/mcpServers/ct.yaml', `name: ct\nversion: 0.0.1\nschema: v1\nmcpServers:\n  - name: ct\n    command: ${q(NODE)}\n    args: [${q(GOOD)}]\n`);

    const read = await readTargets({ projectDir: project, home, env: env() });
    expect(read.diagnostics).toEqual([]);
    const brief = read.targets.map((t) => [t.host, t.scope, path.relative(pids.dir, t.file), t.name, t.launch.kind]);
    expect(brief).toEqual([
      ['vscode', 'project', 'project/.vscode/mcp.json', 'vs', 'launch'],
      // VS Code Insiders shares the project file.
      ['vscode-insiders', 'project', 'project/.vscode/mcp.json', 'vs', 'launch'],
      ['zed', 'project', 'project/.zed/settings.json', 'zd', 'launch'],
      ['codex', 'project', 'project/.codex/config.toml', 'cx', 'launch'],
      ['goose', 'user', 'home/.config/goose/config.yaml', 'gz', 'launch'],
      ['goose', 'user', 'home/.config/goose/config.yaml', 'developer', 'unsupported'],
      ['goose', 'user', 'home/.config/goose/config.yaml', 'off', 'disabled'],
      ['continue', 'project', 'project/.continue/mcpServers/ct.yaml', 'ct', 'launch'],
    ]);
    // The launch is the host's: Goose's `cmd`, Codex's forwarded variable, the project as cwd.
    expect(read.targets.find((t) => t.name === 'gz')?.launch).toMatchObject({ kind: 'launch', launch: { command: NODE, args: [KEYED], env: { DOCTOR_FIXTURE_KEY: 'sesame-123' }, cwd: project } });
    expect(read.targets.find((t) => t.name === 'cx')?.launch).toMatchObject({ kind: 'launch', launch: { env: { DOCTOR_FIXTURE_KEY: 'sesame-123' } } });

    // The child gets only the entry's env over doctor's own; keep the secret out of it so only the
    // host's expansion (or forwarding) can supply it.
    // --trust: VS Code, Zed and Continue have no verified consent rules, and Codex's project is not
    // trusted; this test is about reading each host's entries, so doctor may start them.
    const report = await runDoctor(read.targets, { env: env({ DOCTOR_FIXTURE_KEY: undefined }), graceMs: 300, trust: true });
    expect(report.rows.map((r) => [r.host, r.name, r.status])).toEqual([
      ['vscode', 'vs', 'ok'],
      ['vscode-insiders', 'vs', 'ok'],
      ['zed', 'zd', 'ok'],
      ['codex', 'cx', 'untrusted'],
      ['goose', 'gz', 'ok'],
      ['goose', 'developer', 'unsupported'],
      ['goose', 'off', 'disabled'],
      ['continue', 'ct', 'ok'],
    ]);
    expect(report.rows.find((r) => r.name === 'developer')?.message).toMatch(/`type: builtin` names no command or URL/);
    expect(report.rows.find((r) => r.name === 'cx')?.message).toMatch(/^works, but Codex ignores the project's files/);
    expect(await waitGone(pids.pids())).toEqual([]);
  });

  it('malformed TOML and YAML files give diagnostic rows, not a crash; the other hosts still count', async () => {
    const toml = await put('home/.codex/config.toml', '[mcp_servers.broken\ncommand = "x"\n');
    const yaml = await put('home/.config/goose/config.yaml', 'extensions:\n  a: [unclosed\n');
    await put('home/.continue/config.yaml', 'mcpServers: {}\n');
    await put('project/.vscode/mcp.json', JSON.stringify({ servers: { ok: { command: NODE, args: [GOOD] } } }));
    const read = await readTargets({ projectDir: project, home, env: env() });
    expect(read.targets.map((t) => [t.host, t.name])).toEqual([['vscode', 'ok'], ['vscode-insiders', 'ok']]);
    const byHost = (host: string) => read.diagnostics.filter((d) => d.host === host);
    expect(byHost('codex')).toEqual([expect.objectContaining({ severity: 'error', path: toml, line: expect.any(Number) })]);
    expect(byHost('goose')).toEqual([expect.objectContaining({ severity: 'error', path: yaml })]);
    // Continue's `mcpServers` must be a list: the container check of the record's place.
    expect(byHost('continue')).toEqual([expect.objectContaining({ code: 'invalid-shape', pointer: '/mcpServers' })]);
    expect(read.files).toEqual(expect.arrayContaining([toml, yaml]));
  });

  it('entries doctor cannot start faithfully are rows that say why', async () => {
    // Claude Desktop reads no URL servers from its file (remote servers are Connectors there).
    await put('home/.config/Claude/claude_desktop_config.json', JSON.stringify({ mcpServers: { cloud: { url: 'https://x.example/mcp' } } }));
    // Codex has no SSE; Zed has HTTP only.
    await put('project/.codex/config.toml', '[mcp_servers.sse]\nurl = "https://x.example/sse"\ntype = "sse"\n');
    // Zed has no reference syntax patchbay knows of: the value is passed as written, with a note.
    await put('project/.zed/settings.json', JSON.stringify({ context_servers: { lit: { command: NODE, args: ['${HOME}'] } } }));
    const read = await readTargets({ projectDir: project, home, env: env() });
    const t = (name: string) => read.targets.find((x) => x.name === name);
    expect(t('cloud')).toMatchObject({ host: 'claude-desktop', launch: { kind: 'unsupported', message: expect.stringMatching(/no URL server entries for Claude Desktop/) } });
    expect(t('sse')).toMatchObject({ host: 'codex', launch: { kind: 'unsupported', message: 'Codex has no SSE transport that patchbay knows of' } });
    expect(t('lit')).toMatchObject({ host: 'zed', launch: { kind: 'launch', launch: { args: ['${HOME}'] } } });
    expect(t('lit')?.notes).toEqual([expect.stringMatching(/no env-reference syntax for Zed/)]);
  });
});
