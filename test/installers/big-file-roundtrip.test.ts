// A big user file (Claude Code's ~/.claude.json grows to tens of MB) goes through the large-file
// paths: lazy levels, JSON.parse values, the spliced encoding, no re-parse after uninstall. init then
// uninstall must give back the original bytes, and the file must never be deleted.
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { createHostContext, planAction } from '../../src/installers/index.js';
import { afterText, applyChange, makeEnv, put, readText, V, type TestEnv } from './helpers.js';

let env: TestEnv | undefined;
afterEach(async () => {
  await env?.cleanup();
  env = undefined;
});

function bigClaudeJson(projects: number): string {
  const p: Record<string, unknown> = {};
  for (let i = 0; i < projects; i++) p[`/home/dev/p-${i}`] = { allowedTools: ['Edit'], history: [{ display: `fix é😀 ${i}`, pastedContents: {} }], env: { TOKEN: `t-${i}` } };
  return JSON.stringify({ numStartups: 3, projects: p, mcpServers: { memory: { type: 'stdio', command: 'npx', args: ['-y', 'm'] } }, userID: 'x' }, null, 2) + '\n';
}

describe('a big ~/.claude.json', () => {
  test('init then uninstall restores the bytes; the file is kept', async () => {
    env = await makeEnv();
    const file = path.join(env.home, '.claude.json');
    const original = bigClaudeJson(3000);
    expect(original.length).toBeGreaterThan(256 * 1024);
    await put(file, original);
    const ctx = createHostContext({ projectDir: env.projectDir, env: { PATH: '' }, home: env.home, platform: 'linux' });
    const init = await planAction(ctx, { action: 'init', hosts: ['claude-code'], scope: 'user', version: V });
    expect(init.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const change = init.plan.changes[0];
    // The spliced bytes are the encoding of the new text.
    expect(Buffer.from(change!.after as Uint8Array)).toEqual(Buffer.from(afterText(change), 'utf8'));
    expect(JSON.parse(afterText(change)).mcpServers.patchbay).toBeDefined();
    await applyChange(change!);
    const un = await planAction(ctx, { action: 'uninstall', hosts: ['claude-code'], scope: 'user', version: V });
    expect(un.plan.changes).toHaveLength(1);
    expect(un.plan.changes[0]!.after).not.toBe('delete');
    await applyChange(un.plan.changes[0]!);
    expect(await readText(file)).toBe(original);
  });
});
