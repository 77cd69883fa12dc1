// The shared shape of a JSON-host acceptance test: a sandbox whose npm points at the local registry
// (in ~/.npmrc too, for hosts that spawn servers with a reduced environment), the host CLI on PATH
// under the name patchbay probes, and `patchbay init --yes --host <id>` run in the project.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { patchbay, run, type RunResult } from './run.js';
import { makeSandbox, type Sandbox } from './sandbox.js';
import { hostBinDir, type ToolName } from './tools.js';

export async function hostSandbox(registry: string, tool: ToolName, bin: string, extra: Record<string, string> = {}): Promise<Sandbox> {
  const b = await makeSandbox({ registry, extra });
  await writeFile(path.join(b.home, '.npmrc'), `registry=${registry}\ncache=${b.npmCache}\nupdate-notifier=false\n`);
  await hostBinDir(b.binDir, { [tool]: bin });
  return b;
}

export function hostCli(b: Sandbox, name: string, args: string[], timeoutMs = 120_000): Promise<RunResult> {
  return run(path.join(b.binDir, name), args, { cwd: b.project, env: b.env, timeoutMs });
}

export function initHost(b: Sandbox, host: string, scope: 'project' | 'user' = 'project'): Promise<RunResult> {
  return patchbay(['init', '--yes', '--host', host, '--scope', scope, b.project], { cwd: b.project, env: b.env });
}

/**
 * Fetches patchbay-mcp@<version> into the sandbox's npx cache from the local registry, so a host whose
 * `mcp list` gives a server only a few seconds (Droid shows "connecting") meets a warm npx, as a user
 * who ran it once would. The host still spawns the server itself through npx.
 */
export function warmNpx(b: Sandbox, version: string): Promise<RunResult> {
  return run('npx', ['--yes', `patchbay-mcp@${version}`, '--version'], { cwd: b.project, env: b.env, timeoutMs: 120_000 });
}
