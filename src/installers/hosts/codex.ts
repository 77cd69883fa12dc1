// OpenAI Codex CLI (docs/hosts.md §7, verified against 0.171.0; docs/host-facts.md "codex"):
// `$CODEX_HOME/config.toml` (default ~/.codex/config.toml) and a project `.codex/config.toml`, which
// Codex loads only when the user file has `[projects."<abs>"] trust_level = "trusted"` [RUN].
// `[mcp_servers.<name>]` tables; no `type`; no interpolation: env references become `env_vars`,
// `bearer_token_env_var` and `env_http_headers` (CODEX_STYLE). Windows: Rust's Command ignores
// PATHEXT, so `cmd /c npx …`.
import type { HostContext } from '../types.js';
import type { Place } from '../places.js';
import { CODEX_STYLE } from '../shapes.js';
import { ConsentReader } from '../trust.js';
import { TRUST_FACTS } from '../trust-facts.js';
import { tomlHost } from './toml-host.js';

export const CODEX_PLACE: Place = { path: ['mcp_servers'], style: CODEX_STYLE };

/**
 * Is the project trusted? The one fact (trust-facts.ts `codex`), evaluated by trust.ts, so `status`'s
 * note and doctor's verdict cannot disagree. A file that does not read is "not trusted": only a note.
 */
async function codexTrust(ctx: HostContext): Promise<{ trusted: boolean; how: string }> {
  const trust = TRUST_FACTS.codex;
  const consent = await new ConsentReader(ctx).consent({ displayName: 'Codex', trust }, { name: '', scope: 'project', entry: undefined });
  return { trusted: consent.state === 'consented', how: trust?.how ?? '' };
}

export const codex = tomlHost({
  id: 'codex',
  displayName: 'Codex',
  binary: 'codex',
  home: { variable: 'CODEX_HOME', dir: '.codex' },
  projectDir: '.codex',
  place: CODEX_PLACE,
  projectTrust: codexTrust,
});
