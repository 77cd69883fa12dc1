// Mistral Vibe 2.18 (docs/host-facts.md "mistral-vibe"; mistralai/mistral-vibe vibe/core/config/
// models.py @ac8f1a09): `$VIBE_HOME/config.toml` (default ~/.vibe), project `.vibe/config.toml`, used
// only in trusted folders ($VIBE_HOME/trusted_folders.toml). Servers are an ARRAY of tables
// `[[mcp_servers]]`, each found by its `name`; `transport` is required. The entry is appended as one
// `[[mcp_servers]]` block and removed as that block. Vibe itself rewrites the file with tomli_w
// (losing comments); patchbay does not.
import path from 'node:path';
import type { Place } from '../places.js';
import { VIBE_STYLE } from '../shapes.js';
import { displayPath } from '../../display-path.js';
import { hostHome } from './home-dir.js';
import { tomlHost } from './toml-host.js';

export const VIBE_PLACE: Place = { path: ['mcp_servers'], kind: 'list', nameKey: 'name', style: VIBE_STYLE };

export const mistralVibe = tomlHost({
  id: 'mistral-vibe',
  displayName: 'Mistral Vibe',
  binary: 'vibe',
  home: { variable: 'VIBE_HOME', dir: '.vibe' },
  projectDir: '.vibe',
  place: VIBE_PLACE,
  // Not read back: the trusted_folders.toml format was not verified, so the note is always given.
  projectTrust: async (ctx) => ({
    trusted: 'unknown',
    how: `trust the folder when Vibe asks (it records it in ${displayPath(path.join(hostHome(ctx, 'VIBE_HOME', '.vibe'), 'trusted_folders.toml'), ctx)})`,
  }),
});
