// The host records: the behaviour behind each supported id of the catalog (catalog-data.ts, the one
// list of hosts). The CLI's --host list, the MCP server's zod enums, help and docs derive from that list.
import type { HostRecord } from './host-core.js';
import type { HostContext, HostId, Scope } from './types.js';
import { HOST_IDS } from './catalog-data.js';
import { opencode } from './hosts/opencode.js';
import { claudeCode } from './hosts/claude-code.js';
import { cursor } from './hosts/cursor.js';
import { generic } from './hosts/generic.js';
import { jsonHostRecord } from './hosts/json-host-record.js';
import { JSON_HOSTS } from './hosts/json-catalog.js';
import { YAML_HOSTS } from './hosts/yaml-catalog.js';
import { codex } from './hosts/codex.js';
import { grok } from './hosts/grok.js';
import { mistralVibe } from './hosts/mistral-vibe.js';
import { goose } from './hosts/goose.js';
import { continueHost } from './hosts/continue.js';
import { TRUST_FACTS } from './trust-facts.js';
import { LAUNCH_FACTS } from './launch-facts.js';

const TOML_YAML_RECORDS: readonly HostRecord[] = [codex, grok, mistralVibe, goose, continueHost];
/** A record with its host's consent and launch facts (trust-facts.ts, launch-facts.ts) joined in. */
function withFacts(record: HostRecord): HostRecord {
  const trust = TRUST_FACTS[record.id];
  const launch = LAUNCH_FACTS[record.id];
  return { ...record, ...(trust !== undefined ? { trust } : {}), ...(launch !== undefined ? { launch } : {}) };
}

const RECORDS: readonly HostRecord[] = [opencode, claudeCode, cursor, generic, ...JSON_HOSTS.map(jsonHostRecord), ...YAML_HOSTS.map(jsonHostRecord), ...TOML_YAML_RECORDS].map(withFacts);
const BY_ID = new Map(RECORDS.map((h) => [h.id, h]));

/** Every supported host's record, in catalog order. */
export const HOSTS: readonly HostRecord[] = HOST_IDS.map((id) => {
  const record = BY_ID.get(id);
  if (!record) throw new Error(`internal: catalog host ${id} has no record`);
  return record;
});

export { HOST_IDS };

export function isHostId(id: string): id is HostId {
  return HOST_IDS.includes(id);
}

export function hostRecord(id: HostId): HostRecord {
  const record = BY_ID.get(id);
  if (!record) throw new Error(`internal: unknown host ${id}`);
  return record;
}

/**
 * A context that only names places, as that platform's users write them (help, docs, `hosts
 * --platform`): `~` for home and `.` for the project, and on Windows %USERPROFILE%, %APPDATA% and
 * %LOCALAPPDATA% as is, joined with `\`. The records resolve real files through the same code.
 */
function displayContext(platform: NodeJS.Platform): HostContext {
  const home = platform === 'win32' ? '%USERPROFILE%' : '~';
  return { projectDir: '.', home, env: { XDG_CONFIG_HOME: '', APPDATA: '%APPDATA%', LOCALAPPDATA: '%LOCALAPPDATA%' }, platform, probe: async () => ({ ok: false, reason: 'not-found', message: '' }) };
}

/** Does this host have a file at this scope? (generic has no project file.) */
export function supportsScope(record: HostRecord, scope: Scope): boolean {
  return record.files(displayContext('linux'), scope) !== undefined;
}

/** The candidate files of a scope as people write them (`~/.cursor/mcp.json`), for help and docs. */
export function describeFiles(record: HostRecord, scope: Scope, platform: NodeJS.Platform = 'linux'): string[] {
  return (record.files(displayContext(platform), scope) ?? []).map((f) => f.replace(/^\.[\\/]/, ''));
}

/** The other hosts whose candidate files at `scope` include `file` (one file, several hosts: one entry). */
export function hostsSharing(ctx: HostContext, scope: Scope, file: string, except: HostId): HostId[] {
  return (sharingIndex(ctx, scope).get(file) ?? []).filter((h) => h !== except);
}

/**
 * Every catalog host's files at `scope`, as file -> the hosts that read it. Expanding every host's path
 * templates once per report instead (status asks for each file of each checked host) made status
 * quadratic in the catalog: 29 hosts took ~40 ms of path expansion (node --cpu-prof, inclusive).
 */
export function sharingIndex(ctx: HostContext, scope: Scope): Map<string, HostId[]> {
  const index = new Map<string, HostId[]>();
  for (const h of HOSTS) {
    for (const file of h.files(ctx, scope) ?? []) {
      const readers = index.get(file);
      if (readers === undefined) index.set(file, [h.id]);
      else if (!readers.includes(h.id)) readers.push(h.id);
    }
  }
  return index;
}

/** The file format in words: `JSON`, `JSON + comments` (no trailing commas), `JSONC`, `TOML`, `YAML`. */
export function formatOf(record: HostRecord): string {
  const tolerance = (record.codec as { tolerance?: string }).tolerance;
  if (tolerance === 'strict') return 'JSON';
  if (tolerance === 'comments') return 'JSON + comments';
  return record.codec.kind.toUpperCase();
}
