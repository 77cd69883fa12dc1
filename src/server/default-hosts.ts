// The hosts `plan` previews when the caller names none: the same set the CLI command would use
// (src/cli/hosts.ts, init.ts, plan-command.ts), so the command line plan returns does what the
// preview showed. For init: the manifest's hosts, else the detected hosts that have a file at the
// scope (the generic host has no project file: a ~/.config/mcp folder must not make a project-scope
// plan refuse), else — when every detected host lacks one — the detected hosts, whose plan then
// says why. For migrate and uninstall: every host with a file at the scope, detected or not (a
// stale entry may sit in a host that is no longer installed).
// One difference, on purpose: with nothing detected and no manifest the CLI falls back to the
// generic host at user scope; the server answers `no-hosts` and says how to choose.
import type { Action, HostId, Scope } from '../installers/types.js';
import { HOST_IDS } from '../installers/types.js';
import type { ServerEnvironment } from './context.js';
import { detect, hostsSupportingScope, manifestHosts } from './sources.js';

export async function defaultHosts(environment: ServerEnvironment, action: Action, scope: Scope): Promise<HostId[]> {
  if (action !== 'init') return hostsSupportingScope(HOST_IDS, scope);
  const fromManifest = await manifestHosts(environment);
  if (fromManifest) return fromManifest;
  const detected = (await detect(environment)).filter((d) => d.detected).map((d) => d.host);
  const usable = await hostsSupportingScope(detected, scope);
  return usable.length > 0 ? usable : detected;
}
