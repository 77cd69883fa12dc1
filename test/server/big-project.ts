// A temp project whose Claude Code `.mcp.json` holds `count` servers (~230 bytes each: 40,000 make
// a 9 MB file), with the secrets redaction has to find in each. For the responsiveness tests.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface BigProject {
  project: string;
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

export async function bigProject(count: number): Promise<BigProject> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'patchbay-big-'));
  const project = path.join(root, 'project');
  const home = path.join(root, 'home');
  await mkdir(project, { recursive: true });
  await mkdir(home, { recursive: true });
  const servers: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) {
    servers[`server-${i}`] =
      i % 3 === 2
        ? { type: 'http', url: `https://u${i}:pw${i}@mcp${i}.example.com/v1?token=t${i}&region=eu`, headers: { Authorization: `Bearer tok${i}` } }
        : { command: 'npx', args: ['-y', `tool-${i}@1.0.${i % 10}`, '--api-key', `key-${i}`], env: { API_TOKEN: `secret-${i}`, MODE: 'prod' } };
  }
  await writeFile(path.join(project, '.mcp.json'), `${JSON.stringify({ mcpServers: servers }, null, 2)}\n`);
  const env = { PATH: '/usr/bin:/bin', HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), PATCHBAY_STATE_DIR: path.join(root, 'state') };
  return { project, env, cleanup: () => rm(root, { recursive: true, force: true }) };
}
