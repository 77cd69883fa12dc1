// Expanding environment references the way a host does when it starts a server, so doctor starts
// what the host would start. WHICH forms a host expands is data (RefRules, derived from the host's
// entry style and its launch facts by ref-syntax.ts); this file only knows the forms themselves.
// Pure: the environment is an argument. A missing variable is collected by NAME; its value (present
// or not) is never part of any message.
import path from 'node:path';

/** A reference form: `${NAME}`, `$NAME`, `${env:NAME}` (SEP-2633, Cursor, VS Code), OpenCode's `{env:NAME}`. */
export type RefForm = '${NAME}' | '$NAME' | '${env:NAME}' | '{env:NAME}';

export interface RefRules {
  forms: ReadonlySet<RefForm>;
  /** `${NAME:-default}`: the default also replaces an empty value, as in a shell (Claude Code). */
  defaults: boolean;
  /** Cursor's ${userHome}, ${workspaceFolder}, ${workspaceFolderBasename}, ${pathSeparator}, ${/}. */
  editorVariables: boolean;
}

export interface RefContext {
  env: Readonly<Record<string, string | undefined>>;
  /** ${workspaceFolder}: the project. */
  projectDir: string;
  /** ${userHome}. */
  home: string;
}

export interface Expanded {
  value: string;
  /** Variables referenced without a default and not set (empty counts as set, as in a shell). */
  missing: string[];
}

const NAME = '[A-Za-z_][A-Za-z0-9_]*';
const EDITOR = 'userHome|workspaceFolder|workspaceFolderBasename|pathSeparator|\\/';

/** One alternation of the enabled forms, so a value is scanned once and nothing is expanded twice. */
function patternOf(rules: RefRules): RegExp | undefined {
  const parts: string[] = [];
  if (rules.forms.has('${env:NAME}')) parts.push(`\\$\\{env:(?<env>${NAME})\\}`);
  if (rules.editorVariables) parts.push(`\\$\\{(?<editor>${EDITOR})\\}`);
  if (rules.forms.has('${NAME}')) parts.push(rules.defaults ? `\\$\\{(?<braced>${NAME})(?::-(?<fallback>[^}]*))?\\}` : `\\$\\{(?<braced>${NAME})\\}`);
  if (rules.forms.has('$NAME')) parts.push(`\\$(?<bare>${NAME})`);
  if (rules.forms.has('{env:NAME}')) parts.push(`\\{env:(?<opencode>${NAME})\\}`);
  return parts.length > 0 ? new RegExp(parts.join('|'), 'g') : undefined;
}

const patterns = new WeakMap<RefRules, RegExp | undefined>();

export function expandRefs(text: string, rules: RefRules, ctx: RefContext): Expanded {
  const missing: string[] = [];
  if (!patterns.has(rules)) patterns.set(rules, patternOf(rules));
  const pattern = patterns.get(rules);
  if (pattern === undefined) return { value: text, missing };
  const lookup = (name: string): string => {
    const value = ctx.env[name];
    if (value === undefined) {
      missing.push(name);
      return '';
    }
    return value;
  };
  const value = text.replace(pattern, (...match: unknown[]) => {
    const groups = match.at(-1) as Record<string, string | undefined>;
    if (groups.editor !== undefined) {
      if (groups.editor === 'userHome') return ctx.home;
      if (groups.editor === 'workspaceFolder') return ctx.projectDir;
      if (groups.editor === 'workspaceFolderBasename') return path.basename(ctx.projectDir);
      return path.sep; // pathSeparator and ${/}
    }
    if (groups.braced !== undefined && groups.fallback !== undefined) {
      const set = ctx.env[groups.braced];
      return set === undefined || set === '' ? groups.fallback : set;
    }
    return lookup((groups.env ?? groups.braced ?? groups.bare ?? groups.opencode) as string);
  });
  return { value, missing };
}

/** Expands every string of a record (env, headers), collecting missing names across all values. */
export function expandRecord(
  record: Readonly<Record<string, string>>,
  rules: RefRules,
  ctx: RefContext,
  missing: Set<string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, raw] of Object.entries(record)) {
    const e = expandRefs(raw, rules, ctx);
    for (const name of e.missing) missing.add(name);
    out[key] = e.value;
  }
  return out;
}
