// Where each host keeps its servers, and how it reads them (shape, reference syntax, strictness).
// This is the part the v0.2 host catalog is meant to supply as data; until then it is this table.
// Listing the raw entries of a parsed file is pure.
import type { HostId } from '../installers/types.js';
import { toPointer } from '../installers/jsonc/pointer.js';
import type { EntryShape, RefSyntax } from './types.js';

export interface DoctorHostSpec {
  shape: EntryShape;
  syntax: RefSyntax;
  /** Parse as strict JSON: the host rejects a file with a comment (hosts.md §3.2). */
  strict: boolean;
  /** The host skips a `url` entry that has no `type` (Claude Code). */
  urlNeedsType: boolean;
}

export const DOCTOR_HOSTS: Readonly<Partial<Record<HostId, DoctorHostSpec>>> = {
  opencode: { shape: 'opencode', syntax: 'opencode', strict: false, urlNeedsType: false },
  'claude-code': { shape: 'mcp-servers', syntax: 'claude-code', strict: true, urlNeedsType: true },
  cursor: { shape: 'mcp-servers', syntax: 'cursor', strict: false, urlNeedsType: false },
  // SEP-2633's draft syntax, which is also patchbay's host-agnostic one.
  generic: { shape: 'mcp-servers', syntax: 'generic', strict: true, urlNeedsType: false },
};

export interface RawEntry {
  name: string;
  value: unknown;
  pointer: string;
}

type Obj = Record<string, unknown>;

function obj(value: unknown): Obj | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Obj) : undefined;
}

function membersAt(root: unknown, path: readonly string[], skip?: (name: string, value: unknown) => boolean): RawEntry[] {
  let node: unknown = root;
  for (const key of path) node = obj(node)?.[key];
  const container = obj(node);
  if (!container) return [];
  return Object.entries(container)
    .filter(([name, value]) => !skip?.(name, value))
    .map(([name, value]) => ({ name, value, pointer: toPointer([...path, name]) }));
}

/** Same rule as the OpenCode adapter: a member named `servers`/`timeout` is V2's, unless it looks like a server. */
function looksLikeServer(value: unknown): boolean {
  const v = obj(value);
  if (!v) return false;
  return typeof v.type === 'string' || typeof v.enabled === 'boolean' || Array.isArray(v.command) || typeof v.url === 'string';
}

/**
 * Every server entry of a parsed file. OpenCode: both V1 (`mcp.<name>`) and V2 (`mcp.servers.<name>`)
 * places, because OpenCode 1.18 reads both (hosts.md §2.7) and V2 reads V1's.
 */
export function rawEntries(shape: EntryShape, root: unknown): RawEntry[] {
  if (shape === 'mcp-servers') return membersAt(root, ['mcpServers']);
  const v1 = membersAt(root, ['mcp'], (name, value) => name.startsWith('$') || ((name === 'servers' || name === 'timeout') && !looksLikeServer(value)));
  const serversNode = obj(root) && obj(obj(root)?.mcp)?.servers;
  const v2 = looksLikeServer(serversNode) ? [] : membersAt(root, ['mcp', 'servers']);
  return [...v1, ...v2];
}

/** Claude Code's local scope: `projects[<abs project dir>].mcpServers` in ~/.claude.json. */
export function claudeLocalEntries(root: unknown, projectKey: string): RawEntry[] {
  return membersAt(root, ['projects', projectKey, 'mcpServers']);
}
