// Hosts as data (JSON, or YAML with `format: 'yaml'`): a JsonHostData record (names, detection, per-OS file templates, tolerance, container,
// entry style) becomes a HostRecord for the host core. Nothing here is specific to one host; a host
// whose behaviour is more than data (OpenCode's dialects) keeps its own HostRecord module.
import path from 'node:path';
import type { Detection, HostContext, HostId, Scope } from '../types.js';
import { evidence, probeVersion } from '../detect-util.js';
import type { DetectOptions, FileShape, HostRecord } from '../host-core.js';
import type { DocValue } from '../document/types.js';
import { jsonCodec, type JsonTolerance } from '../jsonc/document.js';
import { yamlCodec } from '../lazy-codecs.js';
import type { Place } from '../places.js';
import type { EntryStyle } from '../shapes.js';
import { expandPath } from '../path-template.js';

export type PerOs = Partial<Record<'linux' | 'darwin' | 'win32', readonly string[]>>;

export interface JsonHostData {
  id: HostId;
  displayName: string;
  /** Probed with `--version` only when on PATH (probe.ts looks first); any one found detects the host. */
  binaries: readonly string[];
  /** Folders whose existence means the host is installed (path templates, path-template.ts). */
  detectDirs: PerOs;
  /** Project files, relative, in precedence order (the first existing one is written; none: the first is created). */
  projectFiles: readonly string[];
  /** Folders in the project that show the host is used there (e.g. `.vscode`). */
  projectEvidence?: readonly string[];
  /** User files per OS as path templates, in precedence order; empty or absent: no user scope. */
  userFiles: PerOs;
  /** JSON unless given: a YAML host is the same data (LibreChat); tolerance is then unused. */
  format?: 'yaml';
  tolerance: JsonTolerance;
  /** The container's key path; one segment may hold a dot (Amp's `amp.mcpServers`). */
  container: readonly string[];
  style: EntryStyle;
  /** The entry style of user-scope files, where it differs from the project's (Kilo: references only there). */
  userStyle?: EntryStyle;
  /** The user file created when none exists, when not the first candidate (Claude Desktop on Windows). */
  createUser?: Partial<Record<'linux' | 'darwin' | 'win32', string>>;
  /** A file patchbay creates holds this plus the entry (Kilo: `$schema`). */
  skeleton?: Record<string, DocValue>;
  /**
   * Project files (templates, also listed in projectFiles) that hold servers in another container and
   * entry shape than the record's: Kilo still reads the Roo-era `.kilocode/mcp.json` (`mcpServers`).
   */
  otherShapes?: Record<string, { container: readonly string[]; style: EntryStyle; tolerance: JsonTolerance }>;
}

/** Linux templates stand in for an OS the record does not list (FreeBSD and friends). */
function forOs(files: PerOs, platform: NodeJS.Platform): readonly string[] {
  return files[platform as keyof PerOs] ?? files.linux ?? [];
}

export function jsonHostRecord(data: JsonHostData): HostRecord {
  const place: Place = { path: [...data.container], style: data.style };
  const userPlace: Place = data.userStyle ? { path: [...data.container], style: data.userStyle } : place;
  const expand = (ctx: HostContext, templates: readonly string[]) => templates.map((t) => expandPath(t, ctx, ctx.projectDir));
  const shaped = Object.entries(data.otherShapes ?? {}).map(([template, shape]) => ({
    template,
    shape: {
      selection: { selected: { path: [...shape.container], style: shape.style }, others: [], diagnostics: [] },
      codec: jsonCodec(shape.tolerance),
    } satisfies FileShape,
  }));
  const files = (ctx: HostContext, scope: Scope): string[] | undefined => {
    const templates = scope === 'project' ? data.projectFiles : forOs(data.userFiles, ctx.platform);
    return templates.length > 0 ? expand(ctx, templates) : undefined;
  };
  return {
    id: data.id,
    displayName: data.displayName,
    codec: data.format === 'yaml' ? yamlCodec : jsonCodec(data.tolerance),
    skeleton: data.skeleton ?? {},
    files,
    createFile(ctx: HostContext, scope: Scope) {
      const chosen = scope === 'user' ? data.createUser?.[ctx.platform as 'linux' | 'darwin' | 'win32'] : undefined;
      const first = files(ctx, scope)?.[0] ?? '';
      return chosen === undefined ? first : expandPath(chosen, ctx, ctx.projectDir);
    },
    async detect(ctx: HostContext, options: DetectOptions): Promise<Detection> {
      const dirs = [...expand(ctx, forOs(data.detectDirs, ctx.platform)), ...(data.projectEvidence ?? []).map((p) => path.join(ctx.projectDir, p))];
      const [probes, found] = await Promise.all([Promise.all(data.binaries.map((b) => probeVersion(ctx, b, options))), evidence(ctx, dirs)]);
      const hit = probes.find((p) => p.found);
      const reasons = [...probes.map((p) => p.reason), ...found];
      const detection: Detection = {
        host: data.id,
        detected: hit !== undefined || found.length > 0,
        reasons: reasons.length > 0 ? reasons : ['no binary to probe and no folder of its own'],
        diagnostics: [],
      };
      const version = probes.find((p) => p.version !== undefined)?.version;
      if (version !== undefined) detection.version = version;
      return detection;
    },
    places: (_ctx, _detection, _options, scope) => ({ selected: scope === 'user' ? userPlace : place, others: [], diagnostics: [] }),
    ...(shaped.length > 0 ? {
      shapeOf: (ctx: HostContext, file: string, scope: Scope) =>
        scope === 'project' ? shaped.find((s) => expandPath(s.template, ctx, ctx.projectDir) === file)?.shape : undefined,
    } : {}),
  };
}
