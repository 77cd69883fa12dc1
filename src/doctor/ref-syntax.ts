// Which reference syntax doctor expands for a host, derived from the host's own entry style
// (shapes.ts `refSyntax`, the syntax patchbay writes for it) so there is no second table to keep in
// step. Two hosts are known to expand more than the form patchbay writes: Claude Code (`:-` defaults)
// and Cursor (editor variables); they keep their richer rules. A host without a known syntax gets its
// values as written plus a note, never a guessed expansion.
import type { HostId } from '../installers/types.js';
import type { EntryStyle } from '../installers/shapes.js';
import type { RefSyntax } from './types.js';

export interface HostRefs {
  syntax: RefSyntax;
  /** Set when values are passed literally: the note a row gets when one of them looks like a reference. */
  literalNote?: string;
}

/** Text that reads like some host's env reference: `${X}`, `$X`, `{env:X}`, `${{ secrets.X }}`. */
const REFERENCE_LIKE = /\$\{|\$[A-Za-z_]|\{env:/;

export function looksLikeReference(text: string): boolean {
  return REFERENCE_LIKE.test(text);
}

export function hostRefs(host: HostId, displayName: string, style: EntryStyle): HostRefs {
  if (host === 'claude-code') return { syntax: 'claude-code' };
  if (host === 'cursor') return { syntax: 'cursor' };
  switch (style.refSyntax) {
    case '${NAME}':
      return { syntax: 'braced' };
    case '${env:NAME}':
      return { syntax: 'generic' };
    case '{env:NAME}':
      return { syntax: 'opencode' };
    case null:
      return {
        syntax: 'literal',
        literalNote: `patchbay knows no env-reference syntax for ${displayName}: doctor passed the reference-like text as written`,
      };
    default:
      // `$NAME` (no record uses it yet) and Continue's `${{ secrets.NAME }}`, which Continue resolves
      // from its own secret store rather than from the environment doctor can see.
      return {
        syntax: 'literal',
        literalNote: `doctor does not resolve ${displayName}'s \`${style.refSyntax}\` references: passed as written`,
      };
  }
}
