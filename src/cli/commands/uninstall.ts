// `patchbay uninstall [dir]`: remove patchbay's entries (current or stale) from every host file in
// scope. An entry named patchbay that patchbay did not write fails closed. The manifest stays: it is
// the project's intent, and `patchbay init --yes` re-registers from it.
import type { CommandArgs } from '../args.js';
import { runSession } from '../session.js';
import { runPlanCommand } from './plan-command.js';

export function run(args: CommandArgs): Promise<number> {
  return runSession(args, (session) =>
    runPlanCommand(session, { action: 'uninstall', nothingToDo: 'Nothing to do: no patchbay entry in scope.' }),
  );
}
