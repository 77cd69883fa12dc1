// Claude Code (hosts.md §3): project `.mcp.json`, user `~/.claude.json` top-level `mcpServers`.
// Both are strict JSON: Claude Code rejects the whole file on a comment. `~/.claude.json` is large
// and holds unrelated state (projects, trust, history); only our key inside `mcpServers` is touched.
import { pathApi } from '../paths.js';
import type { Detection } from '../types.js';
import { evidence, probeVersion } from '../detect-util.js';
import type { HostRecord } from '../host-core.js';
import { jsonCodec } from '../jsonc/document.js';
import { CLAUDE_PLACE } from './mcp-servers-place.js';

export const claudeCode: HostRecord = {
  id: 'claude-code',
  displayName: 'Claude Code',
  codec: jsonCodec('strict'),
  skeleton: {},
  files(ctx, scope) {
    if (scope === 'project') return [pathApi(ctx).join(ctx.projectDir, '.mcp.json')];
    // CLAUDE_CONFIG_DIR moves the file (hosts.md §3.1).
    const dir = ctx.env.CLAUDE_CONFIG_DIR && pathApi(ctx).isAbsolute(ctx.env.CLAUDE_CONFIG_DIR) ? ctx.env.CLAUDE_CONFIG_DIR : ctx.home;
    return [pathApi(ctx).join(dir, '.claude.json')];
  },
  async detect(ctx, options) {
    const probe = await probeVersion(ctx, 'claude', options);
    // A project `.mcp.json` is evidence too: someone here already uses Claude Code's project file.
    const found = await evidence(ctx, [pathApi(ctx).join(ctx.home, '.claude'), pathApi(ctx).join(ctx.home, '.claude.json'), pathApi(ctx).join(ctx.projectDir, '.mcp.json')]);
    const detection: Detection = { host: 'claude-code', detected: probe.found || found.length > 0, reasons: [probe.reason, ...found], diagnostics: [] };
    if (probe.version !== undefined) detection.version = probe.version;
    return detection;
  },
  places: () => ({ selected: CLAUDE_PLACE, others: [], diagnostics: [] }),
};
