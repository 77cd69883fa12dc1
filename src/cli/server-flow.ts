// add / remove / update / sync share one flow: the core plans (core/servers/operations.ts), then the
// usual preview → confirm → apply. Without a terminal, --yes or --dry-run is required.
import { planServers, type ServersRequest } from '../core/servers/operations.js';
import { describeSpec, type ServerSpec } from '../servers/spec.js';
import { noTerminalError, runPlanFlow } from './flow.js';
import { hostContext } from './hosts.js';
import type { Session } from './session.js';

export async function runServersFlow(session: Session, request: Omit<ServersRequest, 'hosts' | 'scope'>, nothingToDo: string, extraReport: Record<string, unknown> = {}): Promise<number> {
  const { args, out } = session;
  if (!out.interactive && !args.yes && !args.dryRun) {
    throw noTerminalError(args.command, '--yes to apply, or --dry-run to only see the diffs');
  }
  const result = await planServers(session.environment, hostContext(session), {
    ...request,
    ...(args.hosts !== undefined ? { hosts: args.hosts } : {}),
    ...(args.scope !== undefined ? { scope: args.scope } : {}),
  });
  out.out(`Hosts: ${result.hosts.join(', ')}; scope: ${result.scope}`);
  return runPlanFlow(session, {
    plan: result.plan,
    diagnostics: result.diagnostics,
    summaries: result.hostPlans.filter((p) => p.summary.length > 0).map((p) => ({ host: p.host, lines: p.summary })),
    nothingToDo,
    report: { hosts: result.hosts, scope: result.scope, servers: describeAll(result.servers), ...extraReport },
    consent: args.yes ? 'given' : 'ask',
  });
}

/** name → "pkg@1.2.3" / URL / command: what is managed, without env or header values. */
export function describeAll(servers: Record<string, ServerSpec>): Record<string, string> {
  return Object.fromEntries(Object.entries(servers).map(([name, spec]) => [name, describeSpec(spec)]));
}
