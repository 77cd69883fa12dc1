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
