// `patchbay migrate [dir]`: re-pin stale entries to this version and move the OpenCode entry to the
// dialect of the installed OpenCode. A manifest pinned to another version is re-pinned in the same
// transaction, so `init --yes` and `status` keep agreeing with the host files.
import { PACKAGE_NAME, PATCHBAY_VERSION } from '../../version.js';
import type { CommandArgs } from '../args.js';
import { pinnedVersion } from '../manifest-pin.js';
import { planManifestWrite } from '../manifest-plan.js';
import { runSession } from '../session.js';
import { runPlanCommand } from './plan-command.js';

export function run(args: CommandArgs): Promise<number> {
  return runSession(args, (session) =>
    runPlanCommand(session, {
      action: 'migrate',
      nothingToDo: 'Nothing to do: every patchbay entry is current.',
      extra: async (s, selection) => {
        const loaded = selection.manifest;
        if (!loaded || pinnedVersion(loaded.manifest) === PATCHBAY_VERSION) return null;
        return planManifestWrite(s, selection, {
          hosts: loaded.manifest.hosts as never,
          scope: loaded.manifest.scope,
          version: PATCHBAY_VERSION,
        }, `migrate patchbay.jsonc to ${PACKAGE_NAME}@${PATCHBAY_VERSION}`);
      },
    }),
  );
}
