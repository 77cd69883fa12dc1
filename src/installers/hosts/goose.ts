// Goose (docs/host-facts.md "goose"; block/goose crates/goose/src/agents/extension.rs @01cad15f):
// one user file, `$XDG_CONFIG_HOME/goose/config.yaml` (macOS ~/.config/goose, Windows
// %APPDATA%\Block\goose\config), all moved by an absolute GOOSE_PATH_ROOT to `<root>/config/config.yaml`.
// No project file. `extensions` is a MAP keyed by the extension key, and each value repeats its key
// in `name`: `{name, type: stdio, cmd, args, envs, env_keys, enabled, timeout}` (GOOSE_STYLE).
// Windows spawning is unverified, so `cmd /c` (works either way).
import type { Detection, HostContext } from '../types.js';
import { evidence, probeVersion } from '../detect-util.js';
import type { HostRecord } from '../host-core.js';
import type { Place } from '../places.js';
import { GOOSE_STYLE } from '../shapes.js';
import { yamlCodec } from '../lazy-codecs.js';
import { pathApi, xdgConfigHome } from '../paths.js';

export const GOOSE_PLACE: Place = { path: ['extensions'], nameKey: 'name', style: GOOSE_STYLE };

function configDir(ctx: HostContext): string {
  const root = ctx.env.GOOSE_PATH_ROOT;
  if (root && pathApi(ctx).isAbsolute(root)) return pathApi(ctx).join(root, 'config');
  if (ctx.platform === 'win32') return pathApi(ctx).join(ctx.env.APPDATA ?? pathApi(ctx).join(ctx.home, 'AppData', 'Roaming'), 'Block', 'goose', 'config');
  return pathApi(ctx).join(xdgConfigHome(ctx), 'goose');
}

export const goose: HostRecord = {
  id: 'goose',
  displayName: 'Goose',
  codec: yamlCodec,
  skeleton: {},
  files(ctx, scope) {
    return scope === 'user' ? [pathApi(ctx).join(configDir(ctx), 'config.yaml')] : undefined;
  },
  async detect(ctx, options) {
    const probe = await probeVersion(ctx, 'goose', options);
    const found = await evidence(ctx, [configDir(ctx)]);
    const detection: Detection = { host: 'goose', detected: probe.found || found.length > 0, reasons: [probe.reason, ...found], diagnostics: [] };
    if (probe.version !== undefined) detection.version = probe.version;
    return detection;
  },
  places: () => ({ selected: GOOSE_PLACE, others: [], diagnostics: [] }),
};
