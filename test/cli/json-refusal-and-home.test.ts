// Two audit items (issue 10, items 10 and 11): a refusal under --json carries the `error` object
// docs/cli.md promises (code, message, path, line, column, hint, files), for init's refusals and for
// status on a malformed file; and a missing HOME is said out loud instead of silently replaced.
import os from 'node:os';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../helpers/cli-sandbox.js';

let sb: Sandbox;
beforeEach(async () => {
  sb = await createSandbox();
});
afterEach(async () => {
  await sb.cleanup();
});

describe('--json on a refusal', () => {
  it('init: `error` names the first problem (code, path, line, column, hint) and `files` every file with one', async () => {
    await sb.write('project/.mcp.json', '{\n  "mcpServers": {\n    "a": 1,\n');
    await mkdir(path.join(sb.project, '.cursor', 'mcp.json'), { recursive: true });
    const r = await sb.run(['init', '--yes', '--host', 'claude-code,cursor', '--json']);
    expect(r.code, r.stderr).toBe(3);
    const doc = JSON.parse(r.stdout);
    expect(doc).toMatchObject({ command: 'init', status: 'refused', exitCode: 3 });
    const first = doc.diagnostics.find((d: { severity: string }) => d.severity === 'error');
    expect(doc.error).toMatchObject({ code: first.code, path: first.path, message: expect.stringContaining(first.message) });
    expect(doc.error.files.sort()).toEqual(['.cursor/mcp.json', '.mcp.json']);
    expect(doc.error.message).toMatch(/and \d+ more problems?, in diagnostics/);
    const parse = doc.diagnostics.find((d: { code: string }) => d.code === 'parse-error');
    expect(parse).toMatchObject({ path: '.mcp.json', line: expect.any(Number), column: expect.any(Number) });
  });

  it('init: one problem gives its own message, position and hint unchanged', async () => {
    await sb.write('project/.mcp.json', '{ "mcpServers": [] }\n');
    const r = await sb.run(['init', '--yes', '--host', 'claude-code', '--json']);
    expect(r.code, r.stderr).toBe(3);
    const doc = JSON.parse(r.stdout);
    const [d] = doc.diagnostics;
    expect(doc.error).toEqual({
      code: d.code,
      message: d.message,
      path: '.mcp.json',
      ...(d.line !== undefined ? { line: d.line, column: d.column } : {}),
      ...(d.pointer !== undefined ? { pointer: d.pointer } : {}),
      ...(d.hint !== undefined ? { hint: d.hint } : {}),
      files: ['.mcp.json'],
    });
  });

  it('status on a malformed file (exit 3): `error` with the parse error; a healthy status has none', async () => {
    expect((await sb.run(['init', '--yes', '--host', 'claude-code'])).code).toBe(0);
    const healthy = JSON.parse((await sb.run(['status', '--json'])).stdout);
    expect(healthy.status).toBe('current');
    expect(healthy).not.toHaveProperty('error');
    await sb.write('project/.mcp.json', '{\n  "mcpServers": {\n');
    const r = await sb.run(['status', '--json']);
    expect(r.code, r.stderr).toBe(3);
    const doc = JSON.parse(r.stdout);
    expect(doc).toMatchObject({ status: 'malformed', exitCode: 3, error: { code: 'parse-error', path: '.mcp.json', line: expect.any(Number), column: expect.any(Number) } });
  });
});

describe('HOME', () => {
  it('unset: a warning names the home used (the account’s, from the password database); set: no warning', async () => {
    // Read-only and user scope: what it reads is the account's real home, and it writes nothing.
    const unset = await sb.run(['status', '--scope', 'user', '--host', 'claude-code'], { env: { HOME: undefined } });
    expect(unset.stderr).toContain(`patchbay: warning: HOME is not set; using ${os.userInfo().homedir} (your account's home directory) for user-scope host files and the state dir.`);
    const set = await sb.run(['status', '--scope', 'user', '--host', 'claude-code']);
    expect(set.stderr).not.toContain('HOME is not set');
  });
});
