// OpenCode (hosts.md §2): JSONC everywhere, two dialects. V1 (>=1.18.29 <2) keeps servers in
// `mcp.<name>` with `enabled`; V2 (>=2 <3) in `mcp.servers.<name>` with `disabled`. The dialect comes
// from `--opencode-version` (no probe at all) or one `opencode --version` probe; no binary means V2.
//
// Decision (init with our entry in the other dialect's place, state `other-dialect`): SPEC says that
// entry is left untouched, so init adds the selected dialect's entry next to it and warns, naming
// `patchbay migrate`, which moves it. V1 normalizes both shapes to the same server, so the two do not
// conflict in the meantime.
// semver's own files, not its index: the index is every function and range helper (~50 KB in the
// engine chunk every command compiles), and this needs two (issue 25).
import satisfies from 'semver/functions/satisfies.js';
import valid from 'semver/functions/valid.js';
import type { Diagnostic } from '../../diagnostics.js';
import type { Detection, HostContext, OpenCodeDialect } from '../types.js';
import { evidence, probeVersion } from '../detect-util.js';
import { looksLikeServer, type Place } from '../places.js';
import { OPENCODE_SCHEMA_URL, recognize } from '../entry.js';
import { OPENCODE_V1_STYLE, OPENCODE_V2_STYLE } from '../shapes.js';
import { PlanningOverlay } from '../document/overlay.js';
import { displayPath } from '../../display-path.js';
import type { DetectOptions, HostRecord } from '../host-core.js';
import { jsonCodec } from '../jsonc/document.js';
import { pathApi, xdgConfigHome } from '../paths.js';

const CODEC = jsonCodec('jsonc');

export const V1_RANGE = '>=1.18.29 <2.0.0';
export const V2_RANGE = '>=2.0.0 <3.0.0';

export const V1_PLACE: Place = {
  path: ['mcp'],
  style: OPENCODE_V1_STYLE,
  dialect: 'v1',
  // V2 files keep `servers` (the container) and `timeout` (global defaults) under `mcp`; a V1 server
  // that happens to be called "servers" or "timeout" still looks like a server and is listed.
  skip: (name, value) => name.startsWith('$') || ((name === 'servers' || name === 'timeout') && !looksLikeServer(value)),
};

export const V2_PLACE: Place = {
  path: ['mcp', 'servers'],
  style: OPENCODE_V2_STYLE,
  dialect: 'v2',
  rejects: (value) =>
    looksLikeServer(value)
      ? '`mcp.servers` is a V1 server named "servers", not the V2 `mcp.servers` container, so the V2 entry has nowhere to go'
      : undefined,
};

export function dialectForVersion(version: string): OpenCodeDialect | undefined {
  if (valid(version) === null) return undefined;
  if (satisfies(version, V1_RANGE, { includePrerelease: true })) return 'v1';
  if (satisfies(version, V2_RANGE, { includePrerelease: true })) return 'v2';
  return undefined;
}

function unsupported(version: string, source: string): Diagnostic {
  return {
    code: 'unsupported-host-version',
    severity: 'error',
    host: 'opencode',
    message: `OpenCode ${version} (${source}) is not a supported version: V1 is ${V1_RANGE}, V2 is ${V2_RANGE}`,
    hint: 'pass --opencode-version with the OpenCode version whose config shape to write, e.g. --opencode-version 2.0.0 (V2, `mcp.servers`) or --opencode-version 1.18.33 (V1, `mcp`)',
  };
}

function userDir(ctx: HostContext): string {
  return pathApi(ctx).join(xdgConfigHome(ctx), 'opencode');
}

