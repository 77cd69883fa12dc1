// `status`: which hosts to check and whether each is current — the CI gate. The rule (docs/cli.md):
// explicit hosts, else exactly the manifest's, else exactly the hosts whose files hold a patchbay
// entry. A host binary on PATH alone is never drift, so the answer does not depend on the machine.
import type { Diagnostic } from '../diagnostics.js';
import type { HostContext, HostId, HostReport, Scope } from '../installers/types.js';
import { PATCHBAY_VERSION } from '../version.js';
import { validateHosts } from './host-ids.js';
import { loadManifest } from './manifest/manifest.js';
import { pinnedVersion } from './manifest/pin.js';

export type StatusSource = '--host' | 'patchbay.jsonc' | 'registered';

export interface StatusRequest {
  hosts?: readonly string[];
  scope?: Scope;
  opencodeVersion?: string;
}

export interface StatusResult {
  source: StatusSource;
  hosts: HostId[];
  scope: Scope;
  /** The pin compared against: the manifest's, else this version. */
  version: string;
  reports: HostReport[];
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
  const options = { scope, version, ...(request.opencodeVersion !== undefined ? { opencodeVersion: request.opencodeVersion } : {}) };
  let source: StatusSource;
  let reports: HostReport[];
  if (request.hosts !== undefined || manifest) {
    const hosts = request.hosts !== undefined ? validateHosts(request.hosts) : (manifest?.manifest.hosts as HostId[]);
    source = request.hosts !== undefined ? '--host' : 'patchbay.jsonc';
    reports = await inspectHosts(ctx, { hosts, ...options });
  } else {
    reports = (await inspectHosts(ctx, options)).filter(holdsOurEntry);
    source = 'registered';
  }
  const diagnostics = dedupe(reports.flatMap((r) => [...r.diagnostics, ...r.files.flatMap((f) => f.diagnostics)]));
  return {
    source,
    hosts: reports.map((r) => r.host),
    scope,
    version,
    reports,
    diagnostics,
    current: reports.every(hostIsCurrent),
    malformed: diagnostics.some((d) => d.severity === 'error' && malformedCodes.has(d.code)),
  };
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
