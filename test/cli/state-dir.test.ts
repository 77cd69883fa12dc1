// Item: an unusable state dir (a regular file in its place, or a folder the user cannot write) gave
// exit 70 for every command, read-only ones included, and status / --dry-run created journal/.
// Now: reading commands work without a writable state dir and create nothing; write commands refuse
// with state-dir-unusable (exit 3, the path, a hint) before touching any host file.
import { chmod, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chownTree, permissionMode, traversable } from '../helpers/as-nobody.js';
import { createSandbox, type Sandbox } from '../helpers/cli-sandbox.js';

let sb: Sandbox;
beforeEach(async () => {
  sb = await createSandbox();
});
afterEach(async () => {
  await sb.cleanup();
});

const CRASH = /internal error|\n\s+at .+:\d+:\d+/;

describe('a regular file where the state dir should be', () => {
  beforeEach(async () => {
    await writeFile(sb.stateDir, 'not a folder');
    await sb.write('project/.mcp.json', '{ "mcpServers": {} }\n');
  });

  it('status and history work (their usual exit codes); --dry-run says the write would fail; the file is left alone', async () => {
    const status = await sb.run(['status', '--host', 'claude-code']);
    expect(status.code, status.stderr).toBe(1); // drift: the entry is absent
    expect(status.stderr).not.toMatch(CRASH);
    const history = await sb.run(['history']);
    expect(history).toMatchObject({ code: 0, stdout: 'No transactions yet.\n' });
    const dry = await sb.run(['init', '--yes', '--host', 'claude-code', '--dry-run']);
    // init records patchbay's server in the state dir, so the plan itself cannot be carried out: the
    // dry run says so (the same refusal the real run gives) rather than show a diff that would fail.
    expect(dry.code, dry.stderr).toBe(3);
    expect(dry.stderr).toContain(sb.stateDir);
    expect(dry.stderr).not.toMatch(CRASH);
    expect(await readFile(sb.stateDir, 'utf8')).toBe('not a folder');
  });

  it('init, uninstall and rollback refuse: state-dir-unusable, exit 3, path and hint; no host file touched', async () => {
    const before = await sb.snapshot();
    for (const args of [['init', '--yes', '--host', 'claude-code'], ['uninstall', '--yes'], ['rollback']]) {
      const r = await sb.run(args);
      expect(r.code, `${args[0]}: ${r.stderr}`).toBe(3);
      expect(r.stderr).toContain(`state-dir-unusable patchbay's state folder ${sb.stateDir} is a file, not a folder`);
      expect(r.stderr).toMatch(/hint: move the file aside, or set PATCHBAY_STATE_DIR/);
      expect(r.stderr).not.toMatch(CRASH);
    }
    const json = JSON.parse((await sb.run(['init', '--yes', '--host', 'claude-code', '--json'])).stdout);
    expect(json).toMatchObject({ status: 'error', exitCode: 3, error: { code: 'state-dir-unusable', path: sb.stateDir, hint: expect.any(String) } });
    expect(await sb.snapshot()).toEqual(before);
  });
});

describe('reading commands create nothing', () => {
  it('status, history and init --dry-run leave no state dir behind', async () => {
    await sb.write('project/.mcp.json', '{ "mcpServers": {} }\n');
    for (const args of [['status', '--host', 'claude-code'], ['history'], ['init', '--yes', '--host', 'claude-code', '--dry-run'], ['uninstall', '--dry-run']]) {
      const r = await sb.run(args);
      expect(r.stderr, args.join(' ')).not.toMatch(CRASH);
      expect(sb.exists('state'), `${args.join(' ')} created the state dir`).toBe(false);
    }
    // A write still creates it (0700), as before.
    expect((await sb.run(['init', '--yes', '--host', 'claude-code'])).code).toBe(0);
    expect(await readdir(path.join(sb.stateDir, 'journal'))).toHaveLength(1);
  });
});

