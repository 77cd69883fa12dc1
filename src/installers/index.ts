// The installers facade: what the core planner calls. Hosts only read; planning stacks every edit on
// one overlay, so any set of (host, server, action) becomes ONE Plan (src/rollback applies it), with
// one before/after per file. Callers must not apply when diagnostics hold an error.
import os from 'node:os';
import type { Diagnostic } from '../diagnostics.js';
import { hasErrors } from '../diagnostics.js';
import type { Plan } from '../rollback/types.js';
import { createPlan, writeAccessDiagnostics } from '../rollback/plan-builder.js';
import { displayPath } from '../display-path.js';
import type { Detection, HostContext, HostId, HostPlan, HostReport, PlanRequest, Scope } from './types.js';
import { createProbe } from './probe.js';
import { createPathLookup } from './which.js';
import { pathApi } from './paths.js';
import { HOSTS, HOST_IDS, hostRecord, sharingIndex, supportsScope } from './catalog.js';
import { inspectHost, planHost, type HostAction, type ReplacePolicy } from './host-core.js';
export { inspectHost, type HostAction, type ReplacePolicy } from './host-core.js';
import { PlanningOverlay } from './document/overlay.js';
import { selfBinding, type ServerBinding } from './binding.js';
import { selfEnv } from './self-env.js';

export * from './types.js';
export { HOSTS, HOST_IDS, hostRecord, isHostId, supportsScope, describeFiles, hostsSharing, formatOf } from './catalog.js';
export { managedEntry, recognize, pinFromArgv, OPENCODE_SCHEMA_URL } from './entry.js';
export { selfBinding, type ServerBinding } from './binding.js';
export { selfEnv } from './self-env.js';
export { PlanningOverlay } from './document/overlay.js';
export { jsonCodec as jsonCodecFor } from './jsonc/document.js';
export { dialectForVersion, V1_RANGE, V2_RANGE } from './hosts/opencode.js';

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
  // The platform's own path rules, so an injected win32 context resolves `C:\\Users\\me` as Windows would.
  const p = pathApi({ platform, home });
  // Probes run here, so they look PATH up by this system's rules; onPath by the context's platform, as
  // detection without probes always has (an injected win32 context reads `Path` and PATHEXT).
  const here = createPathLookup(env, process.platform);
  const onPath = platform === process.platform ? here : createPathLookup(env, platform);
  return { projectDir: p.resolve(opts.projectDir), home: p.resolve(home), env, platform, probe: createProbe(env, process.platform, here), onPath };
}

function selected(hosts?: readonly HostId[]): HostId[] {
  return [...(hosts ?? HOST_IDS)];
}

export async function detectHosts(ctx: HostContext, hosts?: readonly HostId[]): Promise<Detection[]> {
  return Promise.all(selected(hosts).map((h) => hostRecord(h).detect(ctx, {})));
}

export interface InspectOptions {
  hosts?: readonly HostId[];
  scope: Scope;
  version: string;
  opencodeVersion?: string;
  /** false: locate host binaries without running `--version` (DetectOptions.probeVersions). */
  probeVersions?: boolean;
  /** The server whose entry state is reported (default: patchbay's own, pinned to `version`). */
  binding?: ServerBinding;
}

/** One report per host that supports the scope (generic has no project scope and is skipped there). */
export async function inspectHosts(ctx: HostContext, options: InspectOptions): Promise<HostReport[]> {
  const detect = {
    ...(options.opencodeVersion === undefined ? {} : { opencodeVersion: options.opencodeVersion }),
    ...(options.probeVersions === undefined ? {} : { probeVersions: options.probeVersions }),
  };
  const hosts = selected(options.hosts).filter((h) => options.hosts !== undefined || supportsScope(hostRecord(h), options.scope));
  // Reports only: nothing is edited, so YAML files may be read without the `yaml` package.
  const overlay = new PlanningOverlay(undefined, { inspectOnly: true });
  const binding = options.binding ?? selfBinding(options.version, selfEnv(ctx.env));
  const sharing = sharingIndex(ctx, options.scope); // once per call: see sharingIndex
  return Promise.all(hosts.map(async (h) => withSharing(sharing, (await inspectHost(hostRecord(h), ctx, options.scope, overlay, binding, detect)).report)));
}

/** Marks each file another host reads too, so status can say one entry serves both. */
function withSharing(sharing: ReadonlyMap<string, readonly HostId[]>, report: HostReport): HostReport {
  for (const file of report.files) {
    const others = (sharing.get(file.path) ?? []).filter((h) => h !== report.host);
    if (others.length > 0) file.sharedWith = others;
  }
  return report;
}

/** One step of a composed plan: do `action` for `binding` in `host`'s files at `scope`. */
export interface Operation {
  host: HostId;
  scope: Scope;
  binding: ServerBinding;
  action: HostAction;
  /** What install may replace (add/update/sync); init replaces nothing. */
  replace?: ReplacePolicy;
}

