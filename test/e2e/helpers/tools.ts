// Makes the pinned tools (scripts/e2e/versions.json) available to an e2e test file. Installing is cached
// and lock-safe (scripts/e2e/install-tools.mjs), so every file may call this in parallel.
//
// Policy: when CI is set, a tool that cannot be installed is a FAILURE (throws). Locally it may skip with a
// message that says why and how to fix it — but with the npm registry reachable (the normal case here),
// the tools install and the e2e tests run under plain `npm test`.
import { mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { installTools, readVersions, type ToolSpec } from '../../../scripts/e2e/install-tools.mjs';

export type ToolName = 'opencode' | 'claude-code' | 'verdaccio' | 'inspector' | 'add-mcp' | 'gemini' | 'qwen-code' | 'factory-droid' | 'kilo' | 'codex' | 'copilot-cli';

export type Tools =
  | { ok: true; bins: Record<ToolName, string>; specs: Record<string, ToolSpec> }
  | { ok: false; reason: string };

// CI=false / CI=0 (some shells and tools set it so) is not CI: only a non-empty value other than those.
export const inCI = process.env.CI !== undefined && !['', '0', 'false'].includes(process.env.CI.toLowerCase());

export async function prepareTools(names: ToolName[]): Promise<Tools> {
  const specs = await readVersions();
  try {
    const results = await installTools({ names, log: (m) => process.stderr.write(`${m}\n`) });
    const bins = Object.fromEntries(results.map((r) => [r.name, r.bin])) as Record<ToolName, string>;
    return { ok: true, bins, specs };
  } catch (err) {
    const reason = `e2e tools ${names.join(', ')} unavailable: ${(err as Error).message}`;
    if (inCI) throw new Error(`${reason}\n(CI is set, so a missing host CLI fails the run instead of skipping.)`);
    process.stderr.write(`SKIPPING e2e tests (CI not set): ${reason}\n`);
    return { ok: false, reason };
  }
}

/** A PATH dir with the host CLIs under the names patchbay's detection probes (`opencode`, `claude`). */
export async function hostBinDir(dir: string, bins: Partial<Record<ToolName, string>>): Promise<string> {
  await mkdir(dir, { recursive: true });
  const names: Partial<Record<ToolName, string>> = { opencode: 'opencode', 'claude-code': 'claude', gemini: 'gemini', 'qwen-code': 'qwen', 'factory-droid': 'droid', kilo: 'kilo', codex: 'codex', 'copilot-cli': 'copilot' };
  for (const [tool, bin] of Object.entries(bins)) {
    const name = names[tool as ToolName];
    if (name && bin) await symlink(bin, path.join(dir, name));
  }
  return dir;
}
