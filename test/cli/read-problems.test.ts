// Items: read-time problems used to surface as "apply failed, rolled back" (exit 4, io-failed) with no
// hint, naming a temp file or an absolute path: a config path that is a folder, a symlink loop, a [dir]
// that is a file, a folder that refuses the temp file. They are refusals at planning now (exit 3, the
// path the user knows, a hint), and a [dir] that does not exist is a usage error (exit 2) instead of a
// folder patchbay creates.
import { chmod, mkdir, symlink, writeFile } from 'node:fs/promises';
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

const NO_CRASH = /internal error|io-failed|\n\s+at .+:\d+:\d+/;

describe('a config path that cannot be read as a file', () => {
  it('a folder named .mcp.json: not-a-file (exit 3) for init, uninstall and status; nothing written', async () => {
    await mkdir(path.join(sb.project, '.mcp.json'));
    const before = await sb.snapshot();
    for (const args of [['init', '--yes', '--host', 'claude-code'], ['uninstall', '--yes', '--host', 'claude-code'], ['status', '--host', 'claude-code']]) {
      const r = await sb.run(args);
      expect(r.code, `${args[0]}: ${r.stderr}`).toBe(3);
      expect(r.stderr).toMatch(/^\.mcp\.json: not-a-file this is a folder, not a file.*\n {2}hint: .*--host/m);
      expect(r.stderr).not.toMatch(NO_CRASH);
    }
    const json = JSON.parse((await sb.run(['init', '--yes', '--host', 'claude-code', '--json'])).stdout);
    expect(json).toMatchObject({ status: 'refused', exitCode: 3, diagnostics: [expect.objectContaining({ code: 'not-a-file', path: '.mcp.json', hint: expect.any(String) })] });
    expect(json.error).toMatchObject({ code: 'not-a-file', path: '.mcp.json', hint: expect.any(String), files: ['.mcp.json'] });
    expect(await sb.snapshot()).toEqual(before);
  });

  it('a symlink loop at ~/.claude.json: symlink-loop (exit 3), named ~/.claude.json', async () => {
    await symlink('.claude-b.json', path.join(sb.home, '.claude.json'));
    await symlink('.claude.json', path.join(sb.home, '.claude-b.json'));
    const before = await sb.snapshot();
    const r = await sb.run(['init', '--yes', '--host', 'claude-code', '--scope', 'user']);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toMatch(/^~\/\.claude\.json: symlink-loop .*ELOOP.*\n {2}hint: fix or remove the link/m);
    expect(r.stderr).not.toMatch(NO_CRASH);
    expect((await sb.run(['status', '--host', 'claude-code', '--scope', 'user'])).code).toBe(3);
    expect(await sb.snapshot()).toEqual(before);
  });

  it('a file where a config folder must be (.cursor): not-a-directory (exit 3), named .cursor', async () => {
    await sb.write('project/.cursor', 'not a folder');
    const before = await sb.snapshot();
    const r = await sb.run(['init', '--yes', '--host', 'cursor']);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toMatch(/^\.cursor: not-a-directory this is a file, but patchbay needs a folder here to create mcp\.json/m);
    expect(r.stderr).toContain('hint:');
    expect(await sb.snapshot()).toEqual(before);
  });

  it('a patchbay.jsonc that is a folder: not-a-file (exit 3), not io-failed', async () => {
    await mkdir(path.join(sb.project, 'patchbay.jsonc'));
    const r = await sb.run(['status']);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toMatch(/^patchbay\.jsonc: not-a-file /m);
  });
});

describe('[dir]', () => {
  it('a file as [dir]: not-a-directory (exit 3) for every command that takes [dir]; nothing written', async () => {
    const file = await sb.write('project/notes.txt', 'hello');
    const before = await sb.snapshot();
    for (const cmd of ['init', 'status', 'migrate', 'uninstall']) {
      const r = await sb.run([cmd, '--yes', file].filter((a) => !(cmd === 'status' && a === '--yes')));
      expect(r.code, `${cmd}: ${r.stderr}`).toBe(3);
      expect(r.stderr).toMatch(/not-a-directory .*notes\.txt is a file, not a folder/);
      expect(r.stderr).toContain('hint:');
    }
    expect(await sb.snapshot()).toEqual(before);
  });

  it('a [dir] that does not exist: usage (exit 2), and it is not created', async () => {
    const missing = path.join(sb.project, 'typo', 'proj');
    for (const args of [['init', '--yes', '--host', 'claude-code', missing], ['status', missing], ['uninstall', '--yes', missing], ['init', '--yes', '--json', missing]]) {
      const r = await sb.run(args);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toMatch(/does not exist, and patchbay does not create it/);
      expect(sb.exists('project/typo')).toBe(false);
    }
    const json = JSON.parse((await sb.run(['init', '--yes', '--json', missing])).stdout);
    expect(json).toMatchObject({ status: 'error', exitCode: 2, error: { code: 'usage' } });
  });
});

