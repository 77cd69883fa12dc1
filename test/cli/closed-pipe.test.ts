// Item: `patchbay status | head` died with an EPIPE stack trace (26 of 30 runs). A reader that goes away
// early (head, a pager quit with q, a closed CI log pipe) must cost nothing: no stack, the command's own
// exit code, and a write command still commits whole.
//
// Determinism: the test closes its end of the pipe before the child has even started, so the child's
// first write always hits a reader that is gone (with `| head` it depends on timing).
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUNDLE, createSandbox, type Sandbox } from '../helpers/cli-sandbox.js';

let sb: Sandbox;
beforeEach(async () => {
  sb = await createSandbox();
});
afterEach(async () => {
  await sb.cleanup();
});

/** Runs the bundle with `closed` ('stdout' | 'stderr') closed by the reader at once; collects the other. */
function runWithClosed(closed: 'stdout' | 'stderr', args: string[]): Promise<{ code: number | null; other: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BUNDLE, ...args], { cwd: sb.project, env: sb.env, stdio: ['ignore', 'pipe', 'pipe'] });
    child[closed].destroy();
    const open = closed === 'stdout' ? child.stderr : child.stdout;
    let other = '';
    open.on('data', (c: Buffer) => (other += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, other }));
  });
}

const STACK = /EPIPE|Unhandled 'error'|\n\s+at .+:\d+:\d+/;

describe('a reader that closes the pipe early', () => {
  it('status: its own exit code (1: drift), no stack trace on stderr', async () => {
    await sb.write('project/.mcp.json', '{ "mcpServers": {} }\n');
    for (let i = 0; i < 3; i++) {
      const r = await runWithClosed('stdout', ['status', '--host', 'claude-code,cursor']);
      expect(r.other).not.toMatch(STACK);
      expect(r.code).toBe(1);
    }
  });

  it('--version, history and --help with stdout closed exit 0 quietly', async () => {
    await sb.write('project/.mcp.json', '{ "mcpServers": { "patchbay": { "command": "npx", "args": ["--yes", "patchbay@0.1.0", "mcp"] } } }\n');
    for (const args of [['--version'], ['history'], ['--help']]) {
      const r = await runWithClosed('stdout', args);
      expect(r.other, args.join(' ')).not.toMatch(STACK);
      expect(r.code, args.join(' ')).toBe(0);
    }
  });

  it('init --yes with stdout closed still commits whole, exit 0; with stderr closed too', async () => {
    const r = await runWithClosed('stdout', ['init', '--yes', '--host', 'claude-code']);
    expect(r.other).not.toMatch(STACK);
    expect(r.code).toBe(0);
    expect(JSON.parse(await readFile(path.join(sb.project, '.mcp.json'), 'utf8'))).toHaveProperty('mcpServers.patchbay');
    const history = await sb.run(['history', '--json']);
    expect(JSON.parse(history.stdout).transactions.map((t: { status: string }) => t.status)).toEqual(['committed']);
    // stderr closed: a refusal (exit 3) still exits 3, and stdout carries no stack either.
    await sb.write('project/.cursor/mcp.json', '{ "mcpServers": [ }');
    const e = await runWithClosed('stderr', ['init', '--yes', '--host', 'cursor']);
    expect(e.code).toBe(3);
    expect(e.other).not.toMatch(STACK);
  });
});
