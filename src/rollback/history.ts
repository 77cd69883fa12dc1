// history(): every journal, newest first.
import type { EngineOptions, TransactionSummary } from './api.js';
import { readAllJournals, summarize } from './journal.js';
import { resolveStateDir } from './state-dir.js';

export async function history(options: EngineOptions = {}): Promise<TransactionSummary[]> {
  const stateDir = resolveStateDir(options.stateDir);
  const journals = await readAllJournals(stateDir);
  return journals.reverse().map(summarize);
}
