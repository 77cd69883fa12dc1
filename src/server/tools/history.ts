// history: the journal's transactions, read-only. The server never runs recovery: a pending
// transaction is reported as pending, and the next CLI command rolls it back.
import * as z from 'zod';
import { redactText } from '../../redact.js';
import { rootsOf, type ServerEnvironment } from '../context.js';
import { makeEnvelope, type Envelope } from '../envelope.js';
import { errorDiagnostic, showPath } from '../present.js';
import { transactions } from '../sources.js';

export const HistoryInput = z.object({
  limit: z.number().int().min(1).max(500).optional().describe('Newest first; default 50'),
});

export const HistoryData = z.object({
  transactions: z.array(
    z.looseObject({
      id: z.string(),
      status: z.string(),
      description: z.string(),
      created_at: z.string(),
      files: z.array(z.looseObject({ path: z.string(), existed_before: z.boolean(), deleted: z.boolean() })),
    }),
  ),
  total: z.number().int(),
});
export type HistoryData = z.infer<typeof HistoryData>;

export async function historyTool(environment: ServerEnvironment, input: z.infer<typeof HistoryInput>): Promise<Envelope<HistoryData>> {
  const roots = rootsOf(environment);
  let list;
  try {
    list = await transactions(environment);
  } catch (error) {
    return makeEnvelope<HistoryData>('history', 'unavailable', undefined, [errorDiagnostic(error, roots)]);
  }
  const sorted = [...list].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : -1));
  const shown = sorted.slice(0, input.limit ?? 50).map((t) => ({
    id: t.id,
    status: t.status,
    description: redactText(t.description),
    created_at: t.createdAt,
    files: t.files.map((f) => ({ path: showPath(f.path, roots), existed_before: f.existedBefore, deleted: f.deleted })),
  }));
  return makeEnvelope('history', shown.length === 0 ? 'empty' : 'ok', { transactions: shown, total: list.length });
}
