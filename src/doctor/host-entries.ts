// The server entries of one parsed host file, read through the host record's own places (the
// container path, map or list shape, the name member, the entry style): the same places `status` and
// install use, so doctor needs no table of its own. Pure over the parsed document.
import type { Diagnostic } from '../diagnostics.js';
import type { ConfigDocument } from '../installers/document/types.js';
import type { HostRecord } from '../installers/host-core.js';
import type { Detection, HostContext, Scope } from '../installers/types.js';
import { checkContainer, entryOf, scanPlace, type Place } from '../installers/places.js';
import type { EntryStyle } from '../installers/shapes.js';
import { toPointer } from '../installers/document/pointer.js';

export interface RawEntry {
  name: string;
  /** The entry without the member that repeats its name (Goose `name`, list items' `name`). */
  value: unknown;
  pointer: string;
  style: EntryStyle;
}

export interface FileEntries {
  entries: RawEntry[];
  /** Containers of the wrong type (`mcpServers: []`): the host reads no server from them. */
  diagnostics: Diagnostic[];
}

/**
 * Every place the host may keep servers in at this scope. The selected place and the others alike:
 * OpenCode reads both dialects' places, whichever version is installed (hosts.md §2.7). Detection is
 * not run (doctor probes no binaries): a record's places do not depend on it except for choosing
 * where to WRITE. `file`: that file's own places, where its shape is not the record's (Kilo's legacy file).
 */
export function placesOf(record: HostRecord, ctx: HostContext, scope: Scope, file?: string): Place[] {
  const detection: Detection = { host: record.id, detected: false, reasons: [], diagnostics: [] };
  const own = file === undefined ? undefined : record.shapeOf?.(ctx, file, scope)?.selection;
  const selection = own ?? record.places(ctx, detection, {}, scope);
  return [...(selection.selected ? [selection.selected] : []), ...selection.others];
}

export function fileEntries(doc: ConfigDocument, places: readonly Place[], file: string, platform: NodeJS.Platform): FileEntries {
  const out: FileEntries = { entries: [], diagnostics: [] };
  const seen = new Set<string>();
  for (const place of places) {
    const sink: Diagnostic[] = [];
    let present = checkContainer(doc, place, file, sink);
    // Another dialect's container that is really a server (OpenCode V1's server named `servers`):
    // not this place's, and not a problem either.
    if (present && place.rejects?.(doc.get(place.path)) !== undefined) present = false;
    for (const d of sink) {
      const key = `${d.code}${d.pointer ?? ''}`;
      if (!seen.has(key)) out.diagnostics.push(d);
      seen.add(key);
    }
    for (const member of scanPlace(doc, place, present, undefined, platform, file).members) {
      out.entries.push({ name: member.name, value: entryOf(place, member.name, member.value), pointer: toPointer(member.path), style: place.style });
    }
  }
  return out;
}

/**
 * Servers a host keeps in its USER file for one project (its launch facts' `localScope`, e.g. Claude
 * Code's `projects["<project>"].mcpServers`), under the first project key present.
 */
export function localEntries(doc: ConfigDocument, member: readonly string[], projectKeys: readonly string[], style: EntryStyle): RawEntry[] {
  for (const key of projectKeys) {
    const path = member.map((m) => (m === '<project>' ? key : m));
    const container = doc.get(path);
    if (container === null || typeof container !== 'object' || Array.isArray(container)) continue;
    return Object.entries(container).map(([name, value]) => ({ name, value, pointer: toPointer([...path, name]), style }));
  }
  return [];
}
