// `patchbay list` and the MCP server's `list_servers`: every server entry in every host file, managed
// or not, and for each one patchbay manages its state against what the manifest (project) or
// managed.json (user) says — the same classification `status` uses, per host file.
import type { HostContext, HostId, FileReport, Scope, ServerEntry } from '../installers/types.js';
import { PATCHBAY_VERSION } from '../version.js';
import { loadManifest } from './manifest/manifest.js';
import { manifestServers, pinnedVersion } from './manifest/pin.js';
import { bindingOf, readRecords } from './status.js';
import type { ServerSpec } from '../servers/spec.js';

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
}

export interface ListResult {
  servers: ListedServer[];
  /** Every host file inspected, with or without servers (its diagnostics: a file that does not parse). */
  files: FileReport[];
}

export async function listServers(ctx: HostContext, request: ListRequest): Promise<ListResult> {
  const { inspectHosts, HOST_IDS, hostRecord, supportsScope } = await import('../installers/index.js');
  const manifest = await loadManifest(ctx.projectDir);
  const records = await readRecords(request.stateDir);
  const version = manifest ? pinnedVersion(manifest.manifest) : PATCHBAY_VERSION;
  const scopes: Scope[] = request.scope ? [request.scope] : ['project', 'user'];
  const out: ListedServer[] = [];
  const files: FileReport[] = [];
  for (const scope of scopes) {
    const options = { scope, version, ...(request.hosts ? { hosts: [...request.hosts] } : {}) };
    const managed: Record<string, ServerSpec> = scope === 'project'
      ? (manifest ? manifestServers(manifest.manifest) : {})
      : { ...(records?.user.servers ?? {}) };
    // The hosts patchbay writes these servers to; elsewhere a same-name entry is someone else's.
    const managedHosts = new Set(scope === 'project' ? (manifest?.manifest.hosts ?? []) : (records?.user.hosts ?? []));
    // Per managed name: its state in each file (path → file report for that server's binding).
    const stateByName = new Map<string, Map<string, FileReport>>();
    const allHosts = request.hosts ?? HOST_IDS.filter((h) => supportsScope(hostRecord(h), scope));
    const ours = allHosts.filter((h) => managedHosts.has(h));
    const others = allHosts.filter((h) => !managedHosts.has(h));
    for (const [name, spec] of Object.entries(managed)) {
      const reports = [
        ...(ours.length ? await inspectHosts(ctx, { ...options, hosts: ours, binding: bindingOf(ctx, name, spec, records) }) : []),
        ...(others.length ? await inspectHosts(ctx, { ...options, hosts: others, binding: bindingOf(ctx, name, spec, records, false) }) : []),
      ];
      // A file two hosts share (Claude Code's .mcp.json is Copilot CLI's too): a managed host's view wins.
      const byPath = new Map<string, FileReport>();
      for (const f of reports.flatMap((r) => r.files)) if (!byPath.has(f.path)) byPath.set(f.path, f);
      stateByName.set(name, byPath);
    }
    for (const report of await inspectHosts(ctx, options)) {
      for (const file of report.files) {
        files.push(file);
        for (const entry of file.servers) {
          const mine = stateByName.get(entry.name)?.get(file.path);
          const isSelf = entry.name === 'patchbay' && entry.managed;
          const state = mine ? mine.state : isSelf ? file.state : 'unmanaged';
          const pin = mine?.pin ?? entry.pin;
          out.push({ entry, file, managed: (mine !== undefined && mine.state !== 'foreign') || isSelf, state, ...(pin !== undefined ? { pin } : {}) });
        }
      }
    }
  }
  return { servers: out, files };
}
