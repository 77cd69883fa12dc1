// Which references doctor expands for a host: the form patchbay writes for it (its entry style's
// `refSyntax`) plus what its launch facts add (launch-facts.ts: Claude Code's `:-` defaults, Cursor's
// editor variables, Gemini's and Qwen's `$NAME`), so there is no per-host table here. A host without
// a known form gets its values as written plus a note, never a guessed expansion.
import type { HostRecord } from '../installers/host-core.js';
import type { EntryStyle } from '../installers/shapes.js';
import type { RefForm, RefRules } from './env-refs.js';

export interface HostRefs {
  rules: RefRules;
  /** Set when values are passed literally: the note a row gets when one of them looks like a reference. */
  literalNote?: string;
}

/** Text that reads like some host's env reference: `${X}`, `$X`, `{env:X}`, `${{ secrets.X }}`. */
const REFERENCE_LIKE = /\$\{|\$[A-Za-z_]|\{env:/;

export function looksLikeReference(text: string): boolean {
  return REFERENCE_LIKE.test(text);
}

const EXPANDABLE: ReadonlySet<string> = new Set<RefForm>(['${NAME}', '$NAME', '${env:NAME}', '{env:NAME}']);

export function hostRefs(record: Pick<HostRecord, 'displayName' | 'launch'>, style: EntryStyle): HostRefs {
  const facts = record.launch;
  const forms = new Set<RefForm>();
  if (style.refSyntax !== null && EXPANDABLE.has(style.refSyntax)) forms.add(style.refSyntax as RefForm);
  for (const form of facts?.alsoExpands ?? []) forms.add(form);
  const rules: RefRules = { forms, defaults: facts?.defaults === true, editorVariables: facts?.editorVariables === true };
  if (forms.size > 0 || rules.editorVariables) return { rules };
  // Continue's `${{ secrets.NAME }}` comes from its own secret store, which doctor cannot see.
  const literalNote =
    style.refSyntax === null
      ? `patchbay knows no env-reference syntax for ${record.displayName}: doctor passed the reference-like text as written`
      : `doctor does not resolve ${record.displayName}'s \`${style.refSyntax}\` references: passed as written`;
  return { rules, literalNote };
}
