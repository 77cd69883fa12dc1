// Every secret form of audit item 3, planted in real host files and swept out of every answer that
// shows host-file content: list_servers, patchbay://servers and the diffs of plan (context lines
// included). Through the real SDK client against the built server, like client.test.ts.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { bundlePath } from './helpers.js';

const CANARY = {
  bareToken: 'sk-proj-CANARYbare0123456789abcdef',
  keyFlag: 'CANARY-KEYFLAG-1111',
  secretColon: 'CANARY-SECRETCOLON-2222',
  tokenColon: 'CANARY-TOKENCOLON-3333',
  commentToken: 'CANARY-COMMENT-4444',
  commentGhp: 'ghp_CANARYcomment0123456789abcdefghij',
  commentCurl: 'CANARY-CURL-5555',
  webhook: 'CANARYwh0k',
  contextPair: 'CANARY-CONTEXT-6666',
} as const;

let root: string;
let client: Client;
const seen: string[] = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'patchbay-canary-forms-'));
  const project = path.join(root, 'project');
  const home = path.join(root, 'home');
  await mkdir(path.join(project, '.cursor'), { recursive: true });
  await mkdir(home, { recursive: true });
  const c = CANARY;
  // Cursor reads JSONC: comments are where people leave secrets. The comment lines sit right
  // before the end of mcpServers, where init inserts patchbay's entry, so they are diff context.
  await writeFile(
    path.join(project, '.cursor', 'mcp.json'),
    `{
  "mcpServers": {
    "tool": { "command": "npx", "args": ["-y", "tool-mcp", "${c.bareToken}", "--key", "${c.keyFlag}", "--secret:${c.secretColon}", "TOKEN:${c.tokenColon}"] },
    "hook": { "url": "https://hooks.slack.com/services/T0HOOK1/B0HOOK2/${c.webhook}" },
    // token: ${c.commentToken} (old one: ${c.commentGhp})
    // curl -H 'X-Api-Key: ${c.commentCurl}'
    // client_secret = ${c.contextPair}
    "last": { "command": "srv" }
  }
}
`,
  );
  client = new Client({ name: 'patchbay-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [bundlePath(), 'mcp'],
      cwd: project,
      env: { PATH: '/usr/bin:/bin', HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), PATCHBAY_STATE_DIR: path.join(root, 'state') },
      stderr: 'pipe',
    }),
  );
});

afterAll(async () => {
  await client?.close();
  await rm(root, { recursive: true, force: true });
});

async function call(name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  const text = JSON.stringify(result);
  seen.push(text);
  return result.structuredContent as { status: string; data?: Record<string, unknown> };
}

describe('secret forms never reach an answer', () => {
  it('list_servers shows the names and flags, not the values', async () => {
    const env = await call('list_servers', { hosts: ['cursor'], scope: 'project' });
    const tool = (env.data!.servers as { name: string; args?: string[]; url?: string }[]).find((s) => s.name === 'tool')!;
    expect(tool.args).toEqual(['-y', 'tool-mcp', '<redacted>', '--key', '<redacted>', '--secret:<redacted>', 'TOKEN:<redacted>']);
    const hook = (env.data!.servers as { name: string; url?: string }[]).find((s) => s.name === 'hook')!;
    expect(hook.url).toBe('https://hooks.slack.com/services/<redacted>/<redacted>/<redacted>');
  });

  it('patchbay://servers shows the same redacted entries', async () => {
    const res = await client.readResource({ uri: 'patchbay://servers' });
    const text = JSON.stringify(res);
    seen.push(text);
    expect(text).toContain('--secret:<redacted>');
    expect(text).toContain('hooks.slack.com/services/<redacted>');
  });

  it('plan diffs, context lines included', async () => {
    const env = await call('plan', { action: 'init', hosts: ['cursor'], scope: 'project' });
    expect(env.status).toBe('ok');
    const diff = String(env.data!.diff);
    // The comments are in the hunk, as context, with their names kept.
    for (const shown of ['// token: <redacted> (old one: <redacted>)', "X-Api-Key: <redacted>'", 'client_secret = <redacted>']) expect(diff).toContain(shown);
  });

  it('no canary in anything the server answered', () => {
    expect(seen.length).toBeGreaterThanOrEqual(3);
    const all = seen.join('\n');
    for (const [form, canary] of Object.entries(CANARY)) expect(all.includes(canary), form).toBe(false);
    expect(all).not.toMatch(/HOOK[12]/);
  });
});
