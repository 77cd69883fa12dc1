// The init wizard in a real terminal (tmux): choose hosts, see the diffs, confirm; and cancel paths
// that write nothing. The confirmed run's screen is saved as a transcript (see TRANSCRIPT below).
import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUNDLE, createSandbox, type Sandbox } from '../helpers/cli-sandbox.js';
import { startInTmux, type TmuxPane } from '../helpers/cli-tmux.js';

/** Where the confirmed wizard's screen is written (outside the repo). */
const TRANSCRIPT = process.env.PATCHBAY_WIZARD_TRANSCRIPT ?? path.join(os.tmpdir(), 'patchbay-wizard-transcript.txt');

let sb: Sandbox;
let pane: TmuxPane | undefined;
beforeEach(async () => {
  sb = await createSandbox();
  await sb.fakeBinary('opencode', '1.18.33');
  await sb.fakeBinary('claude', '2.1.332 (Claude Code)');
  await sb.write('home/.cursor/.keep', '');
  await sb.write('project/opencode.jsonc', '{\n  // my settings\n  "theme": "dark"\n}\n');
});
afterEach(async () => {
  await pane?.close();
  pane = undefined;
  await sb.cleanup();
});

function start(args: string[], env: Record<string, string> = {}): Promise<TmuxPane> {
  return startInTmux({ dir: sb.root, cwd: sb.project, argv: [process.execPath, BUNDLE, ...args], env: { ...sb.env, ...env } });
}

