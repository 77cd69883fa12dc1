// One core under the CLI and the MCP server (issue "One core"): on a manifest-pinned project the
// CLI's `init --dry-run`, `status` and the MCP server's `plan` tool resolve the same hosts, scope and
// pin (the 0.1 bug: `plan` previewed this version while the command it printed wrote the manifest's);
// and two hosts sharing one file (Claude Code and Copilot CLI read `.mcp.json`) are one transaction.
import { parse as parseJsonc } from 'jsonc-parser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../helpers/cli-sandbox.js';
import { planTool } from '../../src/server/tools/plan.js';
import { resolveEnvironment } from '../../src/core/environment.js';

let sb: Sandbox;
beforeEach(async () => {
  sb = await createSandbox();
});
afterEach(async () => {
  await sb.cleanup();
});

const PINNED = `{
  // pinned to an older patchbay on purpose
  "hosts": ["claude-code", "cursor"],
  "scope": "project",
  "servers": { "patchbay": { "npm": "patchbay-mcp", "version": "0.1.7", "args": ["mcp"] } }
}
`;

describe('the CLI and the MCP server call the same planner', () => {
  it('init --dry-run, status and MCP plan agree on a manifest-pinned project', async () => {
    await sb.write('project/patchbay.jsonc', PINNED);
    const dry = await sb.run(['init', '--yes', '--dry-run', '--json']);
    expect(dry.code, dry.stderr).toBe(0);
    const cli = JSON.parse(dry.stdout) as { hosts: string[]; scope: string; version: string; diff: string };
    expect(cli).toMatchObject({ hosts: ['claude-code', 'cursor'], scope: 'project', version: '0.1.7' });
    expect(cli.diff).toContain('patchbay-mcp@0.1.7');

    const st = JSON.parse((await sb.run(['status', '--json'])).stdout) as { source: string; version: string; hosts: Array<{ host: string }> };
    expect(st).toMatchObject({ source: 'patchbay.jsonc', version: '0.1.7' });
    expect(st.hosts.map((h) => h.host)).toEqual(cli.hosts);

    const environment = resolveEnvironment({ cwd: sb.project, env: sb.env });
    const mcp = await planTool(environment, { action: 'init' });
    expect(mcp.status).toBe('ok');
    expect(mcp.data).toMatchObject({ hosts: cli.hosts, scope: cli.scope });
    expect(mcp.data?.diff).toContain('patchbay-mcp@0.1.7');
    expect(mcp.data?.diff).not.toContain(`patchbay-mcp@${(await import('../../src/version.js')).PATCHBAY_VERSION}`);
    // The command the server recommends writes exactly what it previewed.
    const command = (mcp.data?.command ?? '').split(' ');
    const run = await sb.run(command.slice(3));
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(await sb.read('project/.mcp.json')).mcpServers.patchbay.args).toEqual(['--yes', 'patchbay-mcp@0.1.7', 'mcp']);
    expect((await sb.run(['status'])).code).toBe(0);
  });
});

describe('two hosts sharing one file are one transaction', () => {
  it('claude-code and copilot-cli at project scope: one entry in .mcp.json; uninstall gives back the exact bytes', async () => {
    const original = '{\n  "mcpServers": {\n    "mine": { "command": "x" }\n  }\n}\n';
    await sb.write('project/.mcp.json', original);
    const init = await sb.run(['init', '--yes', '--host', 'claude-code,copilot-cli']);
    expect(init.code, init.stderr).toBe(0);
    const text = await sb.read('project/.mcp.json');
    expect(Object.keys(parseJsonc(text).mcpServers)).toEqual(['mine', 'patchbay']);
    expect(text.match(/"patchbay"/g)).toHaveLength(1);
    const un = await sb.run(['uninstall', '--yes', '--host', 'claude-code,copilot-cli']);
    expect(un.code, un.stderr).toBe(0);
    expect(await sb.read('project/.mcp.json')).toBe(original);
  });
});
