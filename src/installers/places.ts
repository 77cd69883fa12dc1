// Where MCP servers live inside a host file ("places"), their shape checks, and the normalized list
// of servers found there. A place is a container of servers at a path: an object keyed by server name
// (`mcpServers`, OpenCode's `mcp` / `mcp.servers`, Codex's `mcp_servers`) or, for a few hosts, a list
// of `{name, …}` items (Continue). Works on plain values from any ConfigDocument, whatever the format.
import type { Diagnostic } from '../diagnostics.js';
import type { ConfigDocument, DocPath, DocValue, ValueType } from './document/types.js';
import type { OpenCodeDialect, ServerEntry } from './types.js';
import { readArgv, type EntryStyle } from './shapes.js';
import { envNamesOf, headerNamesOf } from './style-members.js';
import type { ServerBinding, Recognition } from './binding.js';
import { toPointer } from './document/pointer.js';

export interface Place {
  /** Key path of the container, e.g. ['mcpServers']. */
  path: string[];
  /** 'map' (default): members are servers by name; 'list': items are `{name, …}`. */
  kind?: 'map' | 'list';
  /** How entries are written in this place (field names, type values, reference syntax). */
  style: EntryStyle;
  dialect?: OpenCodeDialect;
  /** Members of the container that are not servers (OpenCode V1: the V2 `servers`/`timeout` keys). */
  skip?: (name: string, value: unknown) => boolean;
  /** Why an existing object at `path` is not this kind of container (OpenCode's V1 server named "servers"). */
  rejects?: (value: unknown) => string | undefined;
  /**
   * The entry repeats its name in this member: list items are found by it (default `name`), and a map
   * entry may carry it too (Goose's `name`). Ownership is decided on the entry WITHOUT it.
   */
  nameKey?: string;
  /** The container holds one server at most (a Continue block file). */
  single?: boolean;
}

/** The key a place's entries carry their own name in, if any. */
export function nameKeyOf(place: Place): string | undefined {
  return place.nameKey ?? (place.kind === 'list' ? 'name' : undefined);
}

/** The entry as the binding renders it: without the name member (when it holds this name). */
export function entryOf(place: Place, name: string, value: unknown): unknown {
  const key = nameKeyOf(place);
  if (key === undefined || !isObject(value) || value[key] !== name) return value;
  const { [key]: _name, ...rest } = value;
  return rest;
}

/** The member to write: the rendered entry, with the name member first where the place has one. */
export function withName(place: Place, name: string, entry: DocValue): DocValue {
  const key = nameKeyOf(place);
  return key === undefined ? entry : { [key]: name, ...(entry as Record<string, DocValue>) };
}

/** A server's member in a place: its path in the document and its value. */
export interface Member {
  name: string;
  path: DocPath;
  value: unknown;
}

