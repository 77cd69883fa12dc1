// The binding of a server patchbay manages (any server but its own): its entry is the host's
// rendering of the ServerSpec; ownership comes from the manifest (or managed.json) listing it, and
// the hash of what patchbay last wrote tells an unchanged entry (stale: re-pin freely) from one a
// person edited since (modified: refused without --force).
import { DocumentEditError, type DocValue } from '../../installers/document/types.js';
import type { ServerBinding, Recognition } from '../../installers/binding.js';
import { deepEqual } from '../../installers/entry.js';
import { readArgv, renderEntry } from '../../installers/shapes.js';
import { describeSpec, launchOf, type ServerSpec } from '../../servers/spec.js';
import { entryHash, type Records } from './records.js';
import { selfBinding } from '../../installers/binding.js';
import { selfEnv } from '../../installers/self-env.js';
import { isSelfSpec } from '../manifest/pin.js';

export interface Ownership {
  /** Listed in the manifest (project) or managed.json (user). */
  managed: boolean;
  /** Hash of what patchbay last wrote, per absolute host file. */
  hashes: Readonly<Record<string, string | undefined>>;
}

/**
 * THE binding of a managed server, whatever it is. A server of patchbay's own package is recognized by
 * its argv (any version, 0.1's name, behind `cmd /c`): that command line proves patchbay wrote it, so
 * the entries 0.1 and 0.2 wrote without any record are still ours (stale, not foreign). Every other
 * server is recognized by what the manifest says and the hash of what patchbay wrote.
 */
export function bindingFor(name: string, spec: ServerSpec, ownership: Ownership, env: Readonly<Record<string, string | undefined>>): ServerBinding {
  if (isSelfSpec(spec)) return selfBinding(spec.version, { ...selfEnv(env), ...(spec.env ?? {}) }, name);
  return managedBinding(name, spec, ownership);
}

/** Ownership of `name` from managed.json's hashes (per host file). */
export function ownershipOf(name: string, records: Pick<Records, 'entries'> | null, managed: boolean): Ownership {
  return { managed, hashes: Object.fromEntries(Object.entries(records?.entries ?? {}).map(([file, byName]) => [file, byName[name]])) };
}

export function managedBinding(name: string, spec: ServerSpec, ownership: Ownership): ServerBinding {
  const launch = launchOf(spec);
  const desired = (place: Parameters<ServerBinding['desired']>[0], platform: NodeJS.Platform): DocValue => {
    const rendered = renderEntry(place.style, launch, platform);
    if (!rendered.ok) {
      throw new DocumentEditError(rendered.code, `${name}: ${rendered.message}`, undefined,
        rendered.code === 'secret-reference-unsupported'
          ? 'leave this host out with --host, or give a literal value (written only to a user-scope file)'
          : 'leave this host out with --host');
    }
    return rendered.value;
  };
  const classify = (value: unknown, place: Parameters<ServerBinding['desired']>[0], platform: NodeJS.Platform, file: string): Recognition => {
    let want: DocValue;
    try {
      want = desired(place, platform);
    } catch {
      return ownership.managed ? { ours: true, current: false, modified: true } : { ours: false };
    }
    const pin = 'npm' in spec ? spec.version : undefined;
    if (deepEqual(value, want)) return { ours: true, current: true, ...(pin ? { pin } : {}) };
    if (!ownership.managed) return { ours: false };
    const found = 'npm' in spec ? pinIn(readArgv(place.style, value) ?? [], spec.npm) : undefined;
    if (ownership.hashes[file] !== undefined && ownership.hashes[file] === entryHash(value)) {
      return { ours: true, current: false, ...(found ? { pin: found } : {}) };
    }
    // Without a record (a teammate's clone): the entry is ours with another pin when that is the ONLY
    // difference from what the manifest says.
    if ('npm' in spec && found !== undefined) {
      const other = renderEntry(place.style, launchOf({ ...spec, version: found }), platform);
      if (other.ok && deepEqual(value, other.value)) return { ours: true, current: false, pin: found };
    }
    return { ours: true, current: false, modified: true, ...(found ? { pin: found } : {}) };
  };
  return {
    name,
    label: describeSpec(spec),
    desired,
    classify,
    recognizeAny: () => ({ ours: false }),
  };
}

/** The version in `<pkg>@<version>` among an entry's args, for this package. */
function pinIn(argv: readonly string[], pkg: string): string | undefined {
  for (const arg of argv) if (arg.startsWith(`${pkg}@`) && arg.length > pkg.length + 1) return arg.slice(pkg.length + 1);
  return undefined;
}
