// `patchbay add <name> <npm-spec | --pypi spec | --url URL | -- command args…>`: pin, render per host,
// one transaction; recorded in the manifest (project) or managed.json (user).
import type { CommandArgs } from '../args.js';
import { runServersFlow } from '../server-flow.js';
import { runSession } from '../session.js';
import { parseEnv, specFromArgs } from '../spec-from-args.js';
import { askMissing, isRegistryAdd, registryServerFromArgs } from '../registry-add.js';
import type { ServerSpec } from '../../servers/spec.js';

export function run(args: CommandArgs): Promise<number> {
  return runSession(args, async (session) => {
    if (isRegistryAdd(args)) {
      const asks = session.out.interactive && !args.yes && !args.json;
      const found = await registryServerFromArgs(args, session.environment.env, asks ? askMissing : undefined);
      for (const note of found.notes) session.out.err(note);
      return runServersFlow(session, {
        action: 'add',
        servers: { [found.name]: found.spec },
        ...(args.force ? { force: true } : {}),
        ...(args.adopt ? { adopt: true } : {}),
        ...(args.allowLiteralSecrets ? { allowLiteralSecrets: true } : {}),
      }, `Nothing to do: ${found.name} is already current everywhere.`);
    }
    const { name, spec: given } = await specFromArgs(args, session.environment.env);
    let spec: ServerSpec = given;
    // On a terminal, a local server given no --env: ask which variables it reads (names, never values).
    if (session.out.interactive && !args.yes && !args.dryRun && !('url' in given) && !args.env?.length) {
      const { askEnvNames } = await import('../wizard.js');
      const names = await askEnvNames(name);
      // Each name as `--env NAME` would give it: a reference to the same variable.
      if (names.length > 0) spec = { ...given, env: parseEnv(names) };
    }
    return runServersFlow(session, {
      action: 'add',
      servers: { [name]: spec },
      ...(args.force ? { force: true } : {}),
      ...(args.adopt ? { adopt: true } : {}),
      ...(args.allowLiteralSecrets ? { allowLiteralSecrets: true } : {}),
    }, `Nothing to do: ${name} is already current everywhere.`);
  });
}
