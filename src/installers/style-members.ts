// The env and header members of an entry, per style: where literal values go, and how a `${env:NAME}`
// reference is written. Most hosts interpolate a reference inside a value (their `refSyntax`); the
// TOML/YAML hosts without interpolation take variables BY NAME instead (docs/host-facts.md):
//   Codex  env `K = "${env:K}"`             → env_vars = ["K"]
//          `Authorization: Bearer ${env:T}` → bearer_token_env_var = "T"
//          header `H: ${env:V}`             → env_http_headers = { H = "V" }
//   Goose  env `K: ${env:K}`                → env_keys: [K]
// Anything else that needs interpolation, in a host without a syntax for it, answers undefined: the
// caller fails closed with `secret-reference-unsupported`. Members are returned only when non-empty.
import type { DocValue } from './document/types.js';
import type { StringMap } from '../servers/spec.js';
import { hasReference, renderReferences, soleReference } from '../servers/env-ref.js';
import type { EntryStyle } from './shapes.js';

type Members = Record<string, DocValue>;

/** Literal values as they are, references in the host's syntax; undefined when one cannot be written. */
function interpolated(style: EntryStyle, value: string): string | undefined {
  return hasReference(value) ? renderReferences(value, style.refSyntax) : value;
}

export function envMembers(style: EntryStyle, env: StringMap): Members | undefined {
  const byName: string[] = [];
  const values: StringMap = {};
  for (const [key, value] of Object.entries(env)) {
    if (style.envByNameKey !== undefined && soleReference(value) === key) {
      byName.push(key);
      continue;
    }
    const rendered = interpolated(style, value);
    if (rendered === undefined) return undefined;
    values[key] = rendered;
  }
  const out: Members = {};
  if (byName.length > 0) out[style.envByNameKey as string] = byName;
  if (Object.keys(values).length > 0) out[style.envKey] = values;
  return out;
}

const BEARER = /^Bearer \$\{env:([A-Za-z_][A-Za-z0-9_]*)\}$/;

export function headerMembers(style: EntryStyle, headers: StringMap): Members | undefined {
  let bearer: string | undefined;
  const byName: StringMap = {};
  const values: StringMap = {};
  for (const [key, value] of Object.entries(headers)) {
    const token = BEARER.exec(value)?.[1];
    if (style.bearerEnvKey !== undefined && key.toLowerCase() === 'authorization' && token !== undefined) {
      bearer = token;
      continue;
    }
    const sole = soleReference(value);
    if (style.headersByNameKey !== undefined && sole !== undefined) {
      byName[key] = sole;
      continue;
    }
    const rendered = interpolated(style, value);
    if (rendered === undefined) return undefined;
    values[key] = rendered;
  }
  const out: Members = {};
  if (bearer !== undefined) out[style.bearerEnvKey as string] = bearer;
  if (Object.keys(values).length > 0) Object.assign(out, nested(style, values));
  if (Object.keys(byName).length > 0) out[style.headersByNameKey as string] = byName;
  return out;
}

/** `{headersKey: values}`, or values at `headersPath` with `headersWith` beside them. */
function nested(style: EntryStyle, values: StringMap): Members {
  const path = style.headersPath ?? [style.headersKey];
  let inner: Members = { ...(style.headersWith ?? {}), [path[path.length - 1] as string]: values };
  for (const key of path.slice(0, -1).reverse()) inner = { [key]: inner };
  return inner;
}

/** The header NAMES an entry holds, wherever this style keeps them (never values). */
export function headerNamesOf(style: EntryStyle, entry: Record<string, unknown>): string[] {
  let cur: unknown = entry;
  for (const key of style.headersPath ?? [style.headersKey]) cur = isObject(cur) ? cur[key] : undefined;
  const names = isObject(cur) ? Object.keys(cur) : [];
  const byName = style.headersByNameKey !== undefined ? entry[style.headersByNameKey] : undefined;
  if (isObject(byName)) names.push(...Object.keys(byName));
  if (style.bearerEnvKey !== undefined && typeof entry[style.bearerEnvKey] === 'string') names.push('Authorization');
  return names;
}

/** The env variable NAMES an entry sets or forwards. */
export function envNamesOf(style: EntryStyle, entry: Record<string, unknown>): string[] {
  const env = entry[style.envKey];
  const names = isObject(env) ? Object.keys(env) : [];
  const byName = style.envByNameKey !== undefined ? entry[style.envByNameKey] : undefined;
  if (Array.isArray(byName)) names.push(...byName.filter((n): n is string => typeof n === 'string'));
  return names;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
