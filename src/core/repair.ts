// `patchbay repair`: when managed.json (what patchbay manages) is damaged, restore the bytes patchbay
// last wrote to it, from the transaction journal that wrote them (the journal keeps managed.json's
// written bytes, not only their hash: rollback/last-written.ts). A plan like any other: shown first,
// applied as one transaction, undone by `patchbay rollback`. Nothing is guessed: when the journal does
// not hold those bytes, repair refuses and says what the user can do instead.
import { PatchbayError } from '../errors.js';
import { PlanningOverlay } from '../installers/document/overlay.js';
import { lastWritten } from '../rollback/last-written.js';
import type { Plan } from '../rollback/types.js';
import { planOfOverlay } from './overlay-plan.js';
import { parseRecords, readRecordsText, recordsPath, STATE_LABEL } from './servers/records.js';

export interface RepairPlan {
  plan: Plan;
  file: string;
  /** The transaction whose written bytes are restored. */
  from: { transaction: string; description: string };
  /** Why the file needs repair (the refusal a reading command gives). */
  problem: string;
}

const MOVE_ASIDE = 'Move the file aside (patchbay then treats the entries it wrote as not managed; `patchbay add <name> … --adopt` takes each back).';

export async function planRepair(stateDir: string): Promise<RepairPlan> {
  const file = recordsPath(stateDir);
  const text = await readRecordsText(file);
  const last = await lastWritten(file, { stateDir });
  let problem: string;
  if (text === null) {
    // Missing is normal before the first write; missing after patchbay wrote it is damage too.
    if (last.kind !== 'bytes') throw new PatchbayError('nothing-to-repair', `${file} does not exist and no transaction left one: nothing to repair.`, { path: file });
    problem = `${file} is missing`;
  } else {
    try {
      parseRecords(text, file);
      throw new PatchbayError('nothing-to-repair', `${file} is readable and valid: nothing to repair.`, { path: file });
    } catch (error) {
      if (!(error instanceof PatchbayError) || error.code !== 'state-invalid') throw error;
      problem = error.message;
    }
  }
  if (last.kind !== 'bytes') {
    const why = {
      unknown: 'no transaction in the journal wrote it',
      deleted: `the newest transaction that changed it (${'transaction' in last ? last.transaction : ''}) deleted it`,
      'hash-only': `the newest transaction that wrote it (${'transaction' in last ? last.transaction : ''}) kept only its hash (written by an older patchbay)`,
    }[last.kind];
    throw new PatchbayError('state-unrecoverable', `${problem}, and the journal cannot restore it: ${why}.`, { path: file, hint: MOVE_ASIDE });
  }
  const restored = new TextDecoder().decode(last.bytes);
  // The bytes patchbay wrote were valid when it wrote them; checked again, since they are the answer.
  parseRecords(restored, file);
  const overlay = new PlanningOverlay();
  await overlay.replaceText(file, restored, STATE_LABEL, { createMode: 0o600, journalAfter: true });
  const plan = await planOfOverlay(`repair ${file} (as transaction ${last.transaction} wrote it)`, overlay, []);
  return { plan, file, from: { transaction: last.transaction, description: last.description }, problem };
}
