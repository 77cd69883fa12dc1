// `patchbay migrate [dir]`: re-pin stale entries to this version and move the OpenCode entry to the
// dialect of the installed OpenCode. A manifest pinned to another version is re-pinned in the same
// transaction (core/plan.ts), so `init --yes` and `status` keep agreeing with the host files.
import type { CommandArgs } from '../args.js';
import { runSession } from '../session.js';
import { runPlanCommand } from './plan-command.js';

export function run(args: CommandArgs): Promise<number> {
  return runSession(args, (session) =>
    runPlanCommand(session, { action: 'migrate', nothingToDo: 'Nothing to do: every patchbay entry is current.' }),
  );
}
