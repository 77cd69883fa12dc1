// Plans carry host-file text, so every output of a plan (the CLI's diff and --json, the MCP server's
// `plan`, the library's `diff`) is a REDACTED diff. The lines a hunk shows are first redacted
// STRUCTURALLY (values under env/headers, values of secret keys, argv values after secret flags:
// things only the whole document can tell), each side with its whole file as context; then
// redactText runs over the printed lines (context included). The copy keeps the hashes but is never
// applied.
//
// Only the shown lines are redacted (src/redact/region.ts walks down to them): redacting both whole
// sides of a 56 MB ~/.claude.json before diffing them was most of `init`'s time. The diff itself is
// computed on the real lines, so a change inside a secret value shows as a changed (redacted) line.
import { textOf } from './decoded-text.js';
import { redactConfigStructure, redactText } from './redact.js';
import { applyEdits } from './redact/json-structure.js';
import { regionEdits } from './redact/region.js';
import { diffPlan } from './rollback/diff.js';
import { splitLines } from './rollback/line-diff.js';
import type { Plan } from './rollback/types.js';
import { STATE_LABEL } from './core/servers/records.js';

// TextDecoder drops a leading BOM, as the whole-file redaction always did: the structural pass and
// the printed first line never see it.
const decoder = new TextDecoder();
const encoder = new TextEncoder();

function redactBytes(bytes: Uint8Array): Uint8Array {
  return encoder.encode(redactConfigStructure(decoder.decode(bytes)));
}

/** The plan with every file's text structurally redacted on both sides (whole files). */
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

/** Offset after `count` more line breaks (\n) from `from`, or the end of the text. */
function advanceLines(text: string, from: number, count: number): number {
  let at = from;
  for (let k = 0; k < count; k++) {
    const nl = text.indexOf('\n', at);
    if (nl < 0) return text.length;
    at = nl + 1;
  }
  return at;
}

function startsWithObject(text: string): boolean {
  const i = text.search(/\S/);
  return i >= 0 && text.charCodeAt(i) === 123;
}

/**
 * Lines [first, first + count) of the file, structurally redacted with the whole file as context:
 * region.ts for a JSON object, else (TOML, a JSON array, anything region.ts steps aside from) the
 * whole-file pass, of which only these lines are kept. Structural redaction replaces string literals,
 * which hold no line break, so the lines stay the same lines.
 */
export function structurallyRedactedLines(bytes: Uint8Array, first: number, count: number): string[] {
  const text = textOf(bytes);
  const start = advanceLines(text, 0, first);
  const end = advanceLines(text, start, count);
  const edits = startsWithObject(text) ? regionEdits(text, start, end) : undefined;
  if (edits) return splitLines(applyEdits(text.slice(start, end), edits.map((e) => ({ ...e, offset: e.offset - start }))));
  const whole = redactConfigStructure(text);
  const from = advanceLines(whole, 0, first);
  return splitLines(whole.slice(from, advanceLines(whole, from, count)));
}

/**
 * The unified diff of a plan with secrets redacted: what every face shows. patchbay's own bookkeeping
 * (managed.json: ownership hashes keyed by absolute path) is left out: it is not a file the user
 * edits, its change follows from the host files' changes, and the file list still names it.
 */
export function redactedDiff(p: Plan, show: (absolute: string) => string): string {
  const shown = { ...p, changes: p.changes.filter((c) => c.label !== STATE_LABEL) };
  return diffPlan(shown, show, { showLine: redactText, windowLines: structurallyRedactedLines });
}
