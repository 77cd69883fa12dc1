// Continue (docs/host-facts.md "continue"; continuedev/continue packages/config-yaml/src/schemas,
// core/config/yaml/loadYaml.ts @d0a3c0b6). User: `~/.continue/config.yaml` (CONTINUE_GLOBAL_DIR moves
// ~/.continue), a whole assistant file (`name` and `version` required) whose `mcpServers` is a LIST of
// `{name, command, args, env}`. References: `${{ secrets.NAME }}`. Windows: Continue wraps batch
// commands in `cmd.exe /c` itself, so no wrapper.
//
// Project scope — decision: Continue loads no workspace config.yaml; it loads BLOCK files, one server
// each: `.continue/mcpServers/<file>.yaml` = `{name, version, schema: v1, mcpServers: [one entry]}`.
// So the project "file" of a server is its own block, `.continue/mcpServers/<server>.yaml`: install
// creates it whole (skeleton named after the server + the one entry), uninstall removes the entry and,
// the file then being exactly that skeleton, deletes it. A block already holding another server is
// refused (`invalid-shape`: a block takes one), and a hand-written block of our name is foreign.
import { pathApi } from '../paths.js';
import type { Detection, HostContext, Scope } from '../types.js';
import { evidence, probeVersion } from '../detect-util.js';
import type { HostRecord } from '../host-core.js';
import type { Place } from '../places.js';
import { CONTINUE_STYLE } from '../shapes.js';
import { yamlCodec } from '../lazy-codecs.js';
import { hostHome } from './home-dir.js';

export const CONTINUE_PLACE: Place = { path: ['mcpServers'], kind: 'list', style: CONTINUE_STYLE };
export const CONTINUE_BLOCK_PLACE: Place = { ...CONTINUE_PLACE, single: true };

/** The block's file name: the server name, with anything a file name should not hold replaced. */
export function blockFileName(server: string): string {
  return `${server.replace(/[^A-Za-z0-9._-]/g, '-').replace(/^\.+/, '-')}.yaml`;
}

const globalDir = (ctx: HostContext) => hostHome(ctx, 'CONTINUE_GLOBAL_DIR', '.continue');

const USER_SKELETON = { name: 'Local Config', version: '1.0.0', schema: 'v1' };

export const continueHost: HostRecord = {
  id: 'continue',
  displayName: 'Continue',
  codec: yamlCodec,
  skeleton: USER_SKELETON,
  skeletonFor: (server: string, scope: Scope) => (scope === 'project' ? { name: server, version: '0.0.1', schema: 'v1' } : USER_SKELETON),
  files(ctx, scope, server) {
    const block = server === undefined ? '<name>.yaml' : blockFileName(server);
    return [scope === 'project' ? pathApi(ctx).join(ctx.projectDir, '.continue', 'mcpServers', block) : pathApi(ctx).join(globalDir(ctx), 'config.yaml')];
  },
  async detect(ctx, options) {
    const probe = await probeVersion(ctx, 'cn', options);
    const found = await evidence(ctx, [globalDir(ctx), pathApi(ctx).join(ctx.projectDir, '.continue')]);
    const detection: Detection = { host: 'continue', detected: probe.found || found.length > 0, reasons: [probe.reason, ...found], diagnostics: [] };
    if (probe.version !== undefined) detection.version = probe.version;
    return detection;
  },
  places: (_ctx, _detection, _options, scope) => ({ selected: scope === 'project' ? CONTINUE_BLOCK_PLACE : CONTINUE_PLACE, others: [], diagnostics: [] }),
};
