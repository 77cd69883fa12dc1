// migrate and uninstall: the same shape (all hosts unless --host, plan, diff, confirm, apply).
import { planAction } from '../../installers/index.js';
import { HOST_IDS, type Action, type HostId } from '../../installers/types.js';
import type { Plan } from '../../rollback/types.js';
import { PATCHBAY_VERSION } from '../../version.js';
import { noTerminalError, runPlanFlow } from '../flow.js';
import { defaultScope, loadSelection, supportingScope, type Selection } from '../hosts.js';
import type { Session } from '../session.js';

export interface PlanCommand {
  action: Exclude<Action, 'init'>;
  nothingToDo: string;
  /** Extra file changes in the same transaction (migrate re-pins the manifest). */
  extra?: (session: Session, selection: Selection) => Promise<Plan | null>;
}

export async function runPlanCommand(session: Session, command: PlanCommand): Promise<number> {
  const { args, out } = session;
  if (!out.interactive && !args.yes && !args.dryRun) {
    throw noTerminalError(command.action, '--yes to apply, or --dry-run to only see the diffs');
  }
  const selection = await loadSelection(session);
  const scope = defaultScope(session, selection);
  // Every host with a file at this scope by default: a stale or leftover entry may sit in a host the
  // manifest no longer lists. An explicit --host is taken as given (a wrong scope is then reported).
  const hosts: HostId[] = args.hosts ?? supportingScope(HOST_IDS, scope);
  const result = await planAction(selection.ctx, {
    action: command.action,
    hosts,
    scope,
    version: PATCHBAY_VERSION,
    ...(args.opencodeVersion !== undefined ? { opencodeVersion: args.opencodeVersion } : {}),
  });
  const plan = result.plan;
  const extra = await command.extra?.(session, selection);
  const merged: Plan = extra
    ? { changes: [...plan.changes, ...extra.changes], createDirs: [...plan.createDirs, ...extra.createDirs], description: plan.description }
    : plan;
  return runPlanFlow(session, {
    plan: merged,
    diagnostics: result.diagnostics,
    summaries: result.hostPlans.map((p) => ({ host: p.host, lines: p.summary })),
    nothingToDo: command.nothingToDo,
    report: { hosts, scope, version: PATCHBAY_VERSION },
    consent: args.yes ? 'given' : 'ask',
  });
}
