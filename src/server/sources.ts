// The only file of the server that talks to the installers facade and the transaction engine.
// Everything the tools know about the machine comes through here, created per call (no state is
// kept between calls, so a file edited between two calls is seen by the second one).
// The facade and the engine are imported on the first call that needs them: the server must answer
// `initialize` without evaluating any of that code (start-up cost is measured in bench/mcp-startup.mjs).
import type { Detection, HostContext, HostId, HostReport, PlanRequest, Scope } from '../installers/types.js';
import type { TransactionSummary } from '../rollback/api.js';
import type { Plan } from '../rollback/types.js';
import type { DiffOptions } from '../rollback/diff.js';
import type { ServerEnvironment } from './context.js';
import { PATCHBAY_VERSION } from '../version.js';

const installers = () => import('../installers/index.js');

/** Evaluates the installers and the engine ahead of the first call (tool workers do this at start). */
export async function preload(): Promise<void> {
  await installers();
  await import('../rollback/diff.js');
}

export async function hostContext(environment: ServerEnvironment): Promise<HostContext> {
  const { createHostContext } = await installers();
  return createHostContext({
    projectDir: environment.projectDir,
    env: environment.env,
    platform: environment.platform,
    home: environment.home,
  });
}

export async function detect(environment: ServerEnvironment): Promise<Detection[]> {
  const { detectHosts } = await installers();
  return detectHosts(await hostContext(environment));
}

export async function inspect(
  environment: ServerEnvironment,
  scope: Scope,
  hosts?: readonly HostId[],
  context?: HostContext,
): Promise<HostReport[]> {
  const { inspectHosts } = await installers();
  const ctx = context ?? (await hostContext(environment));
  return inspectHosts(ctx, { scope, version: PATCHBAY_VERSION, ...(hosts ? { hosts: [...hosts] } : {}) });
}

/** Which hosts have a file at this scope (generic has no project file). */
export async function hostsSupportingScope(hosts: readonly HostId[], scope: Scope): Promise<HostId[]> {
  const { ADAPTERS } = await installers();
  return hosts.filter((h) => ADAPTERS[h].supportsScope(scope));
}

/** The hosts the project manifest (patchbay.jsonc) lists, or undefined without a manifest. */
export async function manifestHosts(environment: ServerEnvironment): Promise<HostId[] | undefined> {
  const { loadManifest } = await import('../cli/manifest.js');
  const loaded = await loadManifest(environment.projectDir);
  return loaded ? (loaded.manifest.hosts as HostId[]) : undefined;
}

export async function plan(environment: ServerEnvironment, request: PlanRequest, context?: HostContext) {
  const { planAction } = await installers();
  return planAction(context ?? (await hostContext(environment)), request);
}

export async function transactions(environment: ServerEnvironment): Promise<TransactionSummary[]> {
  const { history } = await import('../rollback/index.js');
  return history({ stateDir: environment.stateDir });
}

export async function unifiedDiff(p: Plan, show: (absolute: string) => string, options?: DiffOptions): Promise<string> {
  const { diffPlan } = await import('../rollback/diff.js');
  return diffPlan(p, show, options);
}
