// `status` says, per host, when a current project entry would not be started yet (issue 23 item 2):
// Claude Code until the server is approved, Copilot CLI until the folder is trusted. The facts are the
// host records' trust gates (the ones doctor decides by); the notes are info, never drift.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../helpers/cli-sandbox.js';

let sb: Sandbox;
beforeEach(async () => {
  sb = await createSandbox();
  const add = await sb.run(['add', 'db', '--host', 'claude-code,copilot-cli,opencode', '--yes', '--', 'node', '-e', '1']);
  expect(add.code, add.stderr).toBe(0);
});
afterEach(() => sb.cleanup());

type Diag = { code: string; severity: string; host?: string; message: string; hint?: string };
async function statusJson(): Promise<{ exitCode: number; diagnostics: Diag[] }> {
  const r = await sb.run(['status', '--json']);
  return JSON.parse(r.stdout) as { exitCode: number; diagnostics: Diag[] };
}

describe('status consent notes', () => {
  it('unapproved and untrusted: one info note per host that would not start it, with its way to consent; still current', async () => {
    const st = await statusJson();
    expect(st.exitCode).toBe(0);
    const consent = st.diagnostics.filter((d) => d.code.startsWith('consent-'));
    expect(consent.map((d) => [d.code, d.host, d.severity]).sort()).toEqual([
      ['consent-needs-approval', 'claude-code', 'info'],
      ['consent-untrusted', 'copilot-cli', 'info'],
    ]);
    expect(consent.find((d) => d.host === 'claude-code')?.hint).toContain('enabledMcpjsonServers');
    const human = await sb.run(['status']);
    expect(human.code).toBe(0);
    expect(human.stderr).toContain('consent-needs-approval db: Claude Code will not start it');
  });

  it('approved in ~/.claude/settings.json and the folder trusted: no note', async () => {
    await sb.write('home/.claude/settings.json', '{"enabledMcpjsonServers": ["db"]}\n');
    await sb.write('home/.copilot/config.json', `${JSON.stringify({ trusted_folders: [sb.project] })}\n`);
    const st = await statusJson();
    expect(st.exitCode).toBe(0);
    expect(st.diagnostics.filter((d) => d.code.startsWith('consent-'))).toEqual([]);
  });
});
