// The ONE rule for which hosts a command is about (docs/cli.md "Which hosts"), for every command and
// every face (CLI, MCP `plan`, library):
//  1. `--host` (the wizard's answer, an MCP or library `hosts` input): exactly those.
//  2. A server patchbay already manages: the hosts recorded with it (remove, update, sync, status;
//     `add --host` of a managed server adds hosts to it).
//  3. A new server (add, init): the manifest's default hosts, else the detected hosts that have a file
//     at the scope, else — nothing detected — the generic host's user file (the CLI), or no host (the
//     library, which reports `no-host` rather than write a file nobody asked for).
//  4. A sweep for leftovers of patchbay's own entry (migrate, uninstall): every host with a file at the scope.
import type { Detection, HostContext, HostId, Scope } from '../installers/types.js';
import { HOST_IDS } from '../installers/catalog-data.js';
import { validateHosts } from './host-ids.js';

/** Where a host list came from, for the one line that says so (and the --json `source`). */
export type HostSource = 'flag' | 'server' | 'manifest' | 'detected' | 'fallback' | 'in-scope';

export interface HostChoice {
  hosts: HostId[];
  scope: Scope;
  source: HostSource;
  /** Detected hosts without a file at the scope, left out (and said so). */
  skipped: HostId[];
  detections: Detection[] | null;
}

export interface NewServerHostsRequest {
  explicit?: readonly string[] | undefined;
  scope?: Scope | undefined;
  defaults: { hosts?: readonly HostId[]; scope?: Scope };
  /** Nothing detected: the generic host's user file (CLI), or no host at all (library). */
  fallback: 'generic' | 'none';
}

/** Rule 1 or 3: the hosts for a server patchbay does not manage yet. */
export async function hostsForNewServer(ctx: HostContext, request: NewServerHostsRequest): Promise<HostChoice> {
  const scope = request.scope ?? request.defaults.scope ?? 'project';
  if (request.explicit !== undefined) return { hosts: validateHosts(request.explicit), scope, source: 'flag', skipped: [], detections: null };
  if (request.defaults.hosts && request.defaults.hosts.length > 0) return { hosts: [...request.defaults.hosts], scope, source: 'manifest', skipped: [], detections: null };
  const { detectHosts, hostRecord, supportsScope } = await import('../installers/index.js');
  const detections = await detectHosts(ctx);
  const found = detections.filter((d) => d.detected).map((d) => d.host);
  if (found.length === 0) {
    if (request.fallback === 'none') return { hosts: [], scope, source: 'detected', skipped: [], detections };
    // The generic host has only a user file (~/.config/mcp/mcp.json): the fallback is user scope
    // unless a scope was asked for (then the plan says generic has no file there).
    return { hosts: ['generic'], scope: request.scope ?? request.defaults.scope ?? 'user', source: 'fallback', skipped: [], detections };
  }
  const usable = found.filter((h) => supportsScope(hostRecord(h), scope));
  return { hosts: usable.length > 0 ? usable : found, scope, source: 'detected', skipped: found.filter((h) => !usable.includes(h)), detections };
}

/** Rule 2 with rule 1 as a filter: a managed server's own hosts, narrowed to `--host` when given. */
export function hostsOfServer(recorded: readonly HostId[], explicit: readonly string[] | undefined): HostId[] {
  if (explicit === undefined) return [...recorded];
  const wanted = validateHosts(explicit);
  return recorded.filter((h) => wanted.includes(h));
}

/** Rule 4: every host with a file at the scope (or exactly `--host`). */
export async function sweepHosts(scope: Scope, explicit: readonly string[] | undefined): Promise<HostId[]> {
  if (explicit !== undefined) return validateHosts(explicit);
  const { hostRecord, supportsScope } = await import('../installers/index.js');
  return HOST_IDS.filter((h) => supportsScope(hostRecord(h), scope));
}
