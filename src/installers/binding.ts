// A server binding: which server a plan is about, and how to tell its entry apart from others. The
// host core (host-core.ts) is the same for every server; only the binding knows what the server's
// entry should be in a place's shape, and whether an existing entry is ours.
import type { DocPath, DocValue } from './document/types.js';
import type { Place } from './places.js';
import { deepEqual, managedEntry, pinOfSpec, recognize } from './entry.js';
import { PACKAGE_NAME } from '../version.js';
import type { StringMap } from '../servers/spec.js';

export type Recognition =
  | { ours: true; pin?: string; current: boolean; /** ours, but edited by hand since patchbay wrote it */ modified?: boolean }
  | { ours: false };

export interface ServerBinding {
  /** The entry's name in host files. */
  name: string;
  /** For summaries: what the desired entry pins, e.g. "patchbay-mcp@0.2.0". */
  label: string;
  /** The entry to write in this place's shape; throws DocumentEditError when the host cannot express it. */
  desired(place: Place, platform: NodeJS.Platform): DocValue;
  /** Is `value` (the member named `name` in `file`) ours, and is it current? */
  classify(value: unknown, place: Place, platform: NodeJS.Platform, file: string): Recognition;
  /** Is `value` (a member of ANY name) an entry of this server? (lists mark patchbay's entry managed) */
  recognizeAny(value: unknown, place: Place, platform: NodeJS.Platform): Recognition;
  /** When an existing (stale) entry differs from the desired one only in its pin: the one value to swap. */
  repin?(value: unknown, place: Place, platform: NodeJS.Platform): { path: DocPath; value: DocValue } | undefined;
}

/** The name `init` gives patchbay's own server (the validator reserves it for patchbay's package). */
export const SELF_SERVER_NAME = 'patchbay';

/**
 * patchbay's own server, `npx --yes patchbay-mcp@<version> mcp`, recognized by its exact argv. `env`:
 * see self-env.ts (empty unless the internal PATCHBAY_SELF_ENV is set).
 */
export function selfBinding(version: string, env: StringMap = {}, name = SELF_SERVER_NAME): ServerBinding {
  const classify = (value: unknown, place: Place, platform: NodeJS.Platform): Recognition => recognize(value, place.style, version, platform, env);
  return {
    name,
    label: `${PACKAGE_NAME}@${version}`,
    desired: (place, platform) => managedEntry(place.style, version, platform, env) as DocValue,
    classify,
    recognizeAny: classify,
    repin(value, place, platform) {
      // Only the one `<name>@<version>` argument differs (0.1's `patchbay@…` included): swap just it.
      if (value === null || typeof value !== 'object') return undefined;
      const entry = value as Record<string, unknown>;
      const key = place.style.argv === 'command+args' ? 'args' : 'command';
      const argv = entry[key];
      if (!Array.isArray(argv)) return undefined;
      const index = argv.findIndex((a) => typeof a === 'string' && pinOfSpec(a) !== undefined);
      if (index < 0) return undefined;
      const spec = `${PACKAGE_NAME}@${version}`;
      const swapped = { ...entry, [key]: argv.map((a, i) => (i === index ? spec : a)) };
      if (!deepEqual(swapped, managedEntry(place.style, version, platform, env))) return undefined;
      return { path: [key, index], value: spec };
    },
  };
}
