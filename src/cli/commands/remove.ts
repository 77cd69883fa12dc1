// `patchbay remove <name…>`: removes managed entries only — never a server a person added by hand.
import { PatchbayError } from '../../errors.js';
import type { CommandArgs } from '../args.js';
import { runServersFlow } from '../server-flow.js';
import { runSession } from '../session.js';

export function run(args: CommandArgs): Promise<number> {
  return runSession(args, async (session) => {
    const names = args.words ?? [];
    if (names.length === 0) throw new PatchbayError('usage', 'remove needs the name of a server patchbay manages.', { hint: '`patchbay list` shows every server and whether patchbay manages it' });
    return runServersFlow(session, { action: 'remove', names, ...(args.force ? { force: true } : {}) }, 'Nothing to do: no entry to remove.');
  });
}
