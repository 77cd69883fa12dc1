// The only file of the server that talks to the installers facade and the transaction engine.
// Everything the tools know about the machine comes through here, created per call (no state is
// kept between calls, so a file edited between two calls is seen by the second one).
import { createHostContext, detectHosts, inspectHosts, planAction } from '../installers/index.js';
import { history } from '../rollback/index.js';
import { diffPlan } from '../rollback/diff.js';
import type { Detection, HostContext, HostId, HostReport, PlanRequest, Scope } from '../installers/types.js';
import type { TransactionSummary } from '../rollback/api.js';
import type { Plan } from '../rollback/types.js';
import type { ServerEnvironment } from './context.js';
import { PATCHBAY_VERSION } from '../version.js';

export function hostContext(environment: ServerEnvironment): HostContext {
  return createHostContext({
    projectDir: environment.projectDir,
    env: environment.env,
    platform: environment.platform,
    home: environment.home,
  });
}

export async function detect(environment: ServerEnvironment): Promise<Detection[]> {
  return detectHosts(hostContext(environment));
}

export async function inspect(
  environment: ServerEnvironment,
  scope: Scope,
  hosts?: readonly HostId[],
  ctx: HostContext = hostContext(environment),
): Promise<HostReport[]> {
  return inspectHosts(ctx, { scope, version: PATCHBAY_VERSION, ...(hosts ? { hosts: [...hosts] } : {}) });
}

export async function plan(environment: ServerEnvironment, request: PlanRequest, ctx: HostContext = hostContext(environment)) {
  return planAction(ctx, request);
}

export async function transactions(environment: ServerEnvironment): Promise<TransactionSummary[]> {
  return history({ stateDir: environment.stateDir });
}

export function unifiedDiff(p: Plan, show: (absolute: string) => string): string {
  return diffPlan(p, show);
}
