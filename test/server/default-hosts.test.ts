// With no `hosts`, plan previews the hosts the CLI command would use (audit item 4): a generic
// ~/.config/mcp folder made a default project-scope plan refuse (generic has no project file) while
// `patchbay init --yes` skips generic. Each case runs the built CLI (--dry-run --json) and the MCP
// server on the same sandbox and compares the host lists.
import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { bundlePath, initializeRequest, spawnWire } from './helpers.js';

const run = promisify(execFile);

interface Box {
  project: string;
  env: Record<string, string>;
  root: string;
}

const boxes: Box[] = [];
afterEach(async () => {
  for (const b of boxes.splice(0)) await rm(b.root, { recursive: true, force: true });
});

/** A project with Claude Code on PATH, and optionally the generic host's folder and a manifest. */
async function sandbox(options: { genericFolder?: boolean; manifestHosts?: string[] }): Promise<Box> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'patchbay-defaults-'));
  const project = path.join(root, 'project');
  const home = path.join(root, 'home');
  const bin = path.join(root, 'bin');
  await mkdir(project, { recursive: true });
  await mkdir(bin, { recursive: true });
  await mkdir(path.join(home, '.config'), { recursive: true });
  await writeFile(path.join(bin, 'claude'), '#!/bin/sh\necho "2.1.332 (Claude Code)"\n');
  await chmod(path.join(bin, 'claude'), 0o755);
  if (options.genericFolder) {
    await mkdir(path.join(home, '.config', 'mcp'), { recursive: true });
    await writeFile(path.join(home, '.config', 'mcp', 'mcp.json'), '{"mcpServers": {}}\n');
  }
  if (options.manifestHosts) {
    await writeFile(
      path.join(project, 'patchbay.jsonc'),
      `${JSON.stringify({ hosts: options.manifestHosts, scope: 'project', servers: { patchbay: { command: 'npx', args: ['--yes', 'patchbay@0.1.0', 'mcp'] } } }, null, 2)}\n`,
    );
  }
  const env = { PATH: `${bin}:/usr/bin:/bin`, HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), PATCHBAY_STATE_DIR: path.join(root, 'state') };
  const box = { project, env, root };
  boxes.push(box);
  return box;
}

async function cliHosts(box: Box, action: string): Promise<string[]> {
  const args = action === 'init' ? ['init', '--yes', '--dry-run', '--json', box.project] : [action, '--dry-run', '--json', box.project];
  const { stdout } = await run(process.execPath, [bundlePath(), ...args], { cwd: box.project, env: box.env }).catch((e: { stdout: string }) => e);
  return (JSON.parse(stdout) as { hosts: string[] }).hosts;
}

async function mcpPlan(box: Box, action: string): Promise<{ status: string; hosts: string[]; codes: string[] }> {
  const w = spawnWire({ cwd: box.project, env: box.env });
  try {
    w.send(initializeRequest(1));
    await w.response(1);
    w.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'plan', arguments: { action } } });
    const res = (await w.response(2, 60_000)) as { result: { structuredContent: { status: string; data?: { hosts: string[] }; diagnostics?: { code: string }[] } } };
    const env = res.result.structuredContent;
    return { status: env.status, hosts: env.data?.hosts ?? [], codes: (env.diagnostics ?? []).map((d) => d.code) };
  } finally {
    w.child.kill('SIGKILL');
  }
}

describe('plan without hosts uses the CLI command’s hosts', () => {
  it('init, a generic ~/.config/mcp folder present: generic is skipped at project scope, as by the CLI', async () => {
    const box = await sandbox({ genericFolder: true });
    const mcp = await mcpPlan(box, 'init');
    expect(mcp.codes).not.toContain('usage');
    expect(mcp.status).toBe('ok');
    expect(mcp.hosts).toEqual(await cliHosts(box, 'init'));
    expect(mcp.hosts).not.toContain('generic');
  }, 120_000);

  it('init with a manifest: the manifest’s hosts', async () => {
    const box = await sandbox({ manifestHosts: ['cursor'] });
    const mcp = await mcpPlan(box, 'init');
    expect(mcp.hosts).toEqual(['cursor']);
    expect(mcp.hosts).toEqual(await cliHosts(box, 'init'));
  }, 120_000);

  it('migrate and uninstall: every host with a project file, detected or not', async () => {
    const box = await sandbox({ genericFolder: true });
    for (const action of ['migrate', 'uninstall']) {
      const mcp = await mcpPlan(box, action);
      expect(mcp.hosts, action).toEqual(await cliHosts(box, action));
    }
  }, 120_000);
});
