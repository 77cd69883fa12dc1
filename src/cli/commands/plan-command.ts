// migrate and uninstall: the same shape (every host in scope unless --host; plan, diff, confirm, apply).
// Which hosts, scope and pin is the core's policy (core/intent.ts), shared with the MCP server.
import { resolveIntent, type CommandAction } from '../../core/intent.js';
import { planIntent } from '../../core/plan.js';
import { noTerminalError, runPlanFlow } from '../flow.js';
import { hostContext } from '../hosts.js';
import type { Session } from '../session.js';

export interface PlanCommand {
  action: Exclude<CommandAction, 'init'>;
  nothingToDo: string;
}

export async function runPlanCommand(session: Session, command: PlanCommand): Promise<number> {
  const { args, out } = session;
  if (!out.interactive && !args.yes && !args.dryRun) {
    throw noTerminalError(command.action, '--yes to apply, or --dry-run to only see the diffs');
  }
  const ctx = hostContext(session);
  const intent = await resolveIntent(ctx, {
    action: command.action,
    ...(args.hosts !== undefined ? { hosts: args.hosts } : {}),
    ...(args.scope !== undefined ? { scope: args.scope } : {}),
    ...(args.opencodeVersion !== undefined ? { opencodeVersion: args.opencodeVersion } : {}),
  });
  const result = await planIntent(ctx, intent, { stateDir: session.environment.stateDir });
  return runPlanFlow(session, {
    plan: result.plan,
    diagnostics: result.diagnostics,
    summaries: result.hostPlans.map((p) => ({ host: p.host, lines: p.summary })),
    nothingToDo: command.nothingToDo,
    report: { hosts: intent.hosts, scope: intent.scope, version: intent.version },
    consent: args.yes ? 'given' : 'ask',
  });
}
