// The only file of the server that talks to the installers facade and the transaction engine.
// Everything the tools know about the machine comes through here, created per call (no state is
// kept between calls, so a file edited between two calls is seen by the second one).
// The facade and the engine are imported on the first call that needs them: the server must answer
// `initialize` without evaluating any of that code (start-up cost is measured in bench/mcp-startup.mjs).
import type { Detection, HostContext, HostId, HostReport, Scope } from '../installers/types.js';
import type { IntentRequest } from '../core/intent.js';
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

/** What `patchbay <action>` would write here: the core's policy and planner, as the CLI runs them. */
export async function planCommand(environment: ServerEnvironment, request: IntentRequest, context?: HostContext) {
  const [{ resolveIntent }, { planIntent }] = await Promise.all([import('../core/intent.js'), import('../core/plan.js')]);
  const ctx = context ?? (await hostContext(environment));
  const intent = await resolveIntent(ctx, request);
  return { intent, ...(await planIntent(ctx, intent, { stateDir: environment.stateDir })) };
}

export async function transactions(environment: ServerEnvironment): Promise<TransactionSummary[]> {
  const { history } = await import('../rollback/index.js');
  return history({ stateDir: environment.stateDir });
}

export async function unifiedDiff(p: Plan, show: (absolute: string) => string, options?: DiffOptions): Promise<string> {
  const { diffPlan } = await import('../rollback/diff.js');
  return diffPlan(p, show, options);
}

/** What `patchbay add|remove|sync` would write here (npm ranges are not resolved: no registry access). */
export async function planServersFor(environment: ServerEnvironment, request: import('../core/servers/operations.js').ServersRequest) {
  const { planServers } = await import('../core/servers/operations.js');
  return planServers(environment, await hostContext(environment), request);
}