describe('a state dir the user cannot write', () => {
  const how = permissionMode();
  // As root, permission bits do not bind: the CLI runs as nobody on a state dir root owns (0755).
  // As an ordinary user, the state dir is made 0555. Skipped only as root without setpriv.
  it.skipIf(how.mode === 'skip')(`reading works, a pending journal only warns, writing refuses (${how.mode === 'skip' ? how.reason : `as ${how.mode}`})`, async () => {
    const asNobody = how.mode === 'nobody';
    await sb.write('project/.mcp.json', '{ "mcpServers": {} }\n');
    await sb.write('project/.cursor/mcp.json', '{ "mcpServers": {} }\n');
    // History to read: one committed transaction, made while the state dir was still writable.
    expect((await sb.run(['init', '--yes', '--host', 'claude-code'])).code).toBe(0);
    const journals = path.join(sb.stateDir, 'journal');
    const [journalName] = await readdir(journals);
    if (asNobody) {
      await traversable(sb.root);
      await chownTree(sb.project);
      await chownTree(sb.home);
      // The state dir stays root's, readable but not writable for nobody.
      await chmod(sb.stateDir, 0o755);
      await chmod(journals, 0o755);
      await chmod(path.join(journals, journalName!), 0o644);
    } else {
      await chmod(journals, 0o555);
      await chmod(sb.stateDir, 0o555);
    }
    try {
      const before = await sb.snapshot();
      const status = await sb.run(['status', '--host', 'claude-code'], { asNobody });
      expect(status.code, status.stderr).toBe(0);
      // Nothing about the state dir; the one note is Claude Code's approval of the project server.
      expect(status.stderr.replace(/^\S+: consent-needs-approval .*\n {2}hint: .*\n/m, '')).toBe('');
      const history = await sb.run(['history'], { asNobody });
      expect(history.code, history.stderr).toBe(0);
      expect(history.stdout).toMatch(/committed .*init patchbay → claude-code \(project\)/);
      // The write needs managed.json (what patchbay owns): one it cannot read refuses the plan, even as
      // a dry run (as when the state dir is a file), rather than plan as if nothing were managed.
      const dryInit = await sb.run(['init', '--yes', '--host', 'cursor', '--dry-run'], { asNobody });
      expect(dryInit.code, dryInit.stderr).toBe(asNobody ? 3 : 0);
      if (asNobody) expect(dryInit.stderr).toMatch(/managed\.json: not-readable .*\n  hint: It is patchbay's record/);
      const init = await sb.run(['init', '--yes', '--host', 'cursor'], { asNobody });
      expect(init.code, init.stderr).toBe(3);
      expect(init.stderr).toContain(`state-dir-unusable patchbay's state folder ${sb.stateDir} is not writable for you`);
      expect(init.stderr).toContain('hint: make it writable');
      expect(await sb.snapshot()).toEqual(before);

      // A crash left a pending journal: status cannot roll it back here, so it warns and still reports.
      const file = path.join(journals, journalName!);
      const pending = (await readFile(file, 'utf8')).replace('"status":"committed"', '"status":"pending"');
      if (!asNobody) await chmod(journals, 0o755);
      await writeFile(file, pending);
      if (!asNobody) await chmod(journals, 0o555);
      const warned = await sb.run(['status', '--host', 'claude-code'], { asNobody });
      expect(warned.code, warned.stderr).toBe(0);
      expect(warned.stderr).toMatch(/^patchbay: warning: could not check for or finish an interrupted transaction: .*not writable/m);
      expect((await sb.run(['uninstall', '--yes'], { asNobody })).code).toBe(3);
    } finally {
      await chmod(sb.stateDir, 0o755);
      await chmod(journals, 0o755);
    }
  });
});

describe('another patchbay in the middle of an apply', () => {
  it('a reading command warns and still reports; a writing one fails with lock-held (exit 4)', async () => {
    await sb.write('project/.mcp.json', '{ "mcpServers": {} }\n');
    expect((await sb.run(['init', '--yes', '--host', 'claude-code'])).code).toBe(0);
    // What a live apply looks like from outside: its journal pending, the lock held by a live process.
    const journals = path.join(sb.stateDir, 'journal');
    const [name] = await readdir(journals);
    const file = path.join(journals, name!);
    await writeFile(file, (await readFile(file, 'utf8')).replace('"status":"committed"', '"status":"pending"'));
    await writeFile(path.join(sb.stateDir, 'lock'), JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString(), hostname: os.hostname() }));
    const status = await sb.run(['status', '--host', 'claude-code']);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stderr).toMatch(/^patchbay: warning: could not check for or finish an interrupted transaction: Another patchbay is running/m);
    const history = await sb.run(['history']);
    expect(history.code).toBe(0);
    expect(history.stdout).toMatch(/pending/);
    const init = await sb.run(['uninstall', '--yes', '--host', 'claude-code']);
    expect(init.code).toBe(4);
    expect(init.stderr).toContain('lock-held');
  });
});
