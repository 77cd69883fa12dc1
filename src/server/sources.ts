// The only file of the server that talks to the installers facade and the transaction engine.
// Everything the tools know about the machine comes through here, created per call (no state is
// kept between calls, so a file edited between two calls is seen by the second one).
// The facade and the engine are imported on the first call that needs them: the server must answer
// `initialize` without evaluating any of that code (start-up cost is measured in bench/mcp-startup.mjs).
import type { Detection, HostContext, HostId, HostReport, Scope } from '../installers/types.js';
import type { ServersRequest } from '../core/servers/operations.js';
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
  return inspectHosts(ctx, { scope, version: await selfVersion(environment), ...(hosts ? { hosts: [...hosts] } : {}) });
}

/**
 * The version of patchbay's own server to inspect entries against: the one this project's manifest
 * pins (so a project pinned to another version does not read as stale), else this version.
 */
async function selfVersion(environment: ServerEnvironment): Promise<string> {
  const { loadManifest } = await import('../core/manifest/manifest.js');
  const { selfServerOf } = await import('../core/manifest/pin.js');
  const loaded = await loadManifest(environment.projectDir).catch(() => null);
  return (loaded && selfServerOf(loaded.model.servers)?.[1].spec.version) ?? PATCHBAY_VERSION;
}

export async function transactions(environment: ServerEnvironment): Promise<TransactionSummary[]> {
  const { history } = await import('../rollback/index.js');
  return history({ stateDir: environment.stateDir });
}

export async function unifiedDiff(p: Plan, show: (absolute: string) => string, options?: DiffOptions): Promise<string> {
  const { diffPlan } = await import('../rollback/diff.js');
  return diffPlan(p, show, options);
}

/**
 * What `patchbay <action>` would write here: the core's planner, as the CLI runs it (npm ranges are
 * not resolved: no registry access), so the diff shown is what the returned command writes.
 */
export async function planServersFor(environment: ServerEnvironment, request: ServersRequest, context?: HostContext) {
  const { planServers } = await import('../core/servers/operations.js');
  return planServers(environment, context ?? (await hostContext(environment)), { fallback: 'generic', ...request });
}
