// What the CLI needs of the manifest without evaluating zod (~13 ms at start-up, measured with
// --cpu-prof): its file name, the `$schema` URL and the pin. Most projects have no manifest, so the
// zod schema (manifest-schema.ts) is loaded only when one is parsed.
import type { Manifest } from './schema.js';
import { LEGACY_PACKAGE_NAMES, PACKAGE_NAME, PATCHBAY_VERSION } from '../../version.js';
import type { ServerSpec } from '../../servers/spec.js';

export const MANIFEST_FILE = 'patchbay.jsonc';

/**
 * `$schema` written into new manifests: the schema file of the SAME published version on unpkg, which
 * serves any file of a published npm tarball (schema/ is in package.json "files"). Editors fetch it;
 * patchbay itself never does (it validates with zod, offline). Pinning the version keeps an old
 * manifest validated by the schema it was written against.
 */
export function schemaUrl(version: string): string {
  return `https://unpkg.com/${PACKAGE_NAME}@${version}/schema/patchbay.schema.json`;
}

/** A released semver version as pinned in `patchbay-mcp@<version>` (or 0.1's `patchbay@<version>`). */
export const PIN = /^(?:patchbay-mcp|patchbay)@(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?)$/;

/** The manifest's servers as ServerSpecs; 0.1's raw `npx --yes patchbay@<v> mcp` becomes an npm source. */
export function manifestServers(manifest: Manifest): Record<string, ServerSpec> {
  const out: Record<string, ServerSpec> = {};
  for (const [name, server] of Object.entries(manifest.servers ?? {})) {
    const args = 'command' in server && server.command === 'npx' ? server.args : undefined;
    const legacy = args?.length === 3 && args[0] === '--yes' && args[2] === 'mcp' ? PIN.exec(args[1] ?? '') : null;
    out[name] = legacy ? { npm: PACKAGE_NAME, version: legacy[1] as string, args: ['mcp'] } : (server as ServerSpec);
  }
  return out;
}

/** The pin of patchbay's own server in the manifest (what `init --yes` writes); this version when none. */
export function pinnedVersion(manifest: Manifest): string {
  const self = manifestServers(manifest).patchbay;
  return self && 'npm' in self && (self.npm === PACKAGE_NAME || LEGACY_PACKAGE_NAMES.includes(self.npm)) ? self.version : PATCHBAY_VERSION;
}
