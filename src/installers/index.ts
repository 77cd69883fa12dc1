// The installers facade: what the CLI and the MCP server call. Adapters only read; planAction
// returns one Plan (src/rollback applies it). Callers must not apply when diagnostics hold an error.
import os from 'node:os';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { hasErrors } from '../diagnostics.js';
import type { Plan } from '../rollback/types.js';
import { createPlan, writeAccessDiagnostics } from '../rollback/plan-builder.js';
import { displayPath } from '../display-path.js';
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
  for (const hostPlan of hostPlans) {
    hostPlan.diagnostics.push(...readOnlyDiagnostics(ctx, hostPlan));
    // A folder that refuses apply's temp file: a refusal now, not "apply failed" later.
    for (const d of await writeAccessDiagnostics(hostPlan.changes, (p) => displayPath(p, ctx))) hostPlan.diagnostics.push({ ...d, host: hostPlan.host });
  }
  const diagnostics = hostPlans.flatMap((p) => p.diagnostics);
  const changes = hostPlans.flatMap((p) => p.changes);
  const createDirs = [...new Set(hostPlans.flatMap((p) => p.createDirs))].sort((a, b) => a.length - b.length || a.localeCompare(b));
  const plan = createPlan(`${request.action} ${request.hosts.join(',')} (${request.scope})`, changes, createDirs);
  return { plan, hostPlans, diagnostics };
}

/**
 * A file without any write bit is a statement: someone (a dotfile manager such as home-manager, a
 * team policy, the user) does not want it edited. Writing through a rename would succeed anyway
 * (and always does as root), so patchbay refuses at plan time and says how to proceed.
 */
function readOnlyDiagnostics(ctx: HostContext, hostPlan: HostPlan): Diagnostic[] {
  return hostPlan.changes
    .filter((c) => c.before.exists && c.before.mode !== null && (c.before.mode & 0o222) === 0)
    .map((c) => {
      const shown = displayPath(c.path, ctx);
      return {
        code: 'read-only-file',
        severity: 'error' as const,
        host: hostPlan.host,
        path: c.path,
        message: `${shown} is read-only (mode ${(c.before.mode ?? 0).toString(8).padStart(4, '0')}); patchbay will not edit a file someone protected`,
        hint: `if it is meant to be edited, run \`chmod u+w ${shown}\` and try again; if a dotfile manager owns it, add the entry in its source instead`,
      };
    });
}

export { hasErrors };
