// migrate (dialect move, re-pin), uninstall and rollback, byte for byte.
import { parse as parseJsonc } from 'jsonc-parser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../helpers/cli-sandbox.js';

const VERSION = (await import('../../src/version.js')).PATCHBAY_VERSION;
const ENTRY = { command: 'npx', args: ['--yes', `patchbay-mcp@${VERSION}`, 'mcp'] };

let sb: Sandbox;
beforeEach(async () => {
  sb = await createSandbox();
});
afterEach(async () => {
  await sb.cleanup();
});

const COMMENTED_OPENCODE = `{
  "$schema": "https://opencode.ai/config.json",
  // my theme, keep it
  "theme": "dark",
  "mcp": {
    "other": { "type": "local", "command": ["other"], "enabled": true }, // trailing note
  },
}
`;

describe('migrate', () => {
  it('moves the OpenCode entry from V1 to V2 when OpenCode goes 1.18.33 → 2.0.1', async () => {
    await sb.fakeBinary('opencode', '1.18.33');
    await sb.write('project/opencode.jsonc', COMMENTED_OPENCODE);
    expect((await sb.run(['init', '--yes'])).code).toBe(0);
    expect(parseJsonc(await sb.read('project/opencode.jsonc')).mcp.patchbay).toMatchObject({ enabled: true });

    await sb.fakeBinary('opencode', '2.0.1');
    const drift = await sb.run(['status']);
    expect(drift.code).toBe(1);
    expect(drift.stdout).toContain('other-dialect');

    const r = await sb.run(['migrate', '--yes']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const text = await sb.read('project/opencode.jsonc');
    const config = parseJsonc(text);
    expect(config.mcp.patchbay).toBeUndefined();
    expect(config.mcp.servers.patchbay).toEqual({ type: 'local', command: ['npx', '--yes', `patchbay-mcp@${VERSION}`, 'mcp'], disabled: false });
    expect(config.mcp.other).toEqual({ type: 'local', command: ['other'], enabled: true });
    expect(text).toContain('// my theme, keep it');
    expect(text).toContain('// trailing note');
    expect((await sb.run(['status'])).code).toBe(0);
    expect((await sb.run(['migrate', '--yes'])).stdout).toContain('Nothing to do');
  });

  it('re-pins a stale entry (patchbay@0.0.9); init refuses it first and names migrate', async () => {
    await sb.fakeBinary('claude', '2.1.332 (Claude Code)');
    await sb.write('project/.mcp.json', JSON.stringify({ mcpServers: { patchbay: { command: 'npx', args: ['--yes', 'patchbay@0.0.9', 'mcp'] } } }, null, 2) + '\n');
    const init = await sb.run(['init', '--yes']);
    expect(init.code).toBe(3);
    expect(init.stderr).toContain('stale-entry');
    expect(init.stderr).toContain('patchbay migrate');
    const status = await sb.run(['status']);
    expect(status.code).toBe(1);
    expect(status.stdout).toMatch(/stale\s+pin=0\.0\.9/);
    const before = await sb.snapshot();
    expect((await sb.run(['migrate'])).code).toBe(2);
    expect((await sb.run(['migrate', '--dry-run'])).stdout).toContain(`patchbay-mcp@${VERSION}`);
    expect(await sb.snapshot()).toEqual(before);
    const r = await sb.run(['migrate', '--yes']);
    expect(r.code).toBe(0);
    expect(JSON.parse(await sb.read('project/.mcp.json')).mcpServers.patchbay).toEqual(ENTRY);
    expect((await sb.run(['status'])).code).toBe(0);
  });
});

describe('undo', () => {
  async function setup(): Promise<{ original: string }> {
    await sb.fakeBinary('opencode', '1.18.33');
    await sb.fakeBinary('claude', '2.1.332 (Claude Code)');
    await sb.write('project/opencode.jsonc', COMMENTED_OPENCODE);
    return { original: COMMENTED_OPENCODE };
  }

  it('uninstall after init restores the exact bytes and removes the files init created', async () => {
    const { original } = await setup();
    const before = await sb.snapshot();
    expect((await sb.run(['init', '--yes'])).code).toBe(0);
    expect(sb.exists('project/.mcp.json')).toBe(true);
    const r = await sb.run(['uninstall', '--yes']);
    expect(r.code).toBe(0);
    expect(await sb.read('project/opencode.jsonc')).toBe(original);
    expect(await sb.snapshot()).toEqual(before);
  });

  it('rollback after init restores the exact bytes', async () => {
    const { original } = await setup();
    const before = await sb.snapshot();
    expect((await sb.run(['init', '--yes'])).code).toBe(0);
    const r = await sb.run(['rollback']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Rolled back');
    expect(await sb.read('project/opencode.jsonc')).toBe(original);
    expect(await sb.snapshot()).toEqual(before);
    const history = JSON.parse((await sb.run(['history', '--json'])).stdout);
    const initTx = history.transactions.find((t: { description: string }) => t.description.startsWith('init'));
    expect(initTx.status).toBe('reverted');
  });

  it('rollback refuses (exit 5, lists the files) after an edit; --force restores', async () => {
    const { original } = await setup();
    expect((await sb.run(['init', '--yes'])).code).toBe(0);
    await sb.write('project/opencode.jsonc', (await sb.read('project/opencode.jsonc')).replace('"dark"', '"light"'));
    const edited = await sb.snapshot();
    const refused = await sb.run(['rollback']);
    expect(refused.code).toBe(5);
    expect(refused.stderr).toContain('rollback-refused');
    expect(refused.stderr).toMatch(/^ {2}- opencode\.jsonc$/m);
    expect(refused.stderr).toContain('--force');
    expect(await sb.snapshot()).toEqual(edited);
    const json = await sb.run(['rollback', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ exitCode: 5, error: { code: 'rollback-refused', files: ['opencode.jsonc'] } });
    const forced = await sb.run(['rollback', '--force']);
    expect(forced.code).toBe(0);
    expect(await sb.read('project/opencode.jsonc')).toBe(original);
    expect(sb.exists('project/.mcp.json')).toBe(false);
  });
});
