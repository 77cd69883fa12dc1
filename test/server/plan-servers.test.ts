// The MCP `plan` tool previews add / remove / sync with the same planner as the CLI, never applies,
// and answers the exact command line; an npm source must be exact (the server has no registry).
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { planTool } from '../../src/server/tools/plan.js';
import { resolveEnvironment } from '../../src/core/environment.js';

let root: string;
let project: string;
let env: Record<string, string>;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'pb-plan-servers-'));
  project = path.join(root, 'project');
  await mkdir(project, { recursive: true });
  env = { HOME: path.join(root, 'home'), PATCHBAY_STATE_DIR: path.join(root, 'state'), PATH: path.join(root, 'bin') };
  await writeFile(path.join(project, '.mcp.json'), '{\n  "mcpServers": {}\n}\n');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('MCP plan: add, remove, sync', () => {
  it('add a remote server with a header reference: the diff in the host syntax, the command, nothing written', async () => {
    const environment = resolveEnvironment({ cwd: project, env });
    const r = await planTool(environment, {
      action: 'add', hosts: ['claude-code'],
      server: { name: 'github', url: 'https://api.githubcopilot.com/mcp/', headers: { Authorization: 'Bearer ${env:GITHUB_TOKEN}' } },
    });
    expect(r.status).toBe('ok');
    // A header that only names a secret is shown, in the host's own syntax (Claude Code: `${NAME}`).
    expect(r.data?.diff).toContain('"type": "http", "url": "https://api.githubcopilot.com/mcp/", "headers": { "Authorization": "Bearer ${GITHUB_TOKEN}" }');
    expect(r.data?.command).toMatch(/^npx --yes patchbay-mcp@\S+ add --yes --host claude-code --scope project github --url https:\/\/api\.githubcopilot\.com\/mcp\/ --header 'Authorization: Bearer \$\{env:GITHUB_TOKEN\}'$/);
    expect(await readFile(path.join(project, '.mcp.json'), 'utf8')).toBe('{\n  "mcpServers": {}\n}\n');
  });

  it('an npm server without an exact version is invalid (no registry access here)', async () => {
    const r = await planTool(resolveEnvironment({ cwd: project, env }), { action: 'add', server: { name: 'fs', npm: 'fs-mcp' } });
    expect(r.status).toBe('invalid');
    expect(r.diagnostics?.[0]?.message).toContain('exact version');
  });

  it('remove of a name patchbay does not manage is a diagnostic, not a crash', async () => {
    const r = await planTool(resolveEnvironment({ cwd: project, env }), { action: 'remove', names: ['nope'] });
    expect(r.status).toBe('diagnostic');
    expect(r.diagnostics?.[0]?.code).toBe('server-not-managed');
  });
});
