// Plans carry host-file text, so every output of a plan (the CLI's diff, its --json, the MCP server's
// `plan`) shows a REDACTED copy: both sides of every file go through redactConfigText before diffing,
// which keeps the diff limited to patchbay's own change while secret values never leave. The copy
// keeps the hashes but is never applied.
import { redactConfigText } from './redact.js';
import type { Plan } from './rollback/types.js';

const decoder = new TextDecoder();
const encoder = new TextEncoder();

function redactBytes(bytes: Uint8Array): Uint8Array {
  return encoder.encode(redactConfigText(decoder.decode(bytes)));
}

export function redactPlan(p: Plan): Plan {
  return {
    ...p,
    changes: p.changes.map((c) => ({
      ...c,
      before: { ...c.before, bytes: c.before.bytes ? redactBytes(c.before.bytes) : null },
      after: c.after === 'delete' ? 'delete' : redactBytes(c.after),
    })),
  };
}
