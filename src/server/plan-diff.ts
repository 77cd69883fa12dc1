// The unified diff the plan tool returns, with secrets redacted. Both sides of every file are first
// redacted STRUCTURALLY (values under env/headers, values of secret keys, argv values after secret
// flags: things only the whole document can tell), the same way on both sides so the diff stays
// patchbay's own change; then redactText runs over the printed lines only (context included).
// A 1 MiB host file is streamed once per side instead of being fully text-redacted twice.
import type { Plan } from '../rollback/types.js';
import { redactConfigStructure, redactText } from '../redact.js';
import { unifiedDiff } from './sources.js';

const decoder = new TextDecoder();
const encoder = new TextEncoder();

function redactBytes(bytes: Uint8Array): Uint8Array {
  return encoder.encode(redactConfigStructure(decoder.decode(bytes)));
}

/** The plan with every file's text structurally redacted on both sides (hashes untouched: it is never applied). */
function structurallyRedacted(p: Plan): Plan {
  return {
    ...p,
    changes: p.changes.map((c) => ({
      ...c,
      before: { ...c.before, bytes: c.before.bytes ? redactBytes(c.before.bytes) : null },
      after: c.after === 'delete' ? 'delete' : redactBytes(c.after),
    })),
  };
}

export function redactedDiff(p: Plan, show: (absolute: string) => string): Promise<string> {
  return unifiedDiff(structurallyRedacted(p), show, { showLine: redactText });
}