export interface PlanActionResult {
  plan: Plan;
  hostPlans: HostPlan[];
  diagnostics: Diagnostic[];
  /** Existing files an uninstall could not tell from patchbay's own (HostPlanResult.keepFiles). */
  keepFiles: string[];
  /** Of keepFiles, those that were 0 bytes. */
  emptyFiles: string[];
}

/**
 * Plans every operation on one overlay, in order, and returns one Plan. Operations on the same file
 * (two servers in one host, two hosts sharing a file) stack: the second sees the first one's edit.
 * When any operation reports an error the plan is still returned (for previews) but must not be applied.
 */
export interface PlanOptions {
  description: string;
  opencodeVersion?: string;
  /** Plan into this overlay (the caller may stack its own edits, e.g. the manifest); default: a new one. */
  overlay?: PlanningOverlay;
  /** Runs before the host operations, on the same overlay. */
  before?: (() => Promise<void>) | undefined;
}

export async function planOperations(ctx: HostContext, operations: readonly Operation[], options: PlanOptions): Promise<PlanActionResult> {
  const overlay = options.overlay ?? new PlanningOverlay();
  await options.before?.();
  const detect = options.opencodeVersion === undefined ? {} : { opencodeVersion: options.opencodeVersion };
  const hostPlans: HostPlan[] = [];
  const keepFiles = new Set<string>();
  const emptyFiles = new Set<string>();
  // Sequential on purpose: each operation must see the overlay as the previous ones left it.
  for (const op of operations) {
    const result = await planHost(hostRecord(op.host), ctx, op.scope, overlay, op.binding, op.action, detect, op.replace);
    for (const f of result.keepFiles) keepFiles.add(f);
    for (const f of result.emptyFiles) emptyFiles.add(f);
    hostPlans.push({ host: op.host, scope: op.scope, changes: [], createDirs: result.createDirs, diagnostics: result.diagnostics, summary: result.summary });
  }
  const changes = await overlay.changes();
  for (const hp of hostPlans) {
    hp.changes = changes.filter((c) => c.label?.split(', ').includes(`${hp.host} (${hp.scope})`));
  }
  const readOnly = readOnlyDiagnostics(ctx, changes);
  hostPlans[0]?.diagnostics.push(...readOnly);
  // A folder that refuses apply's temp file: a refusal now, not "apply failed" later.
  for (const d of await writeAccessDiagnostics(changes, (p) => displayPath(p, ctx))) hostPlans[0]?.diagnostics.push({ ...d, host: d.host ?? '' });
  const diagnostics = hostPlans.flatMap((p) => p.diagnostics);
  const createDirs = hostPlans.flatMap((p) => p.createDirs);
  return { plan: createPlan(options.description, changes, createDirs), hostPlans, diagnostics, keepFiles: [...keepFiles], emptyFiles: [...emptyFiles] };
}

const ACTION_OF: Record<PlanRequest['action'], HostAction> = { init: 'install', migrate: 'migrate', uninstall: 'uninstall' };

/** patchbay's own server: init / migrate / uninstall in every requested host, one plan. */
export async function planAction(ctx: HostContext, request: PlanRequest): Promise<PlanActionResult> {
  const binding = selfBinding(request.version, selfEnv(ctx.env));
  const operations = request.hosts.map((host) => ({ host, scope: request.scope, binding, action: ACTION_OF[request.action] }));
  return planOperations(ctx, operations, {
    description: `${request.action} ${request.hosts.join(',')} (${request.scope})`,
    ...(request.opencodeVersion !== undefined ? { opencodeVersion: request.opencodeVersion } : {}),
  });
}

/**
 * A file without any write bit is a statement: someone (a dotfile manager such as home-manager, a
 * team policy, the user) does not want it edited. Writing through a rename would succeed anyway
 * (and always does as root), so patchbay refuses at plan time and says how to proceed.
 */
function readOnlyDiagnostics(ctx: HostContext, changes: Plan['changes']): Diagnostic[] {
  return changes
    .filter((c) => c.before.exists && c.before.mode !== null && (c.before.mode & 0o222) === 0)
    .map((c) => {
      const shown = displayPath(c.path, ctx);
      return {
        code: 'read-only-file',
        severity: 'error' as const,
        host: c.label?.split(' ')[0] ?? '',
        path: c.path,
        message: `${shown} is read-only (mode ${(c.before.mode ?? 0).toString(8).padStart(4, '0')}); patchbay will not edit a file someone protected`,
        hint: `if it is meant to be edited, run \`chmod u+w ${shown}\` and try again; if a dotfile manager owns it, add the entry in its source instead`,
      };
    });
}

export { hasErrors, HOSTS as HOST_RECORDS };
