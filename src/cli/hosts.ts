// The CLI's bridge to the core: the host context of this session, and the words for a chosen host.
import { createHostContext } from '../installers/index.js';
import type { Detection, HostContext, HostId } from '../installers/types.js';
import type { HostSource } from '../core/host-selection.js';
import type { Session } from './session.js';

export function hostContext(session: Session): HostContext {
  const { projectDir, env, home, platform } = session.environment;
  return createHostContext({ projectDir, env: { ...env }, home, platform });
}

/** "opencode (`opencode --version` printed 1.18.33)" for one chosen host. */
export function describeChoice(host: HostId, list: readonly Detection[] | null): string {
  const detection = list?.find((d) => d.host === host);
  if (!detection || !detection.detected || detection.reasons.length === 0) return host;
  return `${host} (${detection.reasons.join('; ')})`;
}

/** How a host list was chosen, in the words of the line that says so. */
export const SOURCE_WORDS: Record<HostSource, string> = {
  flag: 'from --host',
  server: 'as recorded',
  manifest: 'from patchbay.jsonc',
  detected: 'detected',
  fallback: 'no host detected, so patchbay falls back to the generic user file $XDG_CONFIG_HOME/mcp/mcp.json',
  'in-scope': 'every host with a file at this scope',
};
