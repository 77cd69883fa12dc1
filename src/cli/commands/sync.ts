// `patchbay sync`: make every host match the manifest exactly — add missing entries, re-pin stale ones,
// remove managed entries the manifest dropped; never touch an entry patchbay does not manage.
import type { CommandArgs } from '../args.js';
import { runServersFlow } from '../server-flow.js';
import { runSession } from '../session.js';

export function run(args: CommandArgs): Promise<number> {
  return runSession(args, (session) =>
    runServersFlow(session, {
      action: 'sync',
      ...(args.force ? { force: true } : {}),
      ...(args.adopt ? { adopt: true } : {}),
      ...(args.allowLiteralSecrets ? { allowLiteralSecrets: true } : {}),
    }, 'Nothing to do: every host matches the manifest.'),
  );
}
