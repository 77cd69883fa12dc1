// `patchbay history`: the journal's transactions.
import { displayPath } from '../../display-path.js';
import { history } from '../../rollback/index.js';
import type { CommandArgs } from '../args.js';
import { EXIT } from '../exit-codes.js';
import { runSession } from '../session.js';

export function run(args: CommandArgs): Promise<number> {
  return runSession(args, async ({ out, roots, environment }) => {
    const list = await history({ stateDir: environment.stateDir });
    const shown = list.map((tx) => ({ ...tx, files: tx.files.map((f) => ({ ...f, path: displayPath(f.path, roots) })) }));
    if (shown.length === 0) out.out('No transactions yet.');
    for (const tx of shown) {
      out.out(`${out.style.bold(tx.id)}  ${tx.status}  ${tx.createdAt}  ${tx.description}`);
      for (const f of tx.files) out.out(`    ${f.path}${f.deleted ? ' (deleted)' : f.existedBefore ? '' : ' (created)'}`);
    }
    out.json({ command: 'history', status: 'ok', exitCode: EXIT.ok, transactions: shown });
    return EXIT.ok;
  });
}
