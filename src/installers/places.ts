// Where MCP servers live inside a host file ("places"), their shape checks, and the normalized list
// of servers found there. A place is a JSON object whose members are servers, e.g. /mcpServers
// or OpenCode's /mcp (V1) and /mcp/servers (V2).
import { findNodeAtLocation, getNodeValue, type Node } from 'jsonc-parser';
import type { Diagnostic } from '../diagnostics.js';
import type { OpenCodeDialect, ServerEntry } from './types.js';
import { recognize, type EntryShape } from './entry.js';
import { lineColumn } from './jsonc/text.js';
import { toPointer } from './jsonc/pointer.js';

export interface Place {
  /** Key path of the container object, e.g. ['mcpServers']. */
  path: string[];
  shape: EntryShape;
  dialect?: OpenCodeDialect;
  /** Members of the container that are not servers (OpenCode V1: the V2 `servers`/`timeout` keys). */
  skip?: (name: string, value: unknown) => boolean;
  /** Why an existing object at `path` is not this kind of container (OpenCode's V1 server named "servers"). */
  rejects?: (value: unknown) => string | undefined;
}

export const SERVER_NAME = 'patchbay';

export interface PlaceScan {
  place: Place;
  /** The container object node, when present and an object. */
  node: Node | undefined;
  servers: ServerEntry[];
  /** Our entry's recognition, when a member named patchbay exists. */
  ours?: { node: Node; value: unknown; ours: boolean; pin?: string; current: boolean };
}

/** The node at `path`, type-checked: anything but an object (or absent) is an invalid-shape error. */
export function containerNode(root: Node, body: string, path: readonly string[], filePath: string, diagnostics: Diagnostic[]): Node | undefined {
  for (let depth = 1; depth <= path.length; depth++) {
    const sub = path.slice(0, depth);
    const node = findNodeAtLocation(root, sub);
    if (node === undefined) return undefined;
    if (node.type !== 'object') {
      const shown = node.type === 'null' ? 'null' : node.type === 'array' ? 'an array' : `a ${node.type}`;
      diagnostics.push({
        code: 'invalid-shape',
        severity: 'error',
        message: `\`${sub.join('.')}\` must be an object of servers, but it is ${shown}`,
        path: filePath,
        pointer: toPointer(sub),
        ...lineColumn(body, node.offset),
        hint: `make \`${sub.join('.')}\` an object (\`{}\`) or remove it; patchbay will not guess what was meant`,
      });
      return undefined;
    }
  }
  return findNodeAtLocation(root, [...path]);
}

export function scanPlace(place: Place, container: Node | undefined, version: string, platform: NodeJS.Platform): PlaceScan {
  const scan: PlaceScan = { place, node: container, servers: [] };
  if (!container) return scan;
  for (const prop of container.children ?? []) {
    const keyNode = prop.children?.[0];
    const valueNode = prop.children?.[1];
    if (!keyNode || !valueNode) continue;
    const name = String(keyNode.value);
    const value = getNodeValue(valueNode) as unknown;
    if (place.skip?.(name, value)) continue;
    const rec = recognize(value, place.shape, version, platform);
    const entry = normalizeServer(name, value, place);
    if (rec.ours) {
      entry.managed = true;
      entry.pin = rec.pin;
    }
    scan.servers.push(entry);
    if (name === SERVER_NAME) {
      scan.ours = rec.ours ? { node: prop, value, ours: true, pin: rec.pin, current: rec.current } : { node: prop, value, ours: false, current: false };
    }
  }
  return scan;
}

function normalizeServer(name: string, value: unknown, place: Place): ServerEntry {
  const v = (value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {}) as Record<string, unknown>;
  const entry: ServerEntry = {
    name,
    transport: 'unknown',
    envNames: [],
    headerNames: [],
    managed: false,
    pointer: toPointer([...place.path, name]),
  };
  if (place.dialect) entry.dialect = place.dialect;
  const names = (o: unknown) => (o !== null && typeof o === 'object' && !Array.isArray(o) ? Object.keys(o) : []);
  if (place.shape === 'mcpServers') {
    if (typeof v.command === 'string') {
      entry.transport = 'stdio';
      entry.command = v.command;
      entry.args = Array.isArray(v.args) ? v.args.map(String) : [];
    } else if (typeof v.url === 'string' || typeof v.serverUrl === 'string') {
      entry.url = (v.url ?? v.serverUrl) as string;
      entry.transport = v.type === 'sse' ? 'sse' : v.type === undefined || v.type === 'http' || v.type === 'streamable-http' ? 'http' : 'unknown';
    }
    entry.envNames = names(v.env);
    entry.headerNames = names(v.headers);
    if (v.disabled === true) entry.disabled = true;
  } else {
    if (v.type === 'local' && Array.isArray(v.command)) {
      entry.transport = 'stdio';
      const argv = v.command.map(String);
      if (argv[0] !== undefined) entry.command = argv[0];
      entry.args = argv.slice(1);
    } else if (v.type === 'remote' && typeof v.url === 'string') {
      entry.transport = 'http';
      entry.url = v.url;
    }
    entry.envNames = names(v.environment);
    entry.headerNames = names(v.headers);
    if (v.enabled === false || v.disabled === true) entry.disabled = true;
  }
  return entry;
}

/**
 * OpenCode V1 quirk: `mcp.servers` is V2's container, unless it is itself a V1 server that someone
 * named "servers" (scalar `type`/`enabled`, a `command` array or a `url`).
 */
export function looksLikeServer(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return typeof v.type === 'string' || typeof v.enabled === 'boolean' || Array.isArray(v.command) || typeof v.url === 'string';
}
