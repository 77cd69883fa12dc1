// `status`: whether every managed server is current in the hosts recorded for it — the CI gate. Each
// server is checked on its own hosts and scope (docs/cli.md "Which hosts"); with nothing recorded,
// patchbay's own entry where a file holds one. A host binary on PATH alone is never drift, so the
// answer does not depend on the machine.
import { uniqueDiagnostics, type Diagnostic } from '../diagnostics.js';
import type { HostContext, HostId, HostReport, Scope } from '../installers/types.js';
import { PATCHBAY_VERSION } from '../version.js';
import { validateHosts } from './host-ids.js';
import { loadManifest } from './manifest/manifest.js';
import { selfSpec } from '../installers/entry.js';
import { SELF_SERVER_NAME } from '../installers/binding.js';
import { bindingFor, ownershipOf } from './servers/binding.js';
import { emptyRecords, readRecords, type Records } from './servers/records.js';
import { managedServers, selfServer, type RecordHome } from './servers/managed-set.js';
import { hostsOfServer } from './host-selection.js';
import { isSelfSpec } from './manifest/pin.js';

export type StatusSource = '--host' | 'patchbay.jsonc' | 'managed.json' | 'registered';

export interface StatusRequest {
  hosts?: readonly string[];
  scope?: Scope;
  opencodeVersion?: string;
  /** false: host versions are not reported, so host binaries are not run (DetectOptions.probeVersions). */
  probeVersions?: boolean;
  /** Where managed.json is (user-scope servers and the hashes of what patchbay wrote). */
  stateDir?: string;
}

/** One managed server's state in every checked host. */
export interface ServerStatus {
  name: string;
  label: string;
  scope: Scope;
  /** The hosts it is recorded in (narrowed to --host). */
  hosts: HostId[];
  /** Where its record is: patchbay.jsonc, managed.json, or nowhere (an entry 0.1/0.2 wrote unrecorded). */
  recordedIn: RecordHome | 'none';
  /** patchbay's own server (its package is patchbay's, whatever its name). */
  self: boolean;
  reports: HostReport[];
  current: boolean;
}

export interface StatusResult {
  source: StatusSource;
  hosts: HostId[];
  scope: Scope;
  /** The pin compared against: the manifest's, else this version. */
  version: string;
  /** patchbay's own server per host (what 0.1's status showed). */
  reports: HostReport[];
  /** Every server the manifest (or managed.json) lists, per host; patchbay's own included. */
  servers: ServerStatus[];
  /** Host and file diagnostics, once each. */
  diagnostics: Diagnostic[];
  /** Every checked host is current (also when none is checked). */
  current: boolean;
  /** A checked file does not parse or has the wrong shape. */
  malformed: boolean;
}

const DRIFT_STATES = new Set(['stale', 'foreign', 'other-dialect']);

/** A host is current when its target file holds our current entry and no file holds a conflicting one. */
export function hostIsCurrent(report: HostReport): boolean {
  const target = report.files.find((f) => f.target);
  if (!target || target.state !== 'current') return false;
  return !report.files.some((f) => DRIFT_STATES.has(f.state));
}

/**
 * Does any of this host's files hold patchbay's own entry (any version, any dialect)? A file that does
 * not parse cannot say, so it counts: status fails closed on it (exit 3) rather than look away.
 */
function holdsOurEntry(report: HostReport): boolean {
  return report.files.some((f) => f.servers.some((sv) => sv.managed) || (f.exists && f.diagnostics.some((d) => d.severity === 'error')));
}

export async function statusOf(ctx: HostContext, request: StatusRequest, malformedCodes: ReadonlySet<string>): Promise<StatusResult> {
  const { inspectHosts } = await import('../installers/index.js');
  const manifest = await loadManifest(ctx.projectDir);
  const records = request.stateDir === undefined ? emptyRecords() : await readRecords(request.stateDir);
  const managed = managedServers(manifest?.model ?? null, records, ctx.projectDir).filter((m) => request.scope === undefined || m.scope === request.scope);
  const version = (selfServer(managed)?.spec as { version?: string } | undefined)?.version ?? PATCHBAY_VERSION;
  const detect = {
    ...(request.opencodeVersion !== undefined ? { opencodeVersion: request.opencodeVersion } : {}),
    ...(request.probeVersions !== undefined ? { probeVersions: request.probeVersions } : {}),
  };
  const servers: ServerStatus[] = [];
  let source: StatusSource;
  let scope: Scope;
  if (managed.length > 0) {
    // Each server on its own hosts and scope (manifest v3): never a host the user did not choose for it.
    source = request.hosts !== undefined ? '--host' : managed.some((m) => m.home === 'manifest') ? 'patchbay.jsonc' : 'managed.json';
    scope = request.scope ?? managed[0]!.scope;
    for (const m of managed) {
      const hosts = hostsOfServer(m.hosts, request.hosts);
      if (hosts.length === 0) continue;
      const binding = bindingFor(m.name, m.spec, ownershipOf(m.name, records, true), ctx.env);
      const reports = await inspectHosts(ctx, { ...detect, scope: m.scope, version, hosts, binding });
      servers.push({ name: m.name, label: binding.label, scope: m.scope, hosts, recordedIn: m.home, self: isSelfSpec(m.spec), reports, current: reports.every(hostIsCurrent) });
    }
  } else {
    // Nothing recorded (0.1 and 0.2 recorded no init): patchbay's own entry, in --host or wherever a
    // file holds one. A host binary on PATH alone is never drift.
    scope = request.scope ?? manifest?.model.defaults.scope ?? 'project';
    const options = { ...detect, scope, version };
    const reports = request.hosts !== undefined
      ? await inspectHosts(ctx, { ...options, hosts: validateHosts(request.hosts) })
      : (await inspectHosts(ctx, options)).filter(holdsOurEntry);
    source = request.hosts !== undefined ? '--host' : 'registered';
    if (reports.length > 0) {
      const binding = bindingFor(SELF_SERVER_NAME, selfSpec(version), ownershipOf(SELF_SERVER_NAME, records, true), ctx.env);
      servers.push({ name: SELF_SERVER_NAME, label: binding.label, scope, hosts: reports.map((r) => r.host), recordedIn: 'none', self: true, reports, current: reports.every(hostIsCurrent) });
    }
  }
  const reports = servers.find((sv) => sv.self)?.reports ?? servers[0]?.reports ?? [];
  // A current project entry the host would not start yet (its approval, folder trust): an info note each.
  const consent = servers.some((sv) => sv.scope === 'project')
    ? await (await import('./consent-status.js')).consentNotesForStatus(ctx, servers)
    : [];
  const diagnostics = uniqueDiagnostics([...servers.flatMap((sv) => sv.reports.flatMap((r) => [...r.diagnostics, ...r.files.flatMap((f) => f.diagnostics)])), ...consent]);
  return {
    source,
    hosts: [...new Set(servers.flatMap((sv) => sv.hosts))],
    scope,
    version,
    reports,
    servers,
    diagnostics,
    current: servers.every((sv) => sv.current),
    malformed: diagnostics.some((d) => d.severity === 'error' && malformedCodes.has(d.code)),
  };
}
