// isSecretLikeValue: "would this literal value be a credential?" — the same rules the redactor uses,
// as one predicate. Callers: the redactor (a whole argument that is a key is redacted whole) and the
// any-server feature (a literal secret bound for a committed project file is refused with
// `literal-secret-in-project-file`). References such as `${env:NAME}` are not secrets.
import { hasRandomWord } from './words.js';
import { REDACTED } from './marker.js';
import { isReference } from './reference.js';
import { containsKnownToken } from './token-formats.js';
import { redactUrl } from './url.js';

/** `Bearer V` / `Basic V` / `token V` with a literal V (a header value). */
const AUTH_VALUE = /^(?:bearer|basic|token|digest)[ \t]{1,16}(\S{8,4096})$/i;

/**
 * True when `value` holds a credential: a known vendor token format (sk-, sk-ant-, ghp_, gho_,
 * github_pat_, glpat-, xox?-, AKIA, AIza, npm_, …) or PEM private key anywhere in it; a URL with a
 * password or a secret query value; an Authorization-style `Bearer V` with a literal V; or a word
 * that looks randomly generated (see entropy.ts).
 */
export function isSecretLikeValue(value: string): boolean {
  const v = value.trim();
  if (v === '' || v === REDACTED || isReference(v)) return false;
  if (containsKnownToken(v)) return true;
  const auth = AUTH_VALUE.exec(v);
  if (auth && !isReference(auth[1] ?? '')) return true;
  if (v.includes('://') && !/\s/.test(v) && redactUrl(v) !== v) return true;
  return hasRandomWord(v);
}
