// Grok Build (docs/host-facts.md "grok"): `$GROK_HOME/config.toml` (default ~/.grok), project
// `.grok/config.toml`, Codex-like `[mcp_servers.<name>]` with `command`, `args`, `[….env]`. Known from
// one real project file (fixtures/corpus/grok/001) and the rivals' catalogs only: UNVERIFIED beyond
// that, so GROK_STYLE writes nothing else (no references: they fail closed), and Windows gets `cmd /c`.
import type { Place } from '../places.js';
import { GROK_STYLE } from '../shapes.js';
import { tomlHost } from './toml-host.js';

export const GROK_PLACE: Place = { path: ['mcp_servers'], style: GROK_STYLE };

export const grok = tomlHost({
  id: 'grok',
  displayName: 'Grok',
  binary: 'grok',
  home: { variable: 'GROK_HOME', dir: '.grok' },
  projectDir: '.grok',
  place: GROK_PLACE,
});
