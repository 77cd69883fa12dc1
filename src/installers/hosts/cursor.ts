// Cursor (hosts.md §4): `.cursor/mcp.json` and `~/.cursor/mcp.json`. Whether Cursor tolerates JSONC is
// unverified, so existing comments and trailing commas are parsed tolerantly and kept (they are the
// user's), while what patchbay writes is always strict JSON and never adds a trailing comma.
import { pathApi } from '../paths.js';
import type { Detection } from '../types.js';
import { evidence, probeVersion } from '../detect-util.js';
import type { HostRecord } from '../host-core.js';
import { jsonCodec } from '../jsonc/document.js';
import { CURSOR_PLACE } from './mcp-servers-place.js';

export const cursor: HostRecord = {
  id: 'cursor',
  displayName: 'Cursor',
  codec: jsonCodec('jsonc'),
  skeleton: {},
  files(ctx, scope) {
    return [pathApi(ctx).join(scope === 'project' ? ctx.projectDir : ctx.home, '.cursor', 'mcp.json')];
  },
  async detect(ctx, options) {
    // `cursor --version` prints VS Code's three lines; the first is the version.
    const probe = await probeVersion(ctx, 'cursor', options);
    // The project's own `.cursor` folder is evidence as well as the user's.
    const found = await evidence(ctx, [pathApi(ctx).join(ctx.home, '.cursor'), pathApi(ctx).join(ctx.projectDir, '.cursor')]);
    const detection: Detection = { host: 'cursor', detected: probe.found || found.length > 0, reasons: [probe.reason, ...found], diagnostics: [] };
    if (probe.version !== undefined) detection.version = probe.version;
    return detection;
  },
  places: () => ({ selected: CURSOR_PLACE, others: [], diagnostics: [] }),
};
