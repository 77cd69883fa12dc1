// `patchbay status` printed other servers' args as they are (`--password=hunter2 --token tok123`)
// while the MCP server redacted the same entries. Both now go through redactEntry. Runs the built
// CLI, human output and --json.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundlePath } from '../server/helpers.js';

const run = promisify(execFile);
let root: string;
let project: string;
let env: Record<string, string>;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'patchbay-status-redact-'));
  project = path.join(root, 'project');
  const home = path.join(root, 'home');
  await mkdir(project, { recursive: true });
  await mkdir(home, { recursive: true });
  await writeFile(
    path.join(project, '.mcp.json'),
    `${JSON.stringify(
      {
        mcpServers: {
          db: { command: 'node', args: ['srv.js', '--password=hunter2', '--token', 'tok123', 'sk-proj-CANARYstatus0123456789abc'] },
          remote: { type: 'http', url: 'https://alice:s3cr3t@mcp.example.com/v1?api_key=k3y' },
        },
      },
      null,
      2,
    )}\n`,
  );
  env = { PATH: '/usr/bin:/bin', HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), PATCHBAY_STATE_DIR: path.join(root, 'state'), NO_COLOR: '1' };
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function status(...flags: string[]): Promise<string> {
  // status exits 1 on drift (no patchbay entry here): the output is what matters.
  const result = await run(process.execPath, [bundlePath(), 'status', '--host', 'claude-code', ...flags, project], { cwd: project, env }).catch(
    (e: { stdout: string; stderr: string }) => e,
  );
  return `${result.stdout}\n${result.stderr}`;
}

describe('patchbay status redacts other servers like the MCP server does', () => {
  for (const flags of [[], ['--json']]) {
    it(`status ${flags.join(' ') || '(human)'}`, async () => {
      const out = await status(...flags);
      for (const secret of ['hunter2', 'tok123', 'CANARYstatus', 's3cr3t', 'k3y']) expect(out).not.toContain(secret);
      for (const shown of ['--password=<redacted>', '--token', 'srv.js', 'mcp.example.com']) expect(out).toContain(shown);
    });
  }
});