describe('init wizard (real terminal)', () => {
  it('hosts (detected pre-checked, with reasons) → scope → diffs → confirm writes the files', async () => {
    pane = await start(['init']);
    const screen = await pane.waitFor(/Register patchbay in which hosts\?[\s\S]*generic/);
    const text = screen.input ?? '';
    // The focused row carries a `›` in its text, so it shows without colour too (NO_COLOR).
    expect(text).toMatch(/◉\s+› opencode — `opencode --version` printed 1\.18\.33/);
    expect(text).toMatch(/◉\s+claude-code — `claude --version` printed 2\.1\.332 \(Claude Code\)/);
    expect(text).toMatch(/◉\s+cursor — .*~\/\.cursor/);
    expect(text).toMatch(/◯\s+generic — not detected/);

    await pane.send('Down', 'Down', 'Space'); // uncheck cursor
    await pane.waitFor(/◯\s+› cursor/);
    await pane.send('Enter');
    const scopeScreen = await pane.waitFor(/Which files\?/);
    // The answered question lists the chosen ids, not every reason again.
    expect(scopeScreen.input).toMatch(/✔ Register patchbay in which hosts\? › opencode, claude-code\n/);
    await pane.send('Enter'); // project
    const confirm = await pane.waitFor(/Write 3 file\(s\)\?/);
    expect(confirm.input).toContain('+++ b/opencode.jsonc');
    expect(confirm.input).toContain('+++ b/.mcp.json');
    expect(confirm.input).toMatch(/^\+\s+"patchbay": \{/m);
    expect(sb.exists('project/.mcp.json')).toBe(false);
    await pane.send('y');
    expect(await pane.exitCode()).toBe(0);
    const final = await pane.capture();
    await writeFile(TRANSCRIPT, final);
    expect(final).toMatch(/Done: transaction \S+ \(3 file\(s\)\)/);

    expect(parseJsonc(await sb.read('project/opencode.jsonc')).mcp.patchbay.enabled).toBe(true);
    expect(await sb.read('project/opencode.jsonc')).toContain('// my settings');
    expect(JSON.parse(await sb.read('project/.mcp.json')).mcpServers.patchbay.command).toBe('npx');
    expect(sb.exists('project/.cursor/mcp.json')).toBe(false);
    expect(sb.exists('home/.cursor/mcp.json')).toBe(false);
  });

  it('answering "no" at the confirm writes nothing and exits 130', async () => {
    const before = await sb.snapshot();
    pane = await start(['init', '--scope', 'user']);
    await pane.waitFor(/Register patchbay in which hosts\?/);
    await pane.send('Enter');
    await pane.waitFor(/Write \d+ file\(s\)\?/);
    await pane.send('n');
    expect(await pane.exitCode()).toBe(130);
    const screen = await pane.capture();
    expect(screen).toContain('Cancelled: nothing was written');
    expect(screen, 'the answer is not an error: no code in front of it').not.toMatch(/cancelled Cancelled/);
    expect(await sb.snapshot()).toEqual(before);
  });

  it('Ctrl-C at the first question writes nothing and exits 130', async () => {
    const before = await sb.snapshot();
    pane = await start(['init']);
    await pane.waitFor(/Register patchbay in which hosts\?/);
    await pane.send('C-c');
    expect(await pane.exitCode()).toBe(130);
    expect(await sb.snapshot()).toEqual(before);
  });

  it('colour on a terminal; none with NO_COLOR', async () => {
    expect((await sb.run(['init', '--yes'])).code).toBe(0);
    pane = await start(['status']);
    expect(await pane.exitCode()).toBe(0);
    expect(await pane.capture({ escapes: true })).toContain('\u001b[');
    await pane.close();
    pane = await start(['status'], { NO_COLOR: '1' });
    expect(await pane.exitCode()).toBe(0);
    const plain = await pane.capture({ escapes: true });
    expect(plain).toContain('current');
    expect(plain).not.toContain('\u001b');
  });
});

describe('add on a terminal asks which environment variables the server reads: names, never values', () => {
  it('a KEY=value answer is refused with why; names become references in the host syntax; nothing typed reaches a file', async () => {
    pane = await start(['add', 'db', '--host', 'claude-code', '--', 'db-mcp', '--port', '5432']);
    await pane.waitFor(/Environment variables db reads \(NAMES only/);
    await pane.send('-l', 'DB_PASSWORD=hunter2secret');
    await pane.send('Enter');
    const refused = await pane.waitFor(/names only \('DB_PASSWORD'\): the host reads the value from your environment/);
    expect(refused.input).toContain('patchbay never asks for it');
    for (let i = 0; i < 'DB_PASSWORD=hunter2secret'.length; i++) await pane.send('BSpace');
    await pane.send('-l', 'DB_PASSWORD, DB_HOST');
    await pane.send('Enter');
    const confirm = await pane.waitFor(/Write \d file\(s\)\?/);
    expect(confirm.input).toContain('"DB_PASSWORD": "${DB_PASSWORD}"');
    await pane.send('y');
    expect(await pane.exitCode()).toBe(0);
    const entry = JSON.parse(await sb.read('project/.mcp.json')).mcpServers.db;
    expect(entry).toEqual({ command: 'db-mcp', args: ['--port', '5432'], env: { DB_PASSWORD: '${DB_PASSWORD}', DB_HOST: '${DB_HOST}' } });
    // Not in any file patchbay could have written (the tmux script and screen are outside these).
    expect(spawnSync('grep', ['-rls', 'hunter2secret', sb.project, sb.home, sb.stateDir], { encoding: 'utf8' }).stdout).toBe('');
  });

  it('enter for none adds the server without env; --env or --yes never asks', async () => {
    pane = await start(['add', 'plain', '--host', 'claude-code', '--', 'plain-mcp']);
    await pane.waitFor(/Environment variables plain reads/);
    await pane.send('Enter');
    await pane.waitFor(/Write \d file\(s\)\?/);
    await pane.send('y');
    expect(await pane.exitCode()).toBe(0);
    expect(JSON.parse(await sb.read('project/.mcp.json')).mcpServers.plain).toEqual({ command: 'plain-mcp', args: [] });
    const scripted = await sb.run(['add', 'other', '--host', 'claude-code', '--yes', '--', 'other-mcp']);
    expect(scripted.code, scripted.stderr).toBe(0);
    expect(scripted.stdout).not.toContain('Environment variables');
  });
});
