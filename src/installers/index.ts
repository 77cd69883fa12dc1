// The installers facade: what the CLI and the MCP server call. Adapters only read; planAction
// returns one Plan (src/rollback applies it). Callers must not apply when diagnostics hold an error.
import os from 'node:os';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { hasErrors } from '../diagnostics.js';
import type { Plan } from '../rollback/types.js';
import { createPlan } from '../rollback/plan-builder.js';
import { HOST_IDS, type Detection, type HostAdapter, type HostContext, type HostId, type HostPlan, type HostReport, type PlanRequest, type Scope } from './types.js';
import { createProbe } from './probe.js';
import { opencode } from './hosts/opencode.js';
import { claudeCode } from './hosts/claude-code.js';
import { cursor } from './hosts/cursor.js';
import { generic } from './hosts/generic.js';

export * from './types.js';
export { managedEntry, recognize, pinFromArgv, OPENCODE_SCHEMA_URL } from './entry.js';
export { dialectForVersion, V1_RANGE, V2_RANGE } from './hosts/opencode.js';

export const ADAPTERS: Record<HostId, HostAdapter> = {
  opencode,
  'claude-code': claudeCode,
  cursor,
  generic,
};

export interface HostContextOptions {
  projectDir: string;
  env?: Record<string, string | undefined>;
  platform?: NodeJS.Platform;
  home?: string;
}

export function createHostContext(opts: HostContextOptions): HostContext {
  const env = opts.env ?? process.env;
  const platform = opts.platform ?? process.platform;
  const home = opts.home ?? (platform === 'win32' ? env.USERPROFILE : env.HOME) ?? os.homedir();
  return { projectDir: path.resolve(opts.projectDir), home: path.resolve(home), env, platform, probe: createProbe(env) };
}

function selected(hosts?: readonly HostId[]): HostId[] {
  return [...(hosts ?? HOST_IDS)];
}

export async function detectHosts(ctx: HostContext, hosts?: readonly HostId[]): Promise<Detection[]> {
  return Promise.all(selected(hosts).map((h) => ADAPTERS[h].detect(ctx)));
}

export interface InspectOptions {
  hosts?: readonly HostId[];
  scope: Scope;
  version: string;
  opencodeVersion?: string;
}

/** One report per host that supports the scope (generic has no project scope and is skipped there). */
export async function inspectHosts(ctx: HostContext, options: InspectOptions): Promise<HostReport[]> {
  const request = options.opencodeVersion === undefined ? { version: options.version } : { version: options.version, opencodeVersion: options.opencodeVersion };
  const hosts = selected(options.hosts).filter((h) => options.hosts !== undefined || ADAPTERS[h].supportsScope(options.scope));
  return Promise.all(hosts.map((h) => ADAPTERS[h].inspect(ctx, options.scope, request)));
}

export interface PlanActionResult {
  plan: Plan;
  hostPlans: HostPlan[];
  diagnostics: Diagnostic[];
}

/**
 * Plans `request.action` for every requested host and merges the result into one Plan. When any host
 * reports an error the merged plan is still returned (for previews) but must not be applied.
 */
export async function planAction(ctx: HostContext, request: PlanRequest): Promise<PlanActionResult> {
  const hostPlans = await Promise.all(request.hosts.map((h) => {
    const adapter = ADAPTERS[h];
    if (!adapter) throw new Error(`unknown host ${String(h)}`);
    return adapter.plan(ctx, { ...request, scope: request.scope });
  }));
  const diagnostics = hostPlans.flatMap((p) => p.diagnostics);
  const changes = hostPlans.flatMap((p) => p.changes);
  const createDirs = [...new Set(hostPlans.flatMap((p) => p.createDirs))].sort((a, b) => a.length - b.length || a.localeCompare(b));
  const plan = createPlan(`${request.action} ${request.hosts.join(',')} (${request.scope})`, changes, createDirs);
  return { plan, hostPlans, diagnostics };
}

export { hasErrors };
