// The library API (SPEC "Library API"): what a CLI that ships its own MCP server calls to register it
// in every detected host — the same core, engine and guarantees as the `patchbay` command. No side
// effects on import: everything is loaded and resolved per call.
import type { Diagnostic } from '../diagnostics.js';
import { hasErrors, MALFORMED_CODES } from '../diagnostics.js';
import { resolveEnvironment, type Environment } from '../core/environment.js';
import { PatchbayError } from '../errors.js';
import type { HostId, Scope } from '../installers/types.js';
import type { Plan as EnginePlan } from '../rollback/types.js';
import type { ServerSpec } from '../servers/spec.js';

export type { ServerSpec, NpmSource, PypiSource, CommandSource, UrlSource } from '../servers/spec.js';
export type { Diagnostic } from '../diagnostics.js';

export interface PlanOptions {
  /** The servers to register, by the name they get in every host. */
  servers: Readonly<Record<string, ServerSpec>>;
  /** 'detected' (default): every host found on this machine; or explicit host ids. */
  hosts?: 'detected' | readonly string[];
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

const ENGINE = Symbol('patchbay.plan');

export interface RegistrationPlan {
  /** True when apply() would succeed and change something. */
  ok: boolean;
  hosts: HostId[];
  scope: Scope;
  files: Array<{ path: string; change: 'create' | 'modify' | 'delete'; host?: string }>;
  /** Unified diff of every file, secret values redacted. */
  diff: string;
  diagnostics: Diagnostic[];
  readonly [ENGINE]: { plan: EnginePlan; environment: Environment };
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
  const [{ planServers }, { redactedDiff }] = await Promise.all([import('../core/servers/operations.js'), import('../redact-plan.js')]);
  let result;
  try {
    result = await planServers(environment, await hostContext(environment), {
      action: 'add',
      servers: options.servers,
      ...(options.hosts && options.hosts !== 'detected' ? { hosts: options.hosts } : {}),
      ...(options.scope ? { scope: options.scope } : {}),
      writeManifest: options.writeManifest ?? false,
      // No host detected: nothing is written (a `no-host` diagnostic), not the generic file the CLI falls back to.
      fallback: 'none',
      ...(options.force ? { force: true } : {}),
      ...(options.adopt ? { adopt: true } : {}),
    });
  } catch (error) {
    // A refusal (an unknown host id, a malformed manifest, an unreadable file) is the plan's answer,
    // not an exception: the caller reads `ok` and `diagnostics` as for any other problem.
    if (!(error instanceof PatchbayError)) throw error;
    return refusedPlan(environment, options, error);
  }
  const changes = result.plan.changes;
  return {
    ok: !hasErrors(result.diagnostics) && changes.length > 0,
    hosts: result.hosts,
    scope: result.scope,
    files: changes.map((c) => ({ path: c.path, change: c.after === 'delete' ? 'delete' : c.before.exists ? 'modify' : 'create', ...(c.label ? { host: c.label } : {}) })),
    diff: redactedDiff(result.plan, (p) => p),
    diagnostics: result.diagnostics,
    [ENGINE]: { plan: result.plan, environment },
  };
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
  return {
    ok: false, hosts: [], scope: options.scope ?? 'project', files: [], diff: '', diagnostics: [diagnostic],
    [ENGINE]: { plan: { description: 'refused', changes: [], createDirs: [] }, environment },
  };
}

/** Commits a plan in one transaction (journal, hash re-check, rollback on any failure). */
export async function apply(registration: RegistrationPlan): Promise<Applied> {
  if (hasErrors(registration.diagnostics)) {
    const first = registration.diagnostics.find((d) => d.severity === 'error');
    throw new PatchbayError('usage', `The plan has errors and cannot be applied: ${first?.code}: ${first?.message}`, { hint: 'look at plan.diagnostics' });
  }
  const { plan: enginePlan, environment } = registration[ENGINE];
  const { apply: commit } = await import('../rollback/index.js');
  const result = await commit(enginePlan, { stateDir: environment.stateDir });
  return { transaction: result.id, files: result.written };
}

export interface StatusOptions {
  hosts?: readonly string[];
  scope?: Scope;
  cwd?: string;
  env?: Readonly<Record<string, string | undefined>>;
}

/** Whether every host holds what the manifest (or managed.json) says — the `patchbay status` answer. */
export async function status(options: StatusOptions = {}) {
  const environment = environmentOf(options);
  const { statusOf } = await import('../core/status.js');
  return statusOf(await hostContext(environment), {
    ...(options.hosts ? { hosts: options.hosts } : {}),
    ...(options.scope ? { scope: options.scope } : {}),
    stateDir: environment.stateDir,
  }, MALFORMED_CODES);
}
