// What the CLI needs of the manifest without evaluating zod (~13 ms at start-up, measured with
// --cpu-prof): its file name, the `$schema` URL and the pin. Most projects have no manifest, so the
// zod schema (manifest-schema.ts) is loaded only when one is parsed.
import type { Manifest } from './schema.js';
import { PACKAGE_NAME } from '../../version.js';

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

export function pinnedVersion(manifest: Manifest): string {
  const match = PIN.exec(manifest.servers.patchbay.args[1]);
  // The schema guarantees the match; the fallback only satisfies the type checker.
  return match?.[1] ?? '';
}
