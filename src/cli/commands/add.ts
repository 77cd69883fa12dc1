// `patchbay add <name> <npm-spec | --pypi spec | --url URL | -- command args…>`: pin, render per host,
// one transaction; recorded in the manifest (project) or managed.json (user).
import type { CommandArgs } from '../args.js';
import { runServersFlow } from '../server-flow.js';
import { runSession } from '../session.js';
import { specFromArgs } from '../spec-from-args.js';

export function run(args: CommandArgs): Promise<number> {
  return runSession(args, async (session) => {
    const { name, spec } = await specFromArgs(args, session.environment.env);
    return runServersFlow(session, {
      action: 'add',
      servers: { [name]: spec },
      ...(args.force ? { force: true } : {}),
      ...(args.adopt ? { adopt: true } : {}),
      ...(args.allowLiteralSecrets ? { allowLiteralSecrets: true } : {}),
    }, `Nothing to do: ${name} is already current everywhere.`);
  });
}
