// Every server patchbay manages for a project, wherever it is recorded: the project's patchbay.jsonc
// (the lockfile), the state dir's managed.json for project-scope servers registered without one (the
// library, `init` in a project with no manifest) and for the user's own user-scope servers. Each server
// carries its own hosts and scope (manifest v3), so every command works server by server.
import type { HostId, Scope } from '../../installers/types.js';
import type { ServerSpec } from '../../servers/spec.js';
import type { LoadedManifest } from '../manifest/manifest.js';
import { isSelfSpec, type ManifestModel, type PlacedServer } from '../manifest/pin.js';
import { placedOf, recordedOf, type Records } from './records.js';

/** Where a server's record lives: the project's manifest, or patchbay's state dir. */
export type RecordHome = 'manifest' | 'state';

export interface ManagedServer extends PlacedServer {
  name: string;
  home: RecordHome;
}

/** The managed servers of a project, in order: the manifest's, the state dir's for this project, the user's. */
export function managedServers(manifest: ManifestModel | null, records: Records, projectDir: string): ManagedServer[] {
  const out: ManagedServer[] = [];
  for (const [name, placed] of Object.entries(manifest?.servers ?? {})) out.push({ name, ...placed, home: 'manifest' });
  for (const [name, recorded] of Object.entries(records.projects[projectDir]?.servers ?? {})) {
    // The manifest wins: a name it lists at project scope is the manifest's server.
    if (!out.some((m) => m.name === name && m.scope === 'project')) out.push({ name, ...placedOf(recorded, 'project'), home: 'state' });
  }
  for (const [name, recorded] of Object.entries(records.user.servers)) {
    if (!out.some((m) => m.name === name && m.scope === 'user')) out.push({ name, ...placedOf(recorded, 'user'), home: 'state' });
  }
  return out;
}

export function findManaged(servers: readonly ManagedServer[], name: string, scope?: Scope): ManagedServer[] {
  return servers.filter((m) => m.name === name && (scope === undefined || m.scope === scope));
}

/** patchbay's own server (the one whose package is patchbay's), at a scope; whatever its name. */
export function selfServer(servers: readonly ManagedServer[], scope?: Scope): ManagedServer | undefined {
  return servers.find((m) => isSelfSpec(m.spec) && (scope === undefined || m.scope === scope));
}

/** Writes a managed set back: manifest servers into the model, state ones into the records (in place). */
export function splitManaged(servers: readonly ManagedServer[], records: Records, projectDir: string): Record<string, PlacedServer> {
  const manifest: Record<string, PlacedServer> = {};
  const project: Records['projects'][string]['servers'] = {};
  const user: Records['user']['servers'] = {};
  for (const m of servers) {
    const placed: PlacedServer = { spec: m.spec, hosts: [...m.hosts], scope: m.scope };
    if (m.home === 'manifest') manifest[m.name] = placed;
    else if (m.scope === 'user') user[m.name] = recordedOf(placed);
    else project[m.name] = recordedOf(placed);
  }
  records.user.servers = user;
  if (Object.keys(project).length > 0) records.projects[projectDir] = { servers: project };
  else delete records.projects[projectDir];
  return manifest;
}

/** `name → spec` of managed servers (for summaries and the --json `servers` report). */
export function specsOf(servers: readonly ManagedServer[]): Record<string, ServerSpec> {
  return Object.fromEntries(servers.map((m) => [m.name, m.spec]));
}

/** The hosts of these servers, once each, in first-seen order. */
export function hostsOf(servers: readonly Pick<ManagedServer, 'hosts'>[]): HostId[] {
  return [...new Set(servers.flatMap((m) => m.hosts))];
}

export type { LoadedManifest };
