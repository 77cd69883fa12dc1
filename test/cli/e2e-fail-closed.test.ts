// Nothing is written unless every selected host planned cleanly.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../helpers/cli-sandbox.js';

let sb: Sandbox;
beforeEach(async () => {
  sb = await createSandbox();
  await sb.fakeBinary('opencode', '1.18.33');
  await sb.fakeBinary('claude', '2.1.332 (Claude Code)');
});
afterEach(async () => {
  await sb.cleanup();
});

describe('fail closed', () => {
  it('a malformed file among four hosts: zero files changed, exit 3, file:line:column printed', async () => {
    await sb.write('project/opencode.jsonc', '{\n  // mine\n  "theme": "dark"\n}\n');
    await sb.write('project/.mcp.json', '{ "mcpServers": {} }\n');
    await sb.write('project/.cursor/mcp.json', '{\n  "mcpServers": {\n    "a": { "command": "x" },,\n  }\n');
    for (const scope of ['project', 'user']) {
      if (scope === 'user') await sb.write('home/.cursor/mcp.json', '{ "mcpServers": [ }');
      const snap = await sb.snapshot();
      const r = await sb.run(['init', '--host', 'opencode,claude-code,cursor,generic', '--scope', scope]);
      expect(r.code).toBe(3);
      expect(r.stderr).toMatch(/(^|\n)(\.cursor|~\/\.cursor)\/mcp\.json:\d+:\d+ [a-z-]+ /);
      expect(r.stderr).toContain('nothing was written');
      expect(await sb.snapshot()).toEqual(snap);
    }
  });

  it('a foreign entry: zero files changed, exit 3, the diagnostic with file:line:column and a hint', async () => {
    await sb.write('project/.mcp.json', '{\n  "mcpServers": {\n    "patchbay": { "command": "node", "args": ["my-own-patchbay.js"] }\n  }\n}\n');
    const before = await sb.snapshot();
    const r = await sb.run(['init', '--yes']);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^\.mcp\.json:3:\d+ foreign-entry .+\n {2}hint: .+/m);
    expect(await sb.snapshot()).toEqual(before);
    const json = await sb.run(['init', '--yes', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ status: 'refused', exitCode: 3, diagnostics: [expect.objectContaining({ code: 'foreign-entry', path: '.mcp.json', line: 3 })] });
    const uninstall = await sb.run(['uninstall', '--yes']);
    expect(uninstall.code).toBe(3);
    expect(await sb.snapshot()).toEqual(before);
  });

  it('status: exit 1 on drift, 3 on a malformed file', async () => {
    // A detected host is not drift by itself (the status rule); a host asked for with --host is.
    expect((await sb.run(['status'])).code).toBe(0);
    expect((await sb.run(['status', '--host', 'claude-code'])).code).toBe(1);
    await sb.write('project/.mcp.json', '{ "mcpServers": { // no comments in strict JSON\n } }');
    const r = await sb.run(['status']);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^\.mcp\.json:1:\d+ /m);
  });
});

describe('read-only host file', () => {
  it('init refuses a read-only .mcp.json: exit 3, the file untouched, a chmod hint', async () => {
    const { chmod } = await import('node:fs/promises');
    const path = await import('node:path');
    await sb.write('project/.mcp.json', '{ "mcpServers": {} }\n');
    await chmod(path.join(sb.project, '.mcp.json'), 0o444);
    const before = await sb.snapshot();
    const r = await sb.run(['init', '--yes', '--host', 'claude-code']);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/read-only-file .*\.mcp\.json is read-only \(mode 0444\)/);
    expect(r.stderr).toContain('chmod u+w .mcp.json');
    expect(await sb.snapshot()).toEqual(before);
  });
});
