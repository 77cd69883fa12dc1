// Expanding environment references the way each host does (hosts.md §1, §2.4, §3.4, §4), so doctor
// starts what the host would start. Pure: the environment is an argument. A missing variable is
// collected by NAME; its value (present or not) is never part of any message.
import path from 'node:path';
import type { RefSyntax } from './types.js';

export interface RefContext {
  env: Readonly<Record<string, string | undefined>>;
  /** Cursor's ${workspaceFolder}: the project. */
  projectDir: string;
  /** Cursor's ${userHome}. */
  home: string;
}

export interface Expanded {
  value: string;
  /** Variables referenced without a default and not set (empty counts as set, as in a shell). */
  missing: string[];
}

// Claude Code: ${NAME} and ${NAME:-default}. Names follow the shell's rules.
const CLAUDE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;
// Cursor, generic (SEP-2633): ${env:NAME}; Cursor adds a few editor variables.
const CURSOR = /\$\{(env:([A-Za-z_][A-Za-z0-9_]*)|userHome|workspaceFolder|workspaceFolderBasename|pathSeparator|\/)\}/g;
const GENERIC = /\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g;
// `${NAME}` with no default syntax (Gemini, Qwen, Kiro, Crush, Factory Droid as patchbay writes them):
// a `${NAME:-x}` is left as written rather than guessing each host's default rule.
const BRACED = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
// OpenCode: {env:NAME} (a missing one becomes '' in OpenCode itself; doctor still reports it).
const OPENCODE = /\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g;

export function expandRefs(text: string, syntax: RefSyntax, ctx: RefContext): Expanded {
  const missing: string[] = [];
  const lookup = (name: string): string => {
    const value = ctx.env[name];
    if (value === undefined) {
      missing.push(name);
      return '';
    }
    return value;
  };
  let value: string;
  switch (syntax) {
    case 'claude-code':
      // `:-` as in the shell: the default also replaces an empty value.
      value = text.replace(CLAUDE, (_m, name: string, fallback: string | undefined) => {
        if (fallback === undefined) return lookup(name);
        const set = ctx.env[name];
        return set === undefined || set === '' ? fallback : set;
      });
      break;
    case 'cursor':
      value = text.replace(CURSOR, (_m, what: string, name: string | undefined) => {
        if (name !== undefined) return lookup(name);
        if (what === 'userHome') return ctx.home;
        if (what === 'workspaceFolder') return ctx.projectDir;
        if (what === 'workspaceFolderBasename') return path.basename(ctx.projectDir);
        return path.sep; // pathSeparator and ${/}
      });
      break;
    case 'generic':
      value = text.replace(GENERIC, (_m, name: string) => lookup(name));
      break;
    case 'opencode':
      value = text.replace(OPENCODE, (_m, name: string) => lookup(name));
      break;
    case 'braced':
      value = text.replace(BRACED, (_m, name: string) => lookup(name));
      break;
    case 'literal':
      value = text;
      break;
  }
  return { value, missing };
}

/** Expands every string of a record (env, headers), collecting missing names across all values. */
export function expandRecord(
  record: Readonly<Record<string, string>>,
  syntax: RefSyntax,
  ctx: RefContext,
  missing: Set<string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, raw] of Object.entries(record)) {
    const e = expandRefs(raw, syntax, ctx);
    for (const name of e.missing) missing.add(name);
    out[key] = e.value;
  }
  return out;
}
