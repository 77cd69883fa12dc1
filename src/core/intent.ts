// Policy: which hosts, which scope and which pin a command is about, when flags do not say it all.
// ONE place, so the CLI's init/status/migrate/uninstall and the MCP server's plan/check agree (the
// rules are in docs/cli.md). Everything is resolved from the Environment and the project manifest.
import { HOST_IDS } from '../installers/catalog-data.js';
import type { Detection, HostContext, HostId, Scope } from '../installers/types.js';
import { PATCHBAY_VERSION } from '../version.js';
import { loadManifest, type LoadedManifest } from './manifest/manifest.js';
import { pinnedVersion } from './manifest/pin.js';
import { validateHosts } from './host-ids.js';

export type CommandAction = 'init' | 'migrate' | 'uninstall';

/** Where the host list came from, for the one line that says so (and the --json `source`). */
export type HostSource = 'flag' | 'manifest' | 'detected' | 'fallback' | 'in-scope';

export interface IntentRequest {
  action: CommandAction;
  /** Explicit hosts (--host, the wizard's answer, an MCP `hosts` input); validated here. */
  hosts?: readonly string[];
  scope?: Scope;
  opencodeVersion?: string;
}

export interface Intent {
  action: CommandAction;
  hosts: HostId[];
  scope: Scope;
  /** The patchbay version to pin (init: the manifest's; migrate: this version). */
  version: string;
  source: HostSource;
  manifest: LoadedManifest | null;
  /** Detected hosts without a file at the scope, left out (and said so). */
  skipped: HostId[];
  detections: Detection[] | null;
  opencodeVersion?: string;
}

export async function resolveIntent(ctx: HostContext, request: IntentRequest): Promise<Intent> {
  const manifest = await loadManifest(ctx.projectDir);
  const explicit = request.hosts !== undefined ? validateHosts(request.hosts) : undefined;
  const { detectHosts, hostRecord, supportsScope } = await import('../installers/index.js');
  let scope: Scope = request.scope ?? manifest?.manifest.scope ?? 'project';
  let hosts: HostId[];
  let source: HostSource;
  let detections: Detection[] | null = null;
  const skipped: HostId[] = [];
  if (explicit) {
    hosts = explicit;
    source = 'flag';
  } else if (request.action !== 'init') {
    // migrate and uninstall: every host with a file at this scope. A stale or leftover entry may sit
    // in a host the manifest no longer lists.
    hosts = HOST_IDS.filter((h) => supportsScope(hostRecord(h), scope));
    source = 'in-scope';
  } else if (manifest) {
    hosts = manifest.manifest.hosts as HostId[];
    source = 'manifest';
  } else {
    detections = await detectHosts(ctx);
    const found = detections.filter((d) => d.detected).map((d) => d.host);
    if (found.length === 0) {
      // Nothing detected: the generic host, whose only file is the user's ~/.config/mcp/mcp.json.
      hosts = ['generic'];
      source = 'fallback';
      if (request.scope === undefined) scope = 'user';
    } else {
      const usable = found.filter((h) => supportsScope(hostRecord(h), scope));
      skipped.push(...found.filter((h) => !usable.includes(h)));
      hosts = usable.length > 0 ? usable : found;
      source = 'detected';
    }
  }
  const version = request.action === 'init' && manifest ? pinnedVersion(manifest.manifest) : PATCHBAY_VERSION;
  const intent: Intent = { action: request.action, hosts, scope, version, source, manifest, skipped, detections };
  if (request.opencodeVersion !== undefined) intent.opencodeVersion = request.opencodeVersion;
  return intent;
}

/** The exact command line a person runs to carry out this intent (the MCP `plan` answer's `command`). */
export function commandLine(intent: Pick<Intent, 'action' | 'hosts' | 'scope' | 'opencodeVersion'>, packageSpec: string): string {
  const parts = ['npx', '--yes', packageSpec, intent.action, '--yes', '--host', intent.hosts.join(','), '--scope', intent.scope];
  if (intent.opencodeVersion !== undefined) parts.push('--opencode-version', intent.opencodeVersion);
  return parts.join(' ');
}
