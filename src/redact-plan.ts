// Plans carry host-file text, so every output of a plan (the CLI's diff and --json, the MCP server's
// `plan`, the library's `diff`) is a REDACTED diff. Both sides of every file are first redacted
// STRUCTURALLY (values under env/headers, values of secret keys, argv values after secret flags:
// things only the whole document can tell), the same way on both sides so the diff stays patchbay's own
// change; then redactText runs over the printed lines only (context included). The copy keeps the
// hashes but is never applied.
import { redactConfigStructure, redactText } from './redact.js';
import { diffPlan } from './rollback/diff.js';
import type { Plan } from './rollback/types.js';
import { STATE_LABEL } from './core/servers/records.js';

const decoder = new TextDecoder();
const encoder = new TextEncoder();

function redactBytes(bytes: Uint8Array): Uint8Array {
  return encoder.encode(redactConfigStructure(decoder.decode(bytes)));
}

/** The plan with every file's text structurally redacted on both sides. */
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

/**
 * The unified diff of a plan with secrets redacted: what every face shows. patchbay's own bookkeeping
 * (managed.json: ownership hashes keyed by absolute path) is left out: it is not a file the user
 * edits, its change follows from the host files' changes, and the file list still names it.
 */
export function redactedDiff(p: Plan, show: (absolute: string) => string): string {
  return diffPlan(redactPlan({ ...p, changes: p.changes.filter((c) => c.label !== STATE_LABEL) }), show, { showLine: redactText });
}
