// `patchbay rollback [id]`: restore a committed transaction's files to their exact prior bytes.
import { displayPath } from '../../display-path.js';
import { isPatchbayError } from '../../errors.js';
import { rollback } from '../../rollback/index.js';
import type { CommandArgs } from '../args.js';
import { EXIT } from '../exit-codes.js';
import { runSession } from '../session.js';

export function run(args: CommandArgs): Promise<number> {
  return runSession(args, async ({ out, roots, environment }) => {
    let summary;
    try {
      summary = await rollback(args.id, { force: args.force, stateDir: environment.stateDir });
    } catch (error) {
      if (isPatchbayError(error, 'nothing-to-rollback')) {
        out.out('Nothing to roll back: no committed transaction.');
        out.json({ command: 'rollback', status: 'nothing-to-do', exitCode: EXIT.ok });
        return EXIT.ok;
      }
      if (isPatchbayError(error, 'rollback-refused') && !error.details.hint) {
        error.details.hint = 'Those files changed after patchbay wrote them; re-run with --force to restore them anyway.';
      }
      throw error;
    }
    const files = summary.files.map((f) => ({ ...f, path: displayPath(f.path, roots) }));
    out.out(`Rolled back ${summary.id} (${summary.description}): ${files.length} file(s) restored.`);
    for (const f of files) out.out(`  ${f.existedBefore ? 'restored' : 'removed'} ${f.path}`);
    out.json({ command: 'rollback', status: 'rolled-back', exitCode: EXIT.ok, transaction: { ...summary, files } });
    return EXIT.ok;
  });
}
