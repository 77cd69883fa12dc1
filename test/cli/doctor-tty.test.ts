// `patchbay doctor` in a real terminal (tmux): the progress line is drawn on stderr and cleared,
// and Ctrl-C kills every server doctor started (they run in their own process groups, which the
// terminal's SIGINT does not reach).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUNDLE, createSandbox, type Sandbox } from '../helpers/cli-sandbox.js';
import { startInTmux, type TmuxPane } from '../helpers/cli-tmux.js';
import { fixture, pidLog, survivors, type PidLog } from '../doctor/helpers.js';

let sb: Sandbox;
let pids: PidLog;
let pane: TmuxPane | undefined;

beforeEach(async () => {
  sb = await createSandbox();
  pids = await pidLog();
  const server = (script: string) => ({ command: process.execPath, args: [fixture(script)] });
  await sb.write('project/.cursor/mcp.json', JSON.stringify({ mcpServers: { good: server('good.mjs'), hang: server('hang.mjs') } }));
});
afterEach(async () => {
  await pane?.close();
  pane = undefined;
  await sb.cleanup();
  await pids.cleanup();
});

function start(...args: string[]): Promise<TmuxPane> {
  return startInTmux({ dir: sb.root, cwd: sb.project, argv: [process.execPath, BUNDLE, 'doctor', ...args], env: { ...sb.env, DOCTOR_PID_FILE: pids.file } });
}

async function waitFor(condition: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}

describe('doctor on a terminal', () => {
  it('draws a progress line while checking and clears it before the rows', async () => {
    pane = await start('--trust', '--timeout', '3000');
    await pane.waitFor(/\[[01]\/2\] checking cursor hang/);
    expect(await pane.exitCode(20_000)).toBe(1);
    const text = await pane.capture();
    expect(text).not.toContain('checking');
    expect(text).toMatch(/^ok +cursor +\.cursor\/mcp\.json +good/m);
    expect(text).toMatch(/^timeout +cursor +\.cursor\/mcp\.json +hang/m);
  });

  it('Ctrl-C stops doctor (exit 130) and every server it started, grandchildren included', async () => {
    pane = await start('--trust', '--timeout', '30000');
    // "[1/2] checking cursor hang": good's check is over and its process stopped, so exactly one
    // server is running when Ctrl-C arrives. (Waiting only for "checking …hang" raced good's
    // shutdown: with good still stopping, doctor rightly said it killed 2.)
    await pane.waitFor(/\[1\/2\] checking cursor hang/);
    // hang.mjs records itself and its grandchild once both run; good.mjs records itself.
    await waitFor(() => pids.pids().length >= 3, 10_000);
    const started = pids.pids();
    expect(started).toHaveLength(3);
    await pane.send('C-c');
    expect(await pane.exitCode(10_000)).toBe(130);
    expect(await pane.capture()).toMatch(/^patchbay: doctor interrupted; killed 1 running server$/m);
    await waitFor(() => survivors(started).length === 0, 3_000);
    expect(survivors(started)).toEqual([]);
  });

  it('without --trust it asks once per project, default no: Enter starts nothing, "y" starts them', async () => {
    pane = await start('--timeout', '3000');
    await pane.waitFor(/Start these 2 servers from project's own files for this check/);
    const asked = await pane.capture();
    expect(asked).toMatch(/^Not started: 2 project servers that their hosts have not been allowed to start:$/m);
    expect(asked).toMatch(/^ {2}good: .*good\.mjs \(\.cursor\/mcp\.json\)$/m);
    await pane.send('Enter');
    expect(await pane.exitCode(20_000)).toBe(1);
    expect(await pane.capture()).toMatch(/^untrusted +cursor +\.cursor\/mcp\.json +good +not started$/m);
    expect(pids.pids()).toEqual([]);
    await pane.close();

    pane = await start('--timeout', '3000');
    await pane.waitFor(/Start these 2 servers/);
    await pane.send('y');
    expect(await pane.exitCode(20_000)).toBe(1);
    expect(await pane.capture()).toMatch(/^ok +cursor +\.cursor\/mcp\.json +good/m);
    expect(pids.pids().length).toBeGreaterThanOrEqual(2);
  });
});
