// The library API (SPEC "Library API"): what a CLI that ships its own MCP server calls to register it
// in every detected host — the same core, engine and guarantees as the `patchbay` command. No side
// effects on import: everything is loaded and resolved per call.
import type { Diagnostic } from '../diagnostics.js';
import { hasErrors, MALFORMED_CODES } from '../diagnostics.js';
import { resolveEnvironment, type Environment } from '../core/environment.js';
import { PatchbayError } from '../errors.js';
import type { SupportedHostId } from '../installers/catalog-data.js';
import type { Plan as EnginePlan } from '../rollback/types.js';
import type { ServerSpec } from '../servers/spec.js';
import type { RegistryServer } from './registry-servers.js';

/** Which files: the project's (committed, shared) or the user's own. */
export type Scope = 'project' | 'user';
/** A host id patchbay can write (`patchbay hosts` lists them). */
export type HostId = SupportedHostId;

export type { ServerSpec, NpmSource, PypiSource, CommandSource, UrlSource } from '../servers/spec.js';
export type { Diagnostic } from '../diagnostics.js';
export type { RegistryServer } from './registry-servers.js';

export interface PlanOptions {
  /** The servers to register, by the name they get in every host: a spec, or a server by its MCP-registry name. */
  servers: Readonly<Record<string, ServerSpec | RegistryServer>>;
  /** 'detected' (default): every host found on this machine; or explicit host ids. */
  hosts?: 'detected' | readonly HostId[];
  scope?: Scope;
  /** The project directory (default: process.cwd()). */
  cwd?: string;
  /** Environment (HOME, XDG_*, PATH, PATCHBAY_STATE_DIR); default process.env. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Also record the servers in the project's patchbay.jsonc (default false for the library). */
  writeManifest?: boolean;
  /** Overwrite entries edited by hand / take over same-name entries patchbay does not manage. */
  force?: boolean;
  adopt?: boolean;
}

/**
 * What apply() needs of a plan, kept out of the public type: the declarations a library user compiles
 * against then name no engine or Node type (they compile without @types/node).
 */
const engines = new WeakMap<RegistrationPlan, { plan: EnginePlan; environment: Environment }>();

export interface RegistrationPlan {
  /** True when apply() would succeed and change something. */
  ok: boolean;
  hosts: HostId[];
  scope: Scope;
  files: Array<{ path: string; change: 'create' | 'modify' | 'delete'; host?: string }>;
  /** Unified diff of every file, secret values redacted. */
  diff: string;
  diagnostics: Diagnostic[];
}

export interface Applied {
  /** The transaction id: `patchbay rollback <id>` undoes it. */
  transaction: string;
  files: string[];
}

function environmentOf(options: Pick<PlanOptions, 'cwd' | 'env'>): Environment {
  return resolveEnvironment({ ...(options.cwd ? { cwd: options.cwd } : {}), ...(options.env ? { env: options.env } : {}) });
}

async function hostContext(environment: Environment) {
  const { createHostContext } = await import('../installers/index.js');
  return createHostContext({ projectDir: environment.projectDir, env: { ...environment.env }, home: environment.home, platform: environment.platform });
}

/** What registering `servers` would write: files, a redacted diff, diagnostics. Writes nothing. */
export async function plan(options: PlanOptions): Promise<RegistrationPlan> {
  const environment = environmentOf(options);
  const [{ planServers }, { redactedDiff }, { resolveRegistryServers }] = await Promise.all([
    import('../core/servers/operations.js'), import('../redact-plan.js'), import('./registry-servers.js'),
  ]);
  let result;
  try {
    result = await planServers(environment, await hostContext(environment), {
      action: 'add',
      servers: await resolveRegistryServers(options.servers, environment.env),
      ...(options.hosts && options.hosts !== 'detected' ? { hosts: options.hosts } : {}),
      ...(options.scope ? { scope: options.scope } : {}),
      writeManifest: options.writeManifest ?? false,
      // No host detected: nothing is written (a `no-host` diagnostic), not the generic file the CLI falls back to.
      fallback: 'none',
      ...(options.force ? { force: true } : {}),
      ...(options.adopt ? { adopt: true } : {}),
    });
  } catch (error) {
    // A refusal (an unknown host id, a malformed manifest, an unreadable file, a registry that does not
    // answer or an entry that needs inputs) is the plan's answer,
    // not an exception: the caller reads `ok` and `diagnostics` as for any other problem.
    if (!(error instanceof PatchbayError)) throw error;
    return refusedPlan(environment, options, error);
  }
  const changes = result.plan.changes;
  return registered({
    ok: !hasErrors(result.diagnostics) && changes.length > 0,
    hosts: result.hosts as HostId[],
    scope: result.scope,
    files: changes.map((c) => ({ path: c.path, change: c.after === 'delete' ? 'delete' : c.before.exists ? 'modify' : 'create', ...(c.label ? { host: c.label } : {}) })),
    diff: redactedDiff(result.plan, (p) => p),
    diagnostics: result.diagnostics,
  }, { plan: result.plan, environment });
}