describe('a folder that refuses the temp file (dir-not-writable)', () => {
  const how = permissionMode();
  // Root ignores permission bits: it runs the CLI as nobody. Skipped only as root without setpriv.
  it.skipIf(how.mode === 'skip')(`is refused at planning, naming the config file, not the temp file (${how.mode === 'skip' ? how.reason : `as ${how.mode}`})`, async () => {
    const asNobody = how.mode === 'nobody';
    // The project folder is not writable for the user running patchbay; .mcp.json itself is (0644, theirs).
    const mcp = await sb.write('project/.mcp.json', '{ "mcpServers": {} }\n');
    // A dotfile-manager layout: ~/.cursor/mcp.json links into a folder the user cannot write.
    const dotfiles = path.join(sb.root, 'dotfiles');
    await mkdir(dotfiles);
    await writeFile(path.join(dotfiles, 'cursor.json'), '{ "mcpServers": {} }\n');
    await mkdir(path.join(sb.home, '.cursor'));
    await symlink(path.join(dotfiles, 'cursor.json'), path.join(sb.home, '.cursor', 'mcp.json'));
    await mkdir(sb.stateDir);
    if (asNobody) {
      await traversable(sb.root);
      await chownTree(sb.home);
      await chownTree(sb.stateDir);
      await chownTree(mcp);
      await chownTree(path.join(dotfiles, 'cursor.json'));
      // sb.project and dotfiles stay root's (0755): readable, not writable, for nobody.
    } else {
      await chmod(sb.project, 0o555);
      await chmod(dotfiles, 0o555);
    }
    try {
      const before = await sb.snapshot();
      for (const extra of [[], ['--dry-run']]) {
        const r = await sb.run(['init', '--yes', '--host', 'claude-code', ...extra], { asNobody });
        expect(r.code, r.stderr).toBe(3);
        expect(r.stderr).toMatch(/^\.mcp\.json: dir-not-writable patchbay cannot write this file: its folder \. does not let you create files/m);
        expect(r.stderr).toMatch(/hint: make the folder writable for your user \(`chmod u\+w \.`\)/);
        expect(r.stderr).not.toContain('.patchbay-');
      }
      const u = await sb.run(['init', '--yes', '--host', 'cursor', '--scope', 'user'], { asNobody });
      expect(u.code, u.stderr).toBe(3);
      expect(u.stderr).toMatch(/^~\/\.cursor\/mcp\.json: dir-not-writable .*its folder .*dotfiles does not let you create files/m);
      expect(await sb.snapshot()).toEqual(before);
    } finally {
      await chmod(sb.project, 0o755);
      await chmod(dotfiles, 0o755);
    }
  });
});

describe('a config file the user cannot read (not-readable)', () => {
  const how = permissionMode();
  it.skipIf(how.mode === 'skip')(`status and init refuse it (exit 3) instead of failing the apply (${how.mode === 'skip' ? how.reason : `as ${how.mode}`})`, async () => {
    const asNobody = how.mode === 'nobody';
    const mcp = await sb.write('project/.mcp.json', '{ "mcpServers": {} }\n');
    await mkdir(sb.stateDir);
    if (asNobody) {
      await traversable(sb.root);
      await chownTree(sb.project);
      await chownTree(sb.home);
      await chownTree(sb.stateDir);
      await chownTree(mcp, 0, 0); // root's, 0600: nobody cannot read it
    }
    // Snapshots need to read the file: taken with the permission given back (as an operator would).
    const before = await sb.snapshot();
    await chmod(mcp, asNobody ? 0o600 : 0o000);
    try {
      for (const args of [['status', '--host', 'claude-code'], ['init', '--yes', '--host', 'claude-code']]) {
        const r = await sb.run(args, { asNobody });
        expect(r.code, `${args[0]}: ${r.stderr}`).toBe(3);
        expect(r.stderr).toMatch(/^\.mcp\.json: not-readable patchbay cannot read this file: permission denied\n {2}hint: /m);
      }
    } finally {
      await chmod(mcp, 0o644);
    }
    expect(await sb.snapshot()).toEqual(before);
  });
});
