// `patchbay repair`: restore a damaged managed.json from the journal (core/repair.ts), through the same
// preview → confirm → apply flow as every write. Nothing to repair is a success (exit 0).
import { displayPath } from '../../display-path.js';
import { isPatchbayError } from '../../errors.js';
import type { CommandArgs } from '../args.js';
import { EXIT } from '../exit-codes.js';
import { noTerminalError, runPlanFlow } from '../flow.js';
import { runSession, type Session } from '../session.js';

export function run(args: CommandArgs): Promise<number> {
  return runSession(args, repair);
}

async function repair(session: Session): Promise<number> {
  const { args, out } = session;
  const { planRepair } = await import('../../core/repair.js');
  let planned;
  try {
    planned = await planRepair(session.environment.stateDir);
  } catch (error) {
    if (!isPatchbayError(error, 'nothing-to-repair')) throw error;
    out.out(error.message);
    out.json({ command: 'repair', status: 'nothing-to-do', exitCode: EXIT.ok, changes: [], diagnostics: [] });
    return EXIT.ok;
  }
  // Asked only when there is something to restore: "nothing to repair" is an answer on any stdin.
  if (!args.yes && !args.dryRun && !out.interactive) throw noTerminalError('repair', '--yes to apply, or --dry-run to only see what it would restore');
  out.err(planned.problem);
  out.out(`Restores ${displayPath(planned.file, session.roots)} as transaction ${planned.from.transaction} wrote it (${planned.from.description}).`);
  return runPlanFlow(session, {
    plan: planned.plan,
    diagnostics: [],
    nothingToDo: 'Nothing to do.',
    report: { from: planned.from },
    consent: args.yes ? 'given' : 'ask',
  });
}
