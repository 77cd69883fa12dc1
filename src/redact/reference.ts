// Values that NAME a secret instead of holding one: `${env:GITHUB_TOKEN}` (Cursor, VS Code),
// `${GITHUB_TOKEN}` (Claude Code), `{env:GITHUB_TOKEN}` (OpenCode), `$GITHUB_TOKEN` (Gemini, shells),
// `%GITHUB_TOKEN%` (cmd). They are shown as they are: the name is what a person needs to see.
const REFERENCE = /^(?:\$\{[^}\s]{1,200}\}|\{env:[^}\s]{1,200}\}|\$[A-Za-z_][A-Za-z0-9_]{0,200}|%[A-Za-z_][A-Za-z0-9_]{0,200}%)/;

/** True when `text` starting at `start` is a variable reference (only the first ~200 chars are read). */
export function isReferenceAt(text: string, start: number): boolean {
  const c = text[start];
  if (c !== '$' && c !== '{' && c !== '%') return false;
  return REFERENCE.test(text.slice(start, start + 210));
}

/** True when the whole value is one variable reference. */
export function isReference(value: string): boolean {
  const m = REFERENCE.exec(value.trim());
  return m !== null && m[0].length === value.trim().length;
}

// A header or env value that only NAMES secrets: `${GITHUB_TOKEN}`, `${env:GITHUB_TOKEN}`,
// `{env:GITHUB_TOKEN}`, optionally after an auth scheme (`Bearer ${env:GITHUB_TOKEN}`). Shown in diffs
// and lists as it is: the reference is what patchbay wrote instead of a secret, and the person checking
// the diff must see that it is one. Only braced forms with a variable-name body: a bare `$word` could
// be a password that starts with `$`.
const SHOWN_REFERENCE = /^(?:(?:bearer|basic|token|bot)[ \t]{1,4})?(?:\$\{(?:env:)?[A-Za-z_][A-Za-z0-9_]{0,200}\}|\{env:[A-Za-z_][A-Za-z0-9_]{0,200}\})$/i;

/** True when `value` is one braced variable reference, optionally after an auth scheme word. */
export function isShownReference(value: string): boolean {
  return value.length <= 256 && SHOWN_REFERENCE.test(value);
}
