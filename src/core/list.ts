// `patchbay list` and the MCP server's `list_servers`: every server entry in every host file, managed
// or not, and for each one patchbay manages its state against what the manifest (project) or
// managed.json (user) says — the same classification `status` uses, per host file.
import type { HostContext, HostId, FileReport, Scope, ServerEntry } from '../installers/types.js';
import { PATCHBAY_VERSION } from '../version.js';
import { loadManifest } from './manifest/manifest.js';
import { bindingFor, ownershipOf } from './servers/binding.js';
import { emptyRecords, readRecords } from './servers/records.js';
import { managedServers, selfServer } from './servers/managed-set.js';

export interface ListRequest {
  scope?: Scope;
  hosts?: readonly HostId[];
  /** Where managed.json is (user-scope servers, and the hashes of what patchbay wrote). */
  stateDir?: string;
}

export interface ListedServer {
  entry: ServerEntry;
  file: FileReport;
  /** Listed in the manifest / managed.json (and not a same-name entry patchbay did not write), or patchbay's own. */
  managed: boolean;
  /** For a managed server: its state in this file (current, stale, modified, …); else `unmanaged`. */
  state: string;
  /** The exact version the entry pins (npm servers and patchbay's own). */
  pin?: string;
  /** A managed server installed by name from an MCP registry: `io.github.org/name@1.2.3`. */
  registry?: string;
}

export interface ListResult {
  servers: ListedServer[];
  /** Every host file inspected, with or without servers (its diagnostics: a file that does not parse). */
  files: FileReport[];
}

export async function listServers(ctx: HostContext, request: ListRequest): Promise<ListResult> {
  const { inspectHosts, HOST_IDS, hostRecord, supportsScope } = await import('../installers/index.js');
  const manifest = await loadManifest(ctx.projectDir);
  const records = request.stateDir === undefined ? emptyRecords() : await readRecords(request.stateDir);
  const all = managedServers(manifest?.model ?? null, records, ctx.projectDir);
  const version = (selfServer(all)?.spec as { version?: string } | undefined)?.version ?? PATCHBAY_VERSION;
  const scopes: Scope[] = request.scope ? [request.scope] : ['project', 'user'];
  const out: ListedServer[] = [];
  const files: FileReport[] = [];
  for (const scope of scopes) {
    const options = { scope, version, ...(request.hosts ? { hosts: [...request.hosts] } : {}) };
    const allHosts = request.hosts ?? HOST_IDS.filter((h) => supportsScope(hostRecord(h), scope));
    // Per managed name: its state in each file (path → file report for that server's binding).
    const stateByName = new Map<string, Map<string, FileReport>>();
    const registryOf = new Map<string, string>();
    for (const m of all.filter((s) => s.scope === scope)) {
      if (m.spec.registry) registryOf.set(m.name, `${m.spec.registry.name}@${m.spec.registry.version}`);
      // Its own hosts first: elsewhere a same-name entry is someone else's (foreign, not managed).
      const ours = allHosts.filter((h) => m.hosts.includes(h));
      const others = allHosts.filter((h) => !m.hosts.includes(h));
      const reports = [
        ...(ours.length ? await inspectHosts(ctx, { ...options, hosts: ours, binding: bindingFor(m.name, m.spec, ownershipOf(m.name, records, true), ctx.env) }) : []),
        ...(others.length ? await inspectHosts(ctx, { ...options, hosts: others, binding: bindingFor(m.name, m.spec, ownershipOf(m.name, records, false), ctx.env) }) : []),
      ];
      // A file two hosts share (Claude Code's .mcp.json is Copilot CLI's too): a managed host's view wins.
      const byPath = new Map<string, FileReport>();
      for (const f of reports.flatMap((r) => r.files)) if (!byPath.has(f.path)) byPath.set(f.path, f);
      stateByName.set(m.name, byPath);
    }
    for (const report of await inspectHosts(ctx, options)) {
      for (const file of report.files) {
        files.push(file);
        for (const entry of file.servers) {
          const mine = stateByName.get(entry.name)?.get(file.path);
          // An entry of patchbay's own package proves by its argv who wrote it, recorded or not (0.1, 0.2).
          const provenOurs = entry.managed;
          const state = mine ? mine.state : provenOurs ? file.state : 'unmanaged';
          const pin = mine?.pin ?? entry.pin;
          const managed = (mine !== undefined && mine.state !== 'foreign') || provenOurs;
          const registry = managed && mine !== undefined ? registryOf.get(entry.name) : undefined;
          out.push({ entry, file, managed, state, ...(pin !== undefined ? { pin } : {}), ...(registry !== undefined ? { registry } : {}) });
        }
      }
    }
  }
  return { servers: out, files };
}
