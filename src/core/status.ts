// `status`: which hosts to check and whether each is current — the CI gate. The rule (docs/cli.md):
// explicit hosts, else exactly the manifest's, else exactly the hosts whose files hold a patchbay
// entry. A host binary on PATH alone is never drift, so the answer does not depend on the machine.
import type { Diagnostic } from '../diagnostics.js';
import type { HostContext, HostId, HostReport, Scope } from '../installers/types.js';
import { PATCHBAY_VERSION } from '../version.js';
import { validateHosts } from './host-ids.js';
import { loadManifest } from './manifest/manifest.js';
import { manifestServers, pinnedVersion } from './manifest/pin.js';
import { readFile } from 'node:fs/promises';
import type { ServerSpec } from '../servers/spec.js';
import { selfSpec } from '../installers/entry.js';
import { selfBinding, type ServerBinding } from '../installers/binding.js';
import { selfEnv } from '../installers/self-env.js';
import { managedBinding } from './servers/binding.js';
import { parseRecords, recordsPath, type Records } from './servers/records.js';

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
  return report.files.some((f) => f.servers.some((sv) => sv.name === 'patchbay' && sv.managed) || (f.exists && f.diagnostics.some((d) => d.severity === 'error')));
}

export async function statusOf(ctx: HostContext, request: StatusRequest, malformedCodes: ReadonlySet<string>): Promise<StatusResult> {
  const { inspectHosts } = await import('../installers/index.js');
  const manifest = await loadManifest(ctx.projectDir);
  const scope = request.scope ?? manifest?.manifest.scope ?? 'project';
  const version = manifest ? pinnedVersion(manifest.manifest) : PATCHBAY_VERSION;
  const options = {
    scope,
    version,
    ...(request.opencodeVersion !== undefined ? { opencodeVersion: request.opencodeVersion } : {}),
    ...(request.probeVersions !== undefined ? { probeVersions: request.probeVersions } : {}),
  };
  const records = scope === 'user' || manifest ? await readRecords(request.stateDir) : null;
  // What is managed here: the manifest's servers (project), managed.json's (user), else patchbay's own.
  const managed: Record<string, ServerSpec> = scope === 'project' && manifest
    ? manifestServers(manifest.manifest)
    : scope === 'user' && records && Object.keys(records.user.servers).length > 0 ? { ...records.user.servers } : { patchbay: selfSpec(version) };
  let source: StatusSource;
  let hosts: HostId[];
  /** With no host list to go by, every host is inspected once for patchbay's own entry. */
  let registered: HostReport[] | undefined;
  if (request.hosts !== undefined || manifest || (scope === 'user' && records && records.user.hosts.length > 0)) {
    hosts = request.hosts !== undefined ? validateHosts(request.hosts) : manifest ? (manifest.manifest.hosts as HostId[]) : (records?.user.hosts ?? []);
    source = request.hosts !== undefined ? '--host' : manifest ? 'patchbay.jsonc' : 'managed.json';
  } else {
    registered = (await inspectHosts(ctx, options)).filter(holdsOurEntry);
    hosts = registered.map((r) => r.host);
    source = 'registered';
  }
  const servers: ServerStatus[] = [];
  for (const [name, spec] of Object.entries(managed)) {
    const binding = bindingOf(ctx, name, spec, records);
    // That first pass checked patchbay's own entry at this very version (inspectHosts' default
    // binding): its reports are this server's, and reading and parsing every file again would double
    // the cost of a plain `patchbay status`.
    const reports = hosts.length === 0
      ? []
      : registered !== undefined && name === 'patchbay' && 'npm' in spec && spec.version === version
        ? registered
        : await inspectHosts(ctx, { ...options, hosts, binding });
    servers.push({ name, label: binding.label, reports, current: reports.every(hostIsCurrent) });
  }
  const reports = servers.find((s) => s.name === 'patchbay')?.reports ?? servers[0]?.reports ?? [];
  const diagnostics = dedupe(servers.flatMap((sv) => sv.reports.flatMap((r) => [...r.diagnostics, ...r.files.flatMap((f) => f.diagnostics)])));
  return {
    source,
    hosts,
    scope,
    version,
    reports,
    servers,
    diagnostics,
    current: servers.every((sv) => sv.current),
    malformed: diagnostics.some((d) => d.severity === 'error' && malformedCodes.has(d.code)),
  };
}

/**
 * The binding a managed server is checked with: patchbay's own (with its self env), or the spec's.
 * `managed: false` for hosts the server is not written to: a same-name entry there is foreign.
 */
export function bindingOf(ctx: HostContext, name: string, spec: ServerSpec, records: Records | null, managed = true): ServerBinding {
  if (name === 'patchbay' && 'npm' in spec) return selfBinding(spec.version, selfEnv(ctx.env));
  return managedBinding(name, spec, { managed, hashes: Object.fromEntries(Object.entries(records?.entries ?? {}).map(([f, byName]) => [f, byName[name]])) });
}

export async function readRecords(stateDir: string | undefined): Promise<Records | null> {
  if (stateDir === undefined) return null;
  return parseRecords(await readFile(recordsPath(stateDir), 'utf8').catch(() => null));
}

/** Diagnostics once each (a host reports a file's problem at the file and at the host level). */
export function dedupe<T extends Diagnostic>(diagnostics: readonly T[]): T[] {
  const seen = new Set<string>();
  return diagnostics.filter((d) => {
    const key = JSON.stringify([d.code, d.path, d.line, d.column, d.message]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
