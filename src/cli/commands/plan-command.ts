// migrate and uninstall: the same shape (patchbay's own server swept from every host with a file at
// the scope unless --host; plan, diff, confirm, apply), planned by the one server planner.
import { planServers } from '../../core/servers/operations.js';
import { isSelfSpec } from '../../core/manifest/pin.js';
import { PATCHBAY_VERSION } from '../../version.js';
import { noTerminalError, runPlanFlow } from '../flow.js';
import { hostContext } from '../hosts.js';
import type { Session } from '../session.js';

export interface PlanCommand {
  action: 'migrate' | 'uninstall';
  nothingToDo: string;
}

export async function runPlanCommand(session: Session, command: PlanCommand): Promise<number> {
  const { args, out } = session;
  if (!out.interactive && !args.yes && !args.dryRun) {
    throw noTerminalError(command.action, '--yes to apply, or --dry-run to only see the diffs');
  }
  const result = await planServers(session.environment, hostContext(session), {
    action: command.action,
    ...(args.hosts !== undefined ? { hosts: args.hosts } : {}),
    ...(args.scope !== undefined ? { scope: args.scope } : {}),
    ...(args.opencodeVersion !== undefined ? { opencodeVersion: args.opencodeVersion } : {}),
    ...(args.force ? { force: true } : {}),
  });
  const self = Object.values(result.servers).find(isSelfSpec);
  return runPlanFlow(session, {
    plan: result.plan,
    diagnostics: result.diagnostics,
    // A sweep plans every host in scope; only the hosts it changes have something to say.
    summaries: result.hostPlans.filter((p) => p.changes.length > 0 || p.diagnostics.length > 0).map((p) => ({ host: p.host, lines: p.summary })),
    nothingToDo: command.nothingToDo,
    report: { hosts: result.hosts, scope: result.scope, version: self?.version ?? PATCHBAY_VERSION },
    consent: args.yes ? 'given' : 'ask',
  });
}
