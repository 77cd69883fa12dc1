// How the CLI picks hosts, scope and pin when flags do not say: flags first, then the project manifest,
// then detection. One place, so init, status, migrate and uninstall agree (documented in docs/cli.md).
import { createHostContext, detectHosts, hostRecord, supportsScope } from '../installers/index.js';
import type { Detection, HostContext, HostId, Scope } from '../installers/types.js';
import { PATCHBAY_VERSION } from '../version.js';
import { loadManifest, type LoadedManifest } from './manifest.js';
import { pinnedVersion } from './manifest-pin.js';
import type { Session } from './session.js';

export function hostContext(session: Session): HostContext {
  return createHostContext({ projectDir: session.args.projectDir, env: session.env, home: session.home });
}

export interface Selection {
  ctx: HostContext;
  manifest: LoadedManifest | null;
  /** Filled when detection ran (it runs only when needed). */
  detections: Detection[] | null;
}

export async function loadSelection(session: Session): Promise<Selection> {
  const manifest = await loadManifest(session.args.projectDir);
  return { ctx: hostContext(session), manifest, detections: null };
}

export async function detections(selection: Selection): Promise<Detection[]> {
  const cached = selection.detections ?? (await detectHosts(selection.ctx));
  selection.detections = cached;
  return cached;
}

export function detectedIds(list: readonly Detection[]): HostId[] {
  return list.filter((d) => d.detected).map((d) => d.host);
}

/** --scope, else the manifest's, else project. */
export function defaultScope(session: Session, selection: Selection): Scope {
  return session.args.scope ?? selection.manifest?.manifest.scope ?? 'project';
}

/** The pin to write and compare against: the manifest's when there is one, else this version. */
export function pinVersion(selection: Selection): string {
  return selection.manifest ? pinnedVersion(selection.manifest.manifest) : PATCHBAY_VERSION;
}

/** "opencode (`opencode --version` printed 1.18.33)" for one chosen host. */
export function describeChoice(host: HostId, list: readonly Detection[] | null): string {
  const detection = list?.find((d) => d.host === host);
  if (!detection || !detection.detected || detection.reasons.length === 0) return host;
  return `${host} (${detection.reasons.join('; ')})`;
}

/** Hosts that have a file at this scope (generic has no project file). */
export function supportingScope(hosts: readonly HostId[], scope: Scope): HostId[] {
  return hosts.filter((h) => supportsScope(hostRecord(h), scope));
}
