// The generic host (hosts.md §11): `$XDG_CONFIG_HOME/mcp/mcp.json` (default ~/.config/mcp/mcp.json),
// the user-global file of pi-mcp-adapter and others, strict JSON with `mcpServers`. User scope only:
// the de-facto project file `.mcp.json` belongs to Claude Code's adapter.
import type { Detection } from '../types.js';
import { evidence } from '../detect-util.js';
import type { HostRecord } from '../host-core.js';
import { jsonCodec } from '../jsonc/document.js';
import { pathApi, xdgConfigHome } from '../paths.js';
import { GENERIC_PLACE } from './mcp-servers-place.js';

export const generic: HostRecord = {
  id: 'generic',
  displayName: 'generic mcp.json',
  codec: jsonCodec('strict'),
  skeleton: {},
  files(ctx, scope) {
    return scope === 'user' ? [pathApi(ctx).join(xdgConfigHome(ctx), 'mcp', 'mcp.json')] : undefined;
  },
  async detect(ctx) {
    const found = await evidence(ctx, [pathApi(ctx).join(xdgConfigHome(ctx), 'mcp')]);
    const reasons = found.length > 0 ? found : ['no mcp folder in the config home (there is no binary to probe)'];
    const detection: Detection = { host: 'generic', detected: found.length > 0, reasons, diagnostics: [] };
    return detection;
  },
  places: () => ({ selected: GENERIC_PLACE, others: [], diagnostics: [] }),
};