function registered(registration: RegistrationPlan, engine: { plan: EnginePlan; environment: Environment }): RegistrationPlan {
  engines.set(registration, engine);
  return registration;
}

function refusedPlan(environment: Environment, options: PlanOptions, error: PatchbayError): RegistrationPlan {
  const { path, line, column, pointer, hint } = error.details;
  const diagnostic: Diagnostic = {
    code: error.code, severity: 'error', message: error.message,
    ...(path !== undefined ? { path } : {}),
    ...(line !== undefined ? { line } : {}),
    ...(column !== undefined ? { column } : {}),
    ...(pointer !== undefined ? { pointer } : {}),
    ...(hint !== undefined ? { hint } : {}),
  };
  return registered(
    { ok: false, hosts: [], scope: options.scope ?? 'project', files: [], diff: '', diagnostics: [diagnostic] },
    { plan: { description: 'refused', changes: [], createDirs: [] }, environment },
  );
}

/** Commits a plan in one transaction (journal, hash re-check, rollback on any failure). */
export async function apply(registration: RegistrationPlan): Promise<Applied> {
  if (hasErrors(registration.diagnostics)) {
    const first = registration.diagnostics.find((d) => d.severity === 'error');
    throw new PatchbayError('usage', `The plan has errors and cannot be applied: ${first?.code}: ${first?.message}`, { hint: 'look at plan.diagnostics' });
  }
  const engine = engines.get(registration);
  if (!engine) throw new PatchbayError('usage', 'apply() takes a plan returned by plan() (a copy of one cannot be applied).', { hint: 'pass the object plan() returned' });
  const { plan: enginePlan, environment } = engine;
  const { apply: commit } = await import('../rollback/index.js');
  const result = await commit(enginePlan, { stateDir: environment.stateDir });
  return { transaction: result.id, files: result.written };
}

export interface StatusOptions {
  hosts?: readonly HostId[];
  scope?: Scope;
  cwd?: string;
  env?: Readonly<Record<string, string | undefined>>;
}

/** One managed server in the hosts recorded for it. */
export interface ServerStatus {
  name: string;
  /** What it launches, e.g. `chant@1.4.0` or a URL. */
  label: string;
  scope: Scope;
  hosts: HostId[];
  /** Where patchbay records it: the project's patchbay.jsonc, patchbay's state dir, or nowhere (an entry 0.1/0.2 wrote). */
  recordedIn: 'manifest' | 'state' | 'none';
  /** Per host: whether it holds exactly the entry patchbay would write. */
  perHost: Array<{ host: HostId; current: boolean }>;
  current: boolean;
}

export interface RegistrationStatus {
  /** Every managed server is current in every host recorded for it. */
  current: boolean;
  /** A host file does not parse or has the wrong shape (see diagnostics). */
  malformed: boolean;
  servers: ServerStatus[];
  diagnostics: Diagnostic[];
}

/** Whether every host holds what patchbay manages here (manifest and managed.json) — the `patchbay status` answer. */
export async function status(options: StatusOptions = {}): Promise<RegistrationStatus> {
  const environment = environmentOf(options);
  const { statusOf, hostIsCurrent } = await import('../core/status.js');
  const result = await statusOf(await hostContext(environment), {
    ...(options.hosts ? { hosts: options.hosts } : {}),
    ...(options.scope ? { scope: options.scope } : {}),
    stateDir: environment.stateDir,
  }, MALFORMED_CODES);
  return {
    current: result.current,
    malformed: result.malformed,
    servers: result.servers.map((sv) => ({
      name: sv.name,
      label: sv.label,
      scope: sv.scope,
      hosts: sv.hosts as HostId[],
      recordedIn: sv.recordedIn,
      perHost: sv.reports.map((r) => ({ host: r.host as HostId, current: hostIsCurrent(r) })),
      current: sv.current,
    })),
    diagnostics: result.diagnostics,
  };
}
