// runDoctor's own guarantees: shared launches, bounded parallelism, clean-up of a group whose leader
// exited on its own, a failed spawn that costs nothing, and rows for targets that are never started.
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runDoctor } from '../../src/doctor/run.js';
import { readTargets } from '../../src/doctor/targets.js';
import { fixture, pidLog, stdioLaunch, survivors, target, type PidLog } from './helpers.js';

let pids: PidLog;
beforeEach(async () => {
  pids = await pidLog();
});
afterEach(async () => {
  await pids.cleanup();
});

const env = () => ({ ...process.env, DOCTOR_PID_FILE: pids.file, DOCTOR_SECRET: 'sesame-123' });

async function waitGone(list: number[]): Promise<number[]> {
  const deadline = Date.now() + 3_000;
  while (survivors(list).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return survivors(list);
}

describe('runDoctor', () => {
  it('the same server in three hosts, each with its own reference syntax, is started once', async () => {
    const project = path.join(pids.dir, 'project');
    const home = path.join(pids.dir, 'home');
    const keyed = (env: string) => ({ command: process.execPath, args: [fixture('needs-env.mjs')], env: { DOCTOR_FIXTURE_KEY: env } });
    await mkdir(path.join(project, '.cursor'), { recursive: true });
    await writeFile(path.join(project, '.mcp.json'), JSON.stringify({ mcpServers: { keyed: keyed('${DOCTOR_SECRET}') } }));
    await writeFile(path.join(project, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { keyed: keyed('${env:DOCTOR_SECRET}') } }));
    await writeFile(
      path.join(project, 'opencode.json'),
      JSON.stringify({ mcp: { keyed: { type: 'local', command: [process.execPath, fixture('needs-env.mjs')], environment: { DOCTOR_FIXTURE_KEY: '{env:DOCTOR_SECRET}' } } } }),
    );
    const { targets } = await readTargets({ projectDir: project, home, env: env() });
    const report = await runDoctor(targets, { env: env(), graceMs: 300, trust: true });
    // With --trust it ran once for all of them; the verdicts stay the hosts': Claude Code has not
    // approved it, GitHub Copilot CLI (same `.mcp.json`) has no trusted folder, Cursor's rules are unknown.
    expect(report.rows.map((r) => [r.host, r.status])).toEqual([
      ['opencode', 'ok'],
      ['claude-code', 'needs-approval'],
      ['cursor', 'ok'],
      ['copilot-cli', 'untrusted'],
    ]);
    expect(report.rows.find((r) => r.host === 'cursor')?.notes).toContainEqual(expect.stringMatching(/^started with --trust: patchbay does not know whether Cursor asks/));
    expect(report.summary.launches).toBe(1);
    expect(pids.pids()).toHaveLength(1);
  });

  it('without --trust a withheld project server is not started; the row says why and how to consent', async () => {
    const project = path.join(pids.dir, 'project');
    await mkdir(project, { recursive: true });
    await writeFile(path.join(project, '.mcp.json'), JSON.stringify({ mcpServers: { good: { command: process.execPath, args: [fixture('good.mjs')] } } }));
    const { targets } = await readTargets({ projectDir: project, home: path.join(pids.dir, 'home'), env: env() });
    const report = await runDoctor(targets, { env: env(), graceMs: 300 });
    expect(report.rows.map((r) => [r.host, r.status, r.launchId])).toEqual([
      ['claude-code', 'needs-approval', undefined],
      ['copilot-cli', 'untrusted', undefined],
    ]);
    expect(report.rows[0]).toMatchObject({ message: expect.stringMatching(/^not started: Claude Code will not start it/), hint: expect.stringContaining('patchbay doctor --trust') });
    expect(report.rows[1]?.hint).toMatch(/trusted_folders/);
    expect(report.summary).toMatchObject({ launches: 0, healthy: false });
    expect(pids.pids()).toEqual([]);
  });

  it('never runs more than --parallel checks at once', async () => {
    const targets = Array.from({ length: 6 }, (_, i) => target(`s${i}`, stdioLaunch('good.mjs', { N: String(i) })));
    let most = 0;
    const report = await runDoctor(targets, { env: env(), parallel: 2, graceMs: 300, onProgress: (p) => (most = Math.max(most, p.running.length)) });
    expect(report.summary).toMatchObject({ launches: 6, healthy: true });
    expect(most).toBe(2);
  });

  it('a child left behind by a server that exited on EOF is killed with its group', async () => {
    const report = await runDoctor([target('leaky', stdioLaunch('leaky.mjs'))], { env: env(), graceMs: 300 });
    expect(report.rows[0]).toMatchObject({ status: 'ok', tools: 1 });
    const started = pids.pids();
    expect(started).toHaveLength(2);
    expect(await waitGone(started)).toEqual([]);
  });

  it('a path that does not exist is not-found, and a file that is not executable fails to spawn, both at once', async () => {
    const plain = path.join(pids.dir, 'not-executable.sh');
    await writeFile(plain, '#!/bin/sh\n');
    await chmod(plain, 0o644);
    const at = (command: string) => target(command, { transport: 'stdio', command, args: [], env: {}, cwd: pids.dir, windowsWrapper: false });
    const started = Date.now();
    const report = await runDoctor([at('./no-such-server'), at(plain)], { env: env(), graceMs: 2_000 });
    expect(report.rows.map((r) => [r.status, r.reason])).toEqual([
      ['not-found', 'not-found'],
      ['failed', 'spawn-failed'],
    ]);
    // Nothing was started, so nothing waits out a grace period.
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('targets that are not started still get their row, and do not make the run unhealthy unless they should', async () => {
    const report = await runDoctor(
      [
        target('off', stdioLaunch('good.mjs'), { launch: { kind: 'disabled', reason: '`enabled: false` in the entry' } }),
        target('ws', stdioLaunch('good.mjs'), { transport: 'ws', launch: { kind: 'unsupported', message: 'WebSocket' } }),
      ],
      { env: env() },
    );
    expect(report.rows.map((r) => r.status)).toEqual(['disabled', 'unsupported']);
    expect(report.summary).toMatchObject({ launches: 0, healthy: true });
    const unhealthy = await runDoctor([target('k', stdioLaunch('good.mjs'), { launch: { kind: 'missing-env', names: ['A', 'B'] } })], { env: env() });
    expect(unhealthy.rows[0]).toMatchObject({ status: 'missing-env', missingEnv: ['A', 'B'], hint: expect.stringContaining('A, B') });
    expect(unhealthy.summary.healthy).toBe(false);
    expect(pids.pids()).toEqual([]);
  });
});
