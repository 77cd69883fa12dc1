// Each stdio fixture gives its exact row, secrets in stderr are redacted, and no process survives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDoctor } from '../../src/doctor/run.js';
import type { DoctorReport, Row } from '../../src/doctor/types.js';
import { pidLog, stdioLaunch, survivors, target, type PidLog } from './helpers.js';

let pids: PidLog;
let report: DoctorReport;
const byName = (name: string): Row => {
  const row = report.rows.find((r) => r.name === name);
  if (!row) throw new Error(`no row ${name}`);
  return row;
};

beforeAll(async () => {
  pids = await pidLog();
  const env = { ...process.env, DOCTOR_PID_FILE: pids.file };
  report = await runDoctor(
    [
      target('good', stdioLaunch('good.mjs')),
      target('crash', stdioLaunch('crash.mjs')),
      target('hang', stdioLaunch('hang.mjs')),
      target('needs-env', stdioLaunch('needs-env.mjs', { DOCTOR_FIXTURE_KEY: 'sesame-123' })),
      target('garbage', stdioLaunch('garbage.mjs')),
      target('old', stdioLaunch('old-protocol.mjs')),
      target('pending', stdioLaunch('good.mjs', { DIFFERENT: '1' }), { withheld: { status: 'needs-approval', reason: 'Claude Code will not start it: "pending" is not approved', how: 'approve it in Claude Code' } }),
      target('ghost', { transport: 'stdio', command: 'patchbay-no-such-command', args: [], env: {}, cwd: pids.dir, windowsWrapper: false }),
    ],
    { env, timeoutMs: 2_500, graceMs: 300, parallel: 4, trust: true },
  );
});

afterAll(async () => {
  await pids.cleanup();
});

describe('runDoctor over stdio fixtures', () => {
  it('good: ok at the newest revision with its 2 tools', () => {
    expect(byName('good')).toMatchObject({ status: 'ok', protocolVersion: '2025-11-25', tools: 2, toolNames: ['echo', 'add'] });
    expect(byName('good').ms).toBeGreaterThan(0);
    expect(byName('good').hint).toBeUndefined();
  });

  it('crash: failed with exit 1 and the last stderr lines, the token redacted', () => {
    const row = byName('crash');
    expect(row).toMatchObject({ status: 'failed', reason: 'exited', exitCode: 1, signal: null });
    expect(row.stderr).toEqual(['connecting to upstream with --token=<redacted>', 'fatal: upstream refused the connection']);
    expect(JSON.stringify(report)).not.toContain('abc123secret');
    expect(row.hint).toMatch(/stderr/);
  });

  it('hang: timeout, after which it and its grandchild are killed', () => {
    expect(byName('hang')).toMatchObject({ status: 'timeout', reason: 'timeout' });
    expect(byName('hang').ms).toBeGreaterThanOrEqual(2_500);
  });

  it('needs-env: the entry env reaches the server', () => {
    expect(byName('needs-env')).toMatchObject({ status: 'ok', tools: 1 });
  });

  it('garbage on stdout: failed as a protocol violation, quoting the line redacted', () => {
    const row = byName('garbage');
    expect(row).toMatchObject({ status: 'failed', reason: 'protocol-violation' });
    expect(row.message).toContain('Server started on stdio');
    expect(row.message).not.toContain('hunter2hunter2');
  });

  it('an old server: falls back to 2024-11-05', () => {
    expect(byName('old')).toMatchObject({ status: 'ok', protocolVersion: '2024-11-05', tools: 1 });
  });

  it('a working server that Claude Code has not approved: needs-approval, with its result', () => {
    expect(byName('pending')).toMatchObject({ status: 'needs-approval', protocolVersion: '2025-11-25', tools: 2 });
    // Started only because of --trust: the verdict stays the host's, the hint its own way to consent.
    expect(byName('pending')).toMatchObject({ startedWithout: true, message: 'works, but Claude Code will not start it: "pending" is not approved', hint: 'approve it in Claude Code' });
  });

  it('a command that is not on PATH: not-found, nothing started', () => {
    expect(byName('ghost')).toMatchObject({ status: 'not-found', reason: 'not-found' });
  });

  it('the summary counts every status and is unhealthy', () => {
    expect(report.summary).toMatchObject({ total: 8, launches: 8, healthy: false });
    expect(report.summary.counts).toMatchObject({ ok: 3, failed: 2, timeout: 1, 'needs-approval': 1, 'not-found': 1 });
  });

  it('leaves no process behind (servers, and the grandchild of hang)', async () => {
    const started = pids.pids();
    // 7 fixtures started (ghost was never spawned), plus hang's grandchild.
    expect(started).toHaveLength(8);
    const deadline = Date.now() + 3_000;
    while (survivors(started).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(survivors(started)).toEqual([]);
  });
});