async function detectOpenCode(ctx: HostContext, options: DetectOptions): Promise<Detection> {
  const found = await evidence(ctx, [userDir(ctx), pathApi(ctx).join(ctx.projectDir, '.opencode'), pathApi(ctx).join(ctx.projectDir, 'opencode.jsonc'), pathApi(ctx).join(ctx.projectDir, 'opencode.json')]);
  const detection: Detection = { host: 'opencode', detected: found.length > 0, reasons: [], diagnostics: [] };
  if (options.opencodeVersion !== undefined) {
    const v = options.opencodeVersion.trim();
    const dialect = dialectForVersion(v);
    detection.detected = true;
    detection.version = v;
    detection.reasons.push(`--opencode-version ${v} was given (the binary was not probed)`, ...found);
    if (dialect) {
      detection.dialect = dialect;
      detection.reasons.push(`${v} selects the ${dialect.toUpperCase()} config shape`);
    } else detection.diagnostics.push(unsupported(v, 'from --opencode-version'));
    return detection;
  }
  const probe = await probeVersion(ctx, 'opencode');
  detection.reasons.push(probe.reason, ...found);
  if (probe.found) {
    detection.detected = true;
    if (probe.version === undefined) {
      detection.diagnostics.push(unsupported(JSON.stringify(probe.firstLine ?? ''), '`opencode --version` printed no version'));
      return detection;
    }
    detection.version = probe.version;
    const dialect = dialectForVersion(probe.version);
    if (dialect) {
      detection.dialect = dialect;
      detection.reasons.push(`${probe.version} selects the ${dialect.toUpperCase()} config shape`);
    } else detection.diagnostics.push(unsupported(probe.version, 'from `opencode --version`'));
  } else if (probe.failed !== undefined) {
    detection.diagnostics.push({
      code: 'probe-failed',
      severity: 'error',
      host: 'opencode',
      message: `could not tell the OpenCode version: ${probe.reason}`,
      hint: 'pass --opencode-version with your OpenCode version (e.g. 1.18.33 or 2.0.0)',
    });
  } else {
    // No binary and no flag: the file's own entries decide (flat `mcp.<name>` = V1, `mcp.servers` = V2),
    // so a file is never given a second layout beside the one it has; with none, the current major.
    const existing = await dialectOfEntries(ctx);
    if (existing) {
      detection.dialect = existing.dialect;
      detection.reasons.push(`without an \`opencode\` binary, the ${existing.dialect.toUpperCase()} shape of the entries in ${displayPath(existing.file, ctx)} is kept`);
    } else {
      detection.dialect = 'v2';
      detection.reasons.push('without an `opencode` binary the V2 config shape (`mcp.servers`) is written, the current major');
    }
  }
  return detection;
}

/**
 * The dialect the first candidate file (project, then user) with MCP entries is written in: entries
 * under `mcp.servers` are V2, entries directly under `mcp` are V1. An entry is an object with a `type`
 * or a `command` (a V1 server may itself be named `servers`).
 */
async function dialectOfEntries(ctx: HostContext): Promise<{ dialect: OpenCodeDialect; file: string } | undefined> {
  const overlay = new PlanningOverlay();
  const isEntry = (value: unknown): boolean => value !== null && typeof value === 'object' && !Array.isArray(value) && ('type' in value || 'command' in value);
  for (const file of [...projectFiles(ctx), ...userFiles(ctx)]) {
    const mcp = (await overlay.document(file, CODEC)).get(['mcp']) as Record<string, unknown> | null | undefined;
    if (mcp === null || typeof mcp !== 'object' || Array.isArray(mcp)) continue;
    const { servers, ...rest } = mcp;
    if (servers !== null && typeof servers === 'object' && !Array.isArray(servers) && !isEntry(servers) && Object.values(servers).some(isEntry)) return { dialect: 'v2', file };
    if (isEntry(servers) || Object.values(rest).some(isEntry)) return { dialect: 'v1', file };
  }
  return undefined;
}

function userFiles(ctx: HostContext): string[] {
  return [pathApi(ctx).join(userDir(ctx), 'opencode.jsonc'), pathApi(ctx).join(userDir(ctx), 'opencode.json')];
}

function projectFiles(ctx: HostContext): string[] {
  const p = ctx.projectDir;
  return [pathApi(ctx).join(p, '.opencode', 'opencode.jsonc'), pathApi(ctx).join(p, '.opencode', 'opencode.json'), pathApi(ctx).join(p, 'opencode.jsonc'), pathApi(ctx).join(p, 'opencode.json')];
}

export const opencode: HostRecord = {
  id: 'opencode',
  displayName: 'OpenCode',
  codec: CODEC,
  shapeHint: 'rename that server, or select the other OpenCode dialect with --opencode-version',
  skeleton: { $schema: OPENCODE_SCHEMA_URL },
  files(ctx, scope) {
    return scope === 'user' ? userFiles(ctx) : projectFiles(ctx);
  },
  createFile(ctx, scope) {
    return scope === 'user' ? pathApi(ctx).join(userDir(ctx), 'opencode.jsonc') : pathApi(ctx).join(ctx.projectDir, 'opencode.jsonc');
  },
  detect: detectOpenCode,
  places(_ctx, detection) {
    const diagnostics = detection.diagnostics;
    if (detection.dialect === 'v1') return { selected: V1_PLACE, others: [V2_PLACE], dialect: 'v1', diagnostics };
    if (detection.dialect === 'v2') return { selected: V2_PLACE, others: [V1_PLACE], dialect: 'v2', diagnostics };
    return { others: [V1_PLACE, V2_PLACE], diagnostics };
  },
};
