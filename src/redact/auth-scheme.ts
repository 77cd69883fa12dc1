// `Bearer V` / `Basic V` anywhere in text (a header pasted in a comment, a curl line): the scheme
// stays, the credential goes. Linear: the regex can only start at the literal scheme word (after a
// non-word character), and its two quantifiers are bounded, over disjoint classes, with nothing after.
import { REDACTED } from './marker.js';

const AUTH_SCHEME = /(?<![A-Za-z0-9_])(bearer|basic)[ \t]{1,16}[A-Za-z0-9._~+/=-]{8,4096}/gi;

export function redactAuthSchemes(text: string): string {
  return text.replace(AUTH_SCHEME, (_whole, scheme: string) => `${scheme} ${REDACTED}`);
}
