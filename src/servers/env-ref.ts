// Secrets by reference: `${env:NAME}` in an env or header value means "the variable NAME of the
// environment the host starts the server in". Each host has its own syntax for that (docs/hosts.md):
// Claude Code `${NAME}`, Cursor/VS Code/Windsurf `${env:NAME}`, OpenCode `{env:NAME}`, Gemini/Qwen
// `$NAME`, Continue `${{ secrets.NAME }}`. A host without one cannot take a reference: rendering fails
// closed for that host.

const REFERENCE = /\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** A host's reference syntax as a template with `NAME` where the variable goes, or null (none). */
export type RefSyntax = '${NAME}' | '${env:NAME}' | '{env:NAME}' | '$NAME' | '${{ secrets.NAME }}' | null;

const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A name an environment variable (and so a reference) can have. */
export function isVariableName(name: string): boolean {
  return VARIABLE_NAME.test(name);
}

/** `${env:NAME}`: the reference to NAME in patchbay's host-agnostic syntax. */
export function envReference(name: string): string {
  return `\${env:${name}}`;
}

export function referencedNames(value: string): string[] {
  return [...value.matchAll(REFERENCE)].map((m) => m[1] as string);
}

export function hasReference(value: string): boolean {
  return referencedNames(value).length > 0;
}

/** `Bearer ${env:TOKEN}` in the host's syntax; undefined when the host has none and a reference is used. */
export function renderReferences(value: string, syntax: RefSyntax): string | undefined {
  if (!hasReference(value)) return value;
  if (syntax === null) return undefined;
  return value.replace(REFERENCE, (_, name: string) => syntax.replace('NAME', name));
}

/** The one variable `value` is, when it is exactly `${env:NAME}` (nothing around it), else undefined. */
export function soleReference(value: string): string | undefined {
  return /^\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(value)?.[1];
}
