// OpenAI Codex CLI (docs/hosts.md §7, verified against 0.171.0; docs/host-facts.md "codex"):
// `$CODEX_HOME/config.toml` (default ~/.codex/config.toml) and a project `.codex/config.toml`, which
// Codex loads only when the user file has `[projects."<abs>"] trust_level = "trusted"` [RUN].
// `[mcp_servers.<name>]` tables; no `type`; no interpolation: env references become `env_vars`,
// `bearer_token_env_var` and `env_http_headers` (CODEX_STYLE). Windows: Rust's Command ignores
// PATHEXT, so `cmd /c npx …`.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { HostContext } from '../types.js';
import type { Place } from '../places.js';
import { CODEX_STYLE } from '../shapes.js';
import { tomlCodec } from '../lazy-codecs.js';
import { displayPath } from '../../display-path.js';
import { hostHome } from './home-dir.js';
import { tomlHost } from './toml-host.js';

export const CODEX_PLACE: Place = { path: ['mcp_servers'], style: CODEX_STYLE };

/** Is the project trusted in the user file? (A file that does not read is "not trusted": only a note.) */
async function codexTrust(ctx: HostContext): Promise<{ trusted: boolean; how: string }> {
  const userFile = path.join(hostHome(ctx, 'CODEX_HOME', '.codex'), 'config.toml');
  // The hint names no absolute path (answers show paths project-relative or ~/…, never the full one).
  const how = `open the project in Codex once and trust it, or add a [projects."<this project's absolute path>"] table with trust_level = "trusted" to ${displayPath(userFile, ctx)}`;
  await tomlCodec.ready?.(); // outside the try: a codec that fails to load is a broken install, not "untrusted"
  try {
    const doc = tomlCodec.parse(await readFile(userFile, 'utf8'), { path: userFile });
    return { trusted: doc.get(['projects', ctx.projectDir, 'trust_level']) === 'trusted', how };
  } catch {
    return { trusted: false, how };
  }
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
