// The pieces every entry decoder shares (launch.ts for OpenCode's shape, styled-entry.ts for every
// `command`+`args` style): value checks with readable messages, the redacted display, and `finish`,
// which expands references the way the host does. Pure: nothing here reads files or spawns.
import path from 'node:path';
import { redactArgs } from '../redact.js';
import { expandRecord, expandRefs, type RefContext } from './env-refs.js';
import { looksLikeReference } from './ref-syntax.js';
import type { RefRules } from './env-refs.js';
import type { Launch, LaunchResult, TransportName } from './types.js';

export interface LaunchContext extends RefContext {
  /** The references the host expands (ref-syntax.ts hostRefs). */
  refs: RefRules;
  /** The host skips a `url` entry without `type` (its launch facts: Claude Code); others infer the transport. */
  urlNeedsType: boolean;
  /** The host's name, for messages (default: "the host"). */
  hostName?: string;
  /** When the host expands nothing: the note a row gets when a value looks like a reference (ref-syntax.ts). */
  literalNote?: string;
}

export interface EntryLaunch {
  transport: TransportName;
  /** Command line or URL as written, redacted: what rows show. */
  display: string;
  result: LaunchResult;
  /** How the entry was read, for the row (a literal reference, a transport the host may choose otherwise). */
  notes?: string[];
}

export type Obj = Record<string, unknown>;

export function isObject(value: unknown): value is Obj {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A string map (env, headers); numbers and booleans are accepted as their text, anything else is not. */
export function stringMap(value: unknown, field: string): Record<string, string> | string {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) return `\`${field}\` must be an object of strings`;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = String(v);
    else return `\`${field}.${k}\` must be a string`;
  }
  return out;
}

export function stringList(value: unknown, field: string): string[] | string {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) return `\`${field}\` must be an array of strings`;
  return value as string[];
}

export function displayCommand(argv: readonly string[]): string {
  return redactArgs(argv)
    .map((a) => (a === '' || /[\s"'\\]/.test(a) ? JSON.stringify(a) : a))
    .join(' ');
}

export function isWindowsWrapper(command: string, args: readonly string[]): boolean {
  return /^cmd(\.exe)?$/i.test(path.basename(command)) && /^\/c$/i.test(args[0] ?? '');
}

export function invalid(transport: TransportName, display: string, message: string): EntryLaunch {
  return { transport, display, result: { kind: 'invalid', message } };
}

/**
 * Values a host takes BY NAME from its own environment rather than by interpolation (Codex `env_vars`,
 * `bearer_token_env_var`, `env_http_headers`; Goose `env_keys`): already looked up by the caller.
 */
export interface NamedValues {
  env?: Record<string, string>;
  headers?: Record<string, string>;
  /** Variables a header needs that are not set: the launch cannot be made as the host would. */
  missing?: readonly string[];
}

/** Expands references in every string the host expands; missing names (sorted) or the launch. */
export function finish(launch: Launch, ctx: LaunchContext, named: NamedValues = {}): LaunchResult {
  const missing = new Set<string>(named.missing ?? []);
  const one = (text: string): string => {
    const e = expandRefs(text, ctx.refs, ctx);
    for (const n of e.missing) missing.add(n);
    return e.value;
  };
  let expanded: Launch;
  if (launch.transport === 'stdio') {
    expanded = {
      ...launch,
      command: one(launch.command),
      args: launch.args.map(one),
      env: { ...(named.env ?? {}), ...expandRecord(launch.env, ctx.refs, ctx, missing) },
    };
  } else {
    expanded = { ...launch, url: one(launch.url), headers: { ...expandRecord(launch.headers, ctx.refs, ctx, missing), ...(named.headers ?? {}) } };
  }
  if (missing.size > 0) return { kind: 'missing-env', names: [...missing].sort() };
  return { kind: 'launch', launch: expanded };
}

/** The literal-reference note, when the host expands nothing and some value looks like a reference. */
export function literalNotes(launch: Launch, ctx: LaunchContext): string[] {
  if (ctx.literalNote === undefined) return [];
  const texts = launch.transport === 'stdio' ? [launch.command, ...launch.args, ...Object.values(launch.env)] : [launch.url, ...Object.values(launch.headers)];
  return texts.some(looksLikeReference) ? [ctx.literalNote] : [];
}
