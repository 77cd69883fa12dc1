// Detection helpers: version probes and config-dir evidence, reported in words.
import { statSync } from 'node:fs';
import type { HostContext } from './types.js';
import type { DetectOptions } from './host-core.js';
import { displayPath } from '../display-path.js';
import { findOnPath } from './which.js';

const SEMVER = /\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?/;

export interface ProbeOutcome {
  found: boolean;
  /** First line of stdout, trimmed. */
  firstLine?: string;
  version?: string;
  reason: string;
  failed?: string;
}

/**
 * Runs `<bin> --version` and words the outcome, e.g. "`claude --version` printed 2.1.332 (Claude Code)".
 * With `probeVersions: false` (see DetectOptions) it only looks `bin` up on PATH: a spawned probe costs
 * a process per installed host (status on a machine with every host installed: 26 of them).
 */
export async function probeVersion(ctx: HostContext, bin: string, options: DetectOptions = {}): Promise<ProbeOutcome> {
  if (options.probeVersions === false) {
    const found = (await (ctx.onPath ? ctx.onPath(bin) : findOnPath(bin, ctx.env, ctx.platform))) !== null;
    return { found, reason: found ? `\`${bin}\` is on PATH (its version was not asked for)` : `\`${bin}\` is not on PATH` };
  }
  const result = await ctx.probe(bin, ['--version']);
  if (!result.ok) {
    if (result.reason === 'not-found') return { found: false, reason: `\`${bin}\` is not on PATH` };
    return { found: false, reason: `\`${bin} --version\` ${result.reason === 'timeout' ? 'timed out' : 'failed'}: ${result.message}`, failed: result.message };
  }
  const firstLine = result.stdout.split(/\r?\n/).find((l) => l.trim() !== '')?.trim() ?? '';
  const version = SEMVER.exec(firstLine)?.[0];
  const outcome: ProbeOutcome = { found: true, firstLine, reason: `\`${bin} --version\` printed ${firstLine || '(nothing)'}` };
  if (version !== undefined) outcome.version = version;
  return outcome;
}

export async function pathExists(p: string): Promise<'dir' | 'file' | false> {
  // statSync without throwing for a missing path: detection asks about ~60 paths in `status` over 40
  // hosts, most of them absent, and each async stat was a thread-pool round trip plus a thrown ENOENT.
  try {
    const st = statSync(p, { throwIfNoEntry: false });
    return st === undefined ? false : st.isDirectory() ? 'dir' : 'file';
  } catch {
    return false; // ENOTDIR, EACCES: not a host folder we can use
  }
}

/** "found ~/.cursor" for each path that exists. */
export async function evidence(ctx: HostContext, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const p of paths) {
    const kind = await pathExists(p);
    if (kind) found.push(`found ${kind === 'dir' ? 'the folder' : 'the file'} ${displayPath(p, ctx)}`);
  }
  return found;
}
