// add / remove / update / sync share one flow: the core plans (core/servers/operations.ts), then the
// usual preview → confirm → apply. Without a terminal, --yes or --dry-run is required.
import { planServers, type ServersPlan, type ServersRequest } from '../core/servers/operations.js';
import { describeSpec, type ServerSpec } from '../servers/spec.js';
import { noTerminalError, runPlanFlow } from './flow.js';
import { describeChoice, hostContext, SOURCE_WORDS } from './hosts.js';
import type { Session } from './session.js';

export async function runServersFlow(session: Session, request: Omit<ServersRequest, 'hosts' | 'scope'>, nothingToDo: string, extraReport: Record<string, unknown> = {}): Promise<number> {
  const { args, out } = session;
  // `add --host a,b` names exactly where, as `init --host` does: without a terminal that is the
  // consent (the diff is still printed). Every other case needs --yes or --dry-run.
  const hostsNamed = request.action === 'add' && args.hosts !== undefined;
  if (!out.interactive && !args.yes && !args.dryRun && !hostsNamed) {
    throw noTerminalError(args.command, `--yes to apply, or --dry-run to only see the diffs${request.action === 'add' ? ' (or --host with the hosts to add it to)' : ''}`);
  }
  const result = await planServers(session.environment, hostContext(session), {
    ...request,
    ...(args.hosts !== undefined ? { hosts: args.hosts } : {}),
    ...(args.scope !== undefined ? { scope: args.scope } : {}),
  });
  printPlacements(session, result);
  return runPlanFlow(session, {
    plan: result.plan,
    diagnostics: result.diagnostics,
    summaries: result.hostPlans.filter((p) => p.summary.length > 0).map((p) => ({ host: p.host, lines: p.summary })),
    nothingToDo,
    report: { hosts: result.hosts, scope: result.scope, servers: describeAll(result.servers), ...extraReport },
    consent: args.yes || (hostsNamed && !out.interactive) ? 'given' : 'ask',
  });
}

/** Where each server goes, and how its hosts were chosen when it is new ("Hosts (detected): …"). */
function printPlacements(session: Session, result: ServersPlan): void {
  const { out } = session;
  if (result.choice) {
    const { choice } = result;
    if (choice.skipped.length > 0) out.err(`patchbay: skipping ${choice.skipped.join(', ')}: no ${choice.scope} file (pass --scope user to include it).`);
    out.out(`Hosts (${SOURCE_WORDS[choice.source]}): ${choice.hosts.map((h) => describeChoice(h, choice.detections)).join(', ') || 'none'}; scope: ${choice.scope}`);
    return;
  }
  for (const p of result.placements) out.out(`${p.name}: ${p.hosts.join(', ')} (${p.scope})`);
}

/** name → "pkg@1.2.3" / URL / command: what is managed, without env or header values. */
export function describeAll(servers: Record<string, ServerSpec>): Record<string, string> {
  return Object.fromEntries(Object.entries(servers).map(([name, spec]) => [name, describeSpec(spec)]));
}