export interface PlaceScan {
  place: Place;
  /** The container holds servers (it exists and has the right type). */
  present: boolean;
  servers: ServerEntry[];
  members: Member[];
  /** The member named like the binding, with its recognition. */
  ours?: Member & Recognition;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function typeOf(value: unknown): ValueType | undefined {
  if (value === undefined) return undefined;
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value as ValueType;
}

function describe(type: ValueType): string {
  if (type === 'null') return 'null';
  return type === 'array' || type === 'object' ? `an ${type}` : `a ${type}`;
}

/**
 * Checks every level of `place.path`: absent is fine (it will be created), anything but an object
 * (or, at the last level of a list place, a list) is an invalid-shape error at its line:column.
 */
export function checkContainer(doc: ConfigDocument, place: Place, filePath: string, diagnostics: Diagnostic[]): boolean {
  for (let depth = 1; depth <= place.path.length; depth++) {
    const sub = place.path.slice(0, depth);
    // The type only: building the value of a big container just to look at its type was most of a plan.
    const type = doc.typeAt ? doc.typeAt(sub) : typeOf(doc.get(sub));
    if (type === undefined) return false;
    const wantList = depth === place.path.length && place.kind === 'list';
    if (wantList ? type === 'array' : type === 'object') continue;
    diagnostics.push({
      code: 'invalid-shape',
      severity: 'error',
      message: `\`${sub.join('.')}\` must be ${wantList ? 'a list' : 'an object'} of servers, but it is ${describe(type)}`,
      path: filePath,
      pointer: toPointer(sub),
      ...(doc.position(sub, 'value') ?? {}),
      hint: `make \`${sub.join('.')}\` ${wantList ? 'a list (`[]`)' : 'an object (`{}`)'} or remove it; patchbay will not guess what was meant`,
    });
    return false;
  }
  return true;
}

/** The servers in a place (which must have passed checkContainer), and the binding's own member. */
export function scanPlace(doc: ConfigDocument, place: Place, present: boolean, binding: ServerBinding | undefined, platform: NodeJS.Platform, file: string): PlaceScan {
  const scan: PlaceScan = { place, present, servers: [], members: [] };
  if (!present) return scan;
  const container = doc.get(place.path);
  const members: Member[] = [];
  if (place.kind === 'list' && Array.isArray(container)) {
    container.forEach((item, index) => {
      const key = nameKeyOf(place) ?? 'name';
      if (isObject(item) && typeof item[key] === 'string') members.push({ name: item[key], path: [...place.path, index], value: item });
    });
  } else if (isObject(container)) {
    for (const [name, value] of Object.entries(container)) members.push({ name, path: [...place.path, name], value });
  }
  for (const member of members) {
    if (place.skip?.(member.name, member.value)) continue;
    scan.members.push(member);
    const entry = normalizeServer(member, place);
    const value = entryOf(place, member.name, member.value);
    const rec = binding?.recognizeAny(value, place, platform);
    if (rec?.ours) {
      entry.managed = true;
      if (rec.pin !== undefined) entry.pin = rec.pin;
    }
    scan.servers.push(entry);
    if (binding && member.name === binding.name) scan.ours = { ...member, ...binding.classify(value, place, platform, file) };
  }
  return scan;
}

function normalizeServer(member: Member, place: Place): ServerEntry {
  const v = (isObject(member.value) ? member.value : {}) as Record<string, unknown>;
  const entry: ServerEntry = {
    name: member.name,
    transport: 'unknown',
    envNames: [],
    headerNames: [],
    managed: false,
    pointer: toPointer(member.path),
  };
  if (place.dialect) entry.dialect = place.dialect;
  const { style } = place;
  const argv = readArgv(style, v);
  const url = [v[style.urlKey], v.url, v.serverUrl, v.httpUrl].find((u): u is string => typeof u === 'string');
  if (argv !== undefined && argv.length > 0) {
    entry.transport = 'stdio';
    entry.command = argv[0] as string;
    entry.args = argv.slice(1);
  } else if (url !== undefined) {
    entry.url = url;
    const type = v[style.typeKey ?? 'type'];
    const sseByKey = style.urlKeys?.sse !== undefined && style.urlKeys.sse !== style.urlKeys.http && typeof v[style.urlKeys.sse] === 'string' && typeof v[style.urlKeys.http ?? style.urlKey] !== 'string';
    entry.transport = type === 'sse' || sseByKey ? 'sse' : type === undefined || type === 'http' || type === 'streamable-http' || type === 'streamableHttp' || type === style.remoteType?.http ? 'http' : 'unknown';
  }
  entry.envNames = envNamesOf(style, v);
  entry.headerNames = headerNamesOf(style, v);
  if (v.enabled === false || v.disabled === true) entry.disabled = true;
  return entry;
}

/**
 * OpenCode V1 quirk: `mcp.servers` is V2's container, unless it is itself a V1 server that someone
 * named "servers" (scalar `type`/`enabled`, a `command` array or a `url`).
 */
export function looksLikeServer(value: unknown): boolean {
  if (!isObject(value)) return false;
  return typeof value.type === 'string' || typeof value.enabled === 'boolean' || Array.isArray(value.command) || typeof value.url === 'string';
}
