// The TOML hosts (Codex, Grok, Mistral Vibe) share one layout: `<home>/config.toml` where <home> is
// `~/.<tool>` or $<TOOL>_HOME, a project `.<tool>/config.toml`, and a `<tool>` binary. A record is
// the data below; the facts and their citations are in docs/host-facts.md.
import { pathApi } from '../paths.js';
import type { Diagnostic } from '../../diagnostics.js';
import type { Detection, HostContext } from '../types.js';
import { evidence, probeVersion } from '../detect-util.js';
import type { HostRecord } from '../host-core.js';
import type { Place } from '../places.js';
import { tomlCodec } from '../lazy-codecs.js';
import { hostHome } from './home-dir.js';

export interface TomlHostData {
  id: string;
  displayName: string;
  binary: string;
  /** `~/<dir>` unless <variable> holds an absolute path. */
  home: { variable: string; dir: string };
  /** The project folder holding config.toml, e.g. `.codex`. */
  projectDir: string;
  place: Place;
  /** The host reads the project file only in trusted projects: how trust is given, for people. */
  projectTrust?: (ctx: HostContext) => Promise<{ trusted: boolean | 'unknown'; how: string }>;
}

export function tomlHost(data: TomlHostData): HostRecord {
  const userFile = (ctx: HostContext) => pathApi(ctx).join(hostHome(ctx, data.home.variable, data.home.dir), 'config.toml');
  return {
    id: data.id,
    displayName: data.displayName,
    codec: tomlCodec,
    skeleton: {},
    files(ctx, scope) {
      return [scope === 'project' ? pathApi(ctx).join(ctx.projectDir, data.projectDir, 'config.toml') : userFile(ctx)];
    },
    async detect(ctx, options) {
      const probe = await probeVersion(ctx, data.binary, options);
      const found = await evidence(ctx, [pathApi(ctx).dirname(userFile(ctx)), pathApi(ctx).join(ctx.projectDir, data.projectDir)]);
      const reasons = [probe.reason, ...found];
      if (data.projectTrust) reasons.push(`${data.displayName} reads ${data.projectDir}/config.toml only in a trusted project`);
      const detection: Detection = { host: data.id, detected: probe.found || found.length > 0, reasons, diagnostics: [] };
      if (probe.version !== undefined) detection.version = probe.version;
      return detection;
    },
    places: (_ctx, detection) => ({ selected: data.place, others: [], diagnostics: detection.diagnostics }),
    async scopeNotes(ctx, scope) {
      if (scope !== 'project' || !data.projectTrust) return [];
      const trust = await data.projectTrust(ctx);
      if (trust.trusted === true) return [];
      const note: Diagnostic = {
        code: 'project-needs-trust',
        severity: 'info',
        host: data.id,
        path: pathApi(ctx).join(ctx.projectDir, data.projectDir, 'config.toml'),
        message: `${data.displayName} reads ${data.projectDir}/config.toml only in a trusted project, and this project ${trust.trusted === 'unknown' ? 'may not be trusted yet' : 'is not trusted yet'}`,
        hint: trust.how,
      };
      return [note];
    },
  };
}
