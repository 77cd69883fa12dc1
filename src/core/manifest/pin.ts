// What the CLI needs of the manifest without evaluating zod (~13 ms at start-up, measured with
// --cpu-prof): its file name, the `$schema` URL, patchbay's own pin, and the normalized model. Most
// projects have no manifest, so the zod schema (schema.ts) is loaded only when one is parsed.
import type { Manifest } from './schema.js';
import { LEGACY_PACKAGE_NAMES, PACKAGE_NAME } from '../../version.js';
import { EXACT_VERSION, type NpmSource, type ServerSpec } from '../../servers/spec.js';
import type { HostId, Scope } from '../../installers/types.js';

export const MANIFEST_FILE = 'patchbay.jsonc';

/** The manifest format patchbay writes. v2 (0.2: one host list for every server) is read and rewritten. */
export const MANIFEST_VERSION = 3;

/**
 * `$schema` written into new manifests: the schema file of the SAME published version on unpkg, which
 * serves any file of a published npm tarball (schema/ is in package.json "files"). Editors fetch it;
 * patchbay itself never does (it validates with zod, offline). Pinning the version keeps an old
 * manifest validated by the schema it was written against.
 */
export function schemaUrl(version: string): string {
  return `https://unpkg.com/${PACKAGE_NAME}@${version}/schema/patchbay.schema.json`;
}

/** `patchbay-mcp@<version>` (or 0.1's `patchbay@<version>`) with an exact version; group 1 is the version. */
export const PIN = new RegExp(`^(?:${[PACKAGE_NAME, ...LEGACY_PACKAGE_NAMES].map(escape).join('|')})@(${EXACT_VERSION.source.slice(1, -1)})$`);

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A server where it goes: its launch, the hosts it was added to, and the scope. */
export interface PlacedServer {
  spec: ServerSpec;
  hosts: HostId[];
  scope: Scope;
}

/** The manifest as every command reads it, whatever format the file is in. */
export interface ManifestModel {
  /** The file's format: 2 is rewritten as 3 on the next write. */
  format: 2 | 3;
  /** Defaults for a server added without --host / --scope (v2's one host list and scope). */
  defaults: { hosts?: HostId[]; scope?: Scope };
  servers: Record<string, PlacedServer>;
}

/** patchbay's own package (or a name it was published under before): its entries prove who wrote them. */
export function isSelfPackage(name: string): boolean {
  return name === PACKAGE_NAME || LEGACY_PACKAGE_NAMES.includes(name);
}

export function isSelfSpec(spec: ServerSpec): spec is NpmSource {
  return 'npm' in spec && isSelfPackage(spec.npm);
}

/** A validated manifest of either format as the model: v2's servers get its one host list and scope. */
export function modelOf(manifest: Manifest): ManifestModel {
  const servers: Record<string, PlacedServer> = {};
  if ('manifestVersion' in manifest) {
    for (const [name, entry] of Object.entries(manifest.servers ?? {})) {
      const { hosts, scope, ...spec } = entry as typeof entry & { hosts: HostId[]; scope?: Scope };
      servers[name] = { spec: spec as ServerSpec, hosts: [...hosts], scope: scope ?? 'project' };
    }
    return {
      format: 3,
      defaults: { ...(manifest.hosts ? { hosts: [...manifest.hosts] } : {}), ...(manifest.scope ? { scope: manifest.scope } : {}) },
      servers,
    };
  }
  for (const [name, server] of Object.entries(manifest.servers ?? {})) {
    servers[name] = { spec: legacySelf(server as ServerSpec) ?? (server as ServerSpec), hosts: [...manifest.hosts], scope: manifest.scope };
  }
  return { format: 2, defaults: { hosts: [...manifest.hosts], scope: manifest.scope }, servers };
}

/** 0.1's raw `npx --yes patchbay@<v> mcp` as the npm source it is. */
function legacySelf(server: ServerSpec): NpmSource | undefined {
  const args = 'command' in server && server.command === 'npx' ? server.args : undefined;
  const pin = args?.length === 3 && args[0] === '--yes' && args[2] === 'mcp' ? PIN.exec(args[1] ?? '') : null;
  return pin ? { npm: PACKAGE_NAME, version: pin[1] as string, args: ['mcp'] } : undefined;
}

/** The server of patchbay's own package in these servers, whatever its name. */
export function selfServerOf(servers: Readonly<Record<string, PlacedServer>>): [string, PlacedServer & { spec: NpmSource }] | undefined {
  for (const [name, placed] of Object.entries(servers)) {
    if (isSelfSpec(placed.spec)) return [name, placed as PlacedServer & { spec: NpmSource }];
  }
  return undefined;
}
