// The TOML and YAML host records (Codex, Grok, Mistral Vibe, Goose, Continue) through the host core:
// the exact bytes of a created file, idempotent init, status `current`, uninstall deleting what it
// created, migrate re-pinning a stale entry, ownership, Windows wrapping, and the trust note.
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { inspectHosts, planAction } from '../../src/installers/index.js';
import type { Scope } from '../../src/installers/types.js';
import { afterText, applyChange, makeEnv, put, readText, V, type TestEnv } from './helpers.js';

let env: TestEnv;
afterEach(async () => env?.cleanup());

const NEW = '0.2.0';

interface Created {
  host: string;
  scope: Scope;
  /** The file, relative to env.root. */
  file: string;
  text: string;
}

const CREATED: Created[] = [
  {
    host: 'codex', scope: 'user', file: 'home/.codex/config.toml',
    text: `[mcp_servers.patchbay]\ncommand = "npx"\nargs = ["--yes", "patchbay-mcp@${V}", "mcp"]\n`,
  },
  {
    host: 'codex', scope: 'project', file: 'project/.codex/config.toml',
    text: `[mcp_servers.patchbay]\ncommand = "npx"\nargs = ["--yes", "patchbay-mcp@${V}", "mcp"]\n`,
  },
  {
    host: 'grok', scope: 'user', file: 'home/.grok/config.toml',
    text: `[mcp_servers.patchbay]\ncommand = "npx"\nargs = ["--yes", "patchbay-mcp@${V}", "mcp"]\n`,
  },
  {
    host: 'mistral-vibe', scope: 'project', file: 'project/.vibe/config.toml',
    text: `[[mcp_servers]]\nname = "patchbay"\ntransport = "stdio"\ncommand = "npx"\nargs = ["--yes", "patchbay-mcp@${V}", "mcp"]\n`,
  },
  {
    host: 'goose', scope: 'user', file: 'home/.config/goose/config.yaml',
    text: `extensions:\n  patchbay:\n    name: patchbay\n    type: stdio\n    cmd: npx\n    args:\n      - --yes\n      - patchbay-mcp@${V}\n      - mcp\n    enabled: true\n    timeout: 300\n`,
  },
  {
    host: 'continue', scope: 'user', file: 'home/.continue/config.yaml',
    text: `name: Local Config\nversion: 1.0.0\nschema: v1\nmcpServers:\n  - name: patchbay\n    command: npx\n    args:\n      - --yes\n      - patchbay-mcp@${V}\n      - mcp\n`,
  },
  {
    host: 'continue', scope: 'project', file: 'project/.continue/mcpServers/patchbay.yaml',
    text: `name: patchbay\nversion: 0.0.1\nschema: v1\nmcpServers:\n  - name: patchbay\n    command: npx\n    args:\n      - --yes\n      - patchbay-mcp@${V}\n      - mcp\n`,
  },
];

const errors = (r: { diagnostics: { severity: string }[] }) => r.diagnostics.filter((d) => d.severity === 'error');

describe.each(CREATED)('$host ($scope): a new file', ({ host, scope, file, text }) => {
  test('init creates exactly this text; a second init plans nothing; status is current; uninstall deletes the file', async () => {
    env = await makeEnv();
    const req = { hosts: [host], scope, version: V };
    const init = await planAction(env.ctx, { action: 'init', ...req });
    expect(errors(init)).toEqual([]);
    expect(init.plan.changes.map((c) => path.relative(env.root, c.path))).toEqual([file]);
    expect(afterText(init.plan.changes[0])).toBe(text);
    await applyChange(init.plan.changes[0]!);

    const again = await planAction(env.ctx, { action: 'init', ...req });
    expect(errors(again)).toEqual([]);
    expect(again.plan.changes).toEqual([]);
    const [report] = await inspectHosts(env.ctx, { hosts: [host], scope, version: V });
    expect(report?.files.find((f) => f.exists)).toMatchObject({ state: 'current', pin: V });
    expect(report?.files.find((f) => f.exists)?.servers).toEqual([expect.objectContaining({ name: 'patchbay', managed: true, transport: 'stdio', command: 'npx' })]);

    const un = await planAction(env.ctx, { action: 'uninstall', ...req });
    expect(errors(un)).toEqual([]);
    expect(un.plan.changes).toHaveLength(1);
    expect(un.plan.changes[0]?.after).toBe('delete');
  });

  test('migrate re-pins a stale entry (only the pin changes) and status is current again', async () => {
    env = await makeEnv();
    const target = path.join(env.root, file);
    await put(target, text);
    const req = { hosts: [host], scope, version: NEW };
    const [before] = await inspectHosts(env.ctx, req);
    expect(before?.files.find((f) => f.exists)).toMatchObject({ state: 'stale', pin: V });
    const init = await planAction(env.ctx, { action: 'init', ...req });
    expect(errors(init).map((d) => (d as { code?: string }).code)).toEqual(['stale-entry']);

    const migrate = await planAction(env.ctx, { action: 'migrate', ...req });
    expect(errors(migrate)).toEqual([]);
    expect(afterText(migrate.plan.changes[0])).toBe(text.replace(`patchbay-mcp@${V}`, `patchbay-mcp@${NEW}`));
    await applyChange(migrate.plan.changes[0]!);
    const [after] = await inspectHosts(env.ctx, req);
    expect(after?.files.find((f) => f.exists)).toMatchObject({ state: 'current', pin: NEW });
  });

  test('an entry of our name that runs something else is foreign: init, migrate and uninstall leave it', async () => {
    env = await makeEnv();
    const target = path.join(env.root, file);
    const foreign = text.replace(/npx/g, 'my-npx');
    await put(target, foreign);
    for (const action of ['init', 'migrate', 'uninstall'] as const) {
      const r = await planAction(env.ctx, { action, hosts: [host], scope, version: V });
      expect(errors(r).map((d) => (d as { code?: string }).code)).toEqual(['foreign-entry']);
      expect(r.plan.changes).toEqual([]);
    }
    expect(await readText(target)).toBe(foreign);
  });
});

describe('host specifics', () => {
  test('Codex on Windows: cmd /c npx …, and that entry is ours on Linux too', async () => {
    env = await makeEnv({}, 'win32');
    const init = await planAction(env.ctx, { action: 'init', hosts: ['codex'], scope: 'project', version: V });
    const text = afterText(init.plan.changes[0]);
    expect(text).toContain(`command = "cmd"\nargs = ["/c", "npx", "--yes", "patchbay-mcp@${V}", "mcp"]`);
    await applyChange(init.plan.changes[0]!);
    const linux = { ...env.ctx, platform: 'linux' as const };
    const [report] = await inspectHosts(linux, { hosts: ['codex'], scope: 'project', version: V });
    expect(report?.files[0]?.state).toBe('stale'); // ours (managed), but not the Linux spelling
    expect(report?.files[0]?.servers[0]?.managed).toBe(true);
  });

  test('Goose and Continue keep plain npx on Windows only where the host wraps it itself', async () => {
    env = await makeEnv({}, 'win32');
    const goose = await planAction(env.ctx, { action: 'init', hosts: ['goose'], scope: 'user', version: V });
    expect(afterText(goose.plan.changes[0])).toContain('cmd: cmd\n');
    const cont = await planAction(env.ctx, { action: 'init', hosts: ['continue'], scope: 'user', version: V });
    expect(afterText(cont.plan.changes[0])).toContain('command: npx\n');
  });

  test('CODEX_HOME, GROK_HOME, VIBE_HOME, CONTINUE_GLOBAL_DIR and GOOSE_PATH_ROOT move the user files', async () => {
    env = await makeEnv();
    const alt = path.join(env.root, 'alt');
    const ctx = { ...env.ctx, env: { ...env.ctx.env, CODEX_HOME: `${alt}/c`, GROK_HOME: `${alt}/g`, VIBE_HOME: `${alt}/v`, CONTINUE_GLOBAL_DIR: `${alt}/n`, GOOSE_PATH_ROOT: `${alt}/o` } };
    const r = await planAction(ctx, { action: 'init', hosts: ['codex', 'grok', 'mistral-vibe', 'continue', 'goose'], scope: 'user', version: V });
    expect(errors(r)).toEqual([]);
    expect(r.plan.changes.map((c) => path.relative(alt, c.path)).sort()).toEqual(['c/config.toml', 'g/config.toml', 'n/config.yaml', 'o/config/config.yaml', 'v/config.toml']);
  });

  test('a relative CODEX_HOME is ignored (~/.codex)', async () => {
    env = await makeEnv();
    const ctx = { ...env.ctx, env: { ...env.ctx.env, CODEX_HOME: 'rel' } };
    const r = await planAction(ctx, { action: 'init', hosts: ['codex'], scope: 'user', version: V });
    expect(path.relative(env.home, r.plan.changes[0]!.path)).toBe(path.join('.codex', 'config.toml'));
  });

  test('Codex project scope: an info note until the user file trusts the project, none after', async () => {
    env = await makeEnv();
    const plan = () => planAction(env.ctx, { action: 'init', hosts: ['codex'], scope: 'project', version: V });
    const first = await plan();
    const note = first.diagnostics.find((d) => d.code === 'project-needs-trust');
    expect(note).toMatchObject({ severity: 'info', host: 'codex' });
    expect(note?.hint).toContain('trust_level = "trusted" to ~/.codex/config.toml');
    expect(`${note?.message} ${note?.hint}`).not.toContain(env.root); // no absolute path in the words (`path` is shortened by presenters)
    expect(first.plan.changes).toHaveLength(1); // a note, not a refusal
    await put(path.join(env.home, '.codex', 'config.toml'), `# mine\n[projects."${env.projectDir}"]\ntrust_level = "trusted"\n`);
    expect((await plan()).diagnostics).toEqual([]);
    // User scope never gets the note.
    const user = await planAction(env.ctx, { action: 'init', hosts: ['codex'], scope: 'user', version: V });
    expect(user.diagnostics).toEqual([]);
  });

  test('Goose and Grok: detection says why; Goose has no project scope', async () => {
    env = await makeEnv({ goose: { ok: true, stdout: '1.9.0\n' } });
    const r = await planAction(env.ctx, { action: 'init', hosts: ['goose'], scope: 'project', version: V });
    expect(r.diagnostics[0]?.code).toBe('usage');
    const [report] = await inspectHosts(env.ctx, { hosts: ['goose', 'grok'], scope: 'user', version: V });
    expect(report?.detection).toMatchObject({ detected: true, version: '1.9.0' });
    expect(report?.detection.reasons[0]).toContain('`goose --version` printed 1.9.0');
  });

  test('Goose: an extension whose `name` differs from its key is not ours', async () => {
    env = await makeEnv();
    const file = path.join(env.home, '.config', 'goose', 'config.yaml');
    const ours = CREATED.find((c) => c.host === 'goose')!.text;
    await put(file, ours.replace('name: patchbay', 'name: Patchbay'));
    const r = await planAction(env.ctx, { action: 'uninstall', hosts: ['goose'], scope: 'user', version: V });
    expect(errors(r).map((d) => (d as { code?: string }).code)).toEqual(['foreign-entry']);
  });

  test('Goose: the defaults goose itself writes back (envs {}, env_keys [], bundled null) keep the entry ours and current', async () => {
    env = await makeEnv();
    const file = path.join(env.home, '.config', 'goose', 'config.yaml');
    await put(file, `extensions:\n  patchbay:\n    args:\n    - --yes\n    - patchbay-mcp@${V}\n    - mcp\n    bundled: null\n    cmd: npx\n    description: ''\n    enabled: true\n    env_keys: []\n    envs: {}\n    name: patchbay\n    timeout: 300\n    type: stdio\n`);
    const [report] = await inspectHosts(env.ctx, { hosts: ['goose'], scope: 'user', version: V });
    expect(report?.files[0]?.state).toBe('stale'); // ours; `current` is the exact entry only
    const un = await planAction(env.ctx, { action: 'uninstall', hosts: ['goose'], scope: 'user', version: V });
    expect(errors(un)).toEqual([]);
  });

  test('Continue block: a block file holding another server is refused (a block takes one)', async () => {
    env = await makeEnv();
    const block = path.join(env.projectDir, '.continue', 'mcpServers', 'patchbay.yaml');
    await put(block, 'name: x\nversion: 0.0.1\nschema: v1\nmcpServers:\n  - name: other\n    command: x\n');
    const r = await planAction(env.ctx, { action: 'init', hosts: ['continue'], scope: 'project', version: V });
    expect(errors(r)).toEqual([expect.objectContaining({ code: 'invalid-shape' })]);
    expect(r.plan.changes).toEqual([]);
  });

  test('Continue block: other blocks in .continue/mcpServers are not touched', async () => {
    env = await makeEnv();
    const other = path.join(env.projectDir, '.continue', 'mcpServers', 'other.yaml');
    await put(other, 'name: other\nversion: 0.0.1\nschema: v1\nmcpServers:\n  - name: other\n    command: x\n');
    const r = await planAction(env.ctx, { action: 'init', hosts: ['continue'], scope: 'project', version: V });
    expect(r.plan.changes.map((c) => path.basename(c.path))).toEqual(['patchbay.yaml']);
  });

  test('Continue user file: appended to an existing assistant, removed again byte for byte', async () => {
    env = await makeEnv();
    const file = path.join(env.home, '.continue', 'config.yaml');
    const text = '# my assistant\nname: Mine\nversion: 0.0.1\nmodels: []\nmcpServers:\n  # first\n  - name: a\n    command: a\n';
    await put(file, text);
    const init = await planAction(env.ctx, { action: 'init', hosts: ['continue'], scope: 'user', version: V });
    const after = afterText(init.plan.changes[0]);
    expect(after.startsWith(text)).toBe(true);
    await applyChange(init.plan.changes[0]!);
    const un = await planAction(env.ctx, { action: 'uninstall', hosts: ['continue'], scope: 'user', version: V });
    expect(afterText(un.plan.changes[0])).toBe(text);
  });
});
