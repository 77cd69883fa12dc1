// What patchbay remembers about the servers it manages, in the state dir (`managed.json`, 0600):
//  - `user`: the user-scope "manifest" (hosts and servers), since a user scope has no project file;
//  - `entries`: per host file and server name, the sha256 of the entry patchbay last wrote there.
// A same-name entry whose hash still matches is patchbay's own, unchanged (safe to re-pin or remove);
// one that differs was edited by hand since (`modified`: refused without --force). The file is written
// through the same transaction as the host files, so a rollback restores it with them.
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { ServerSpec } from '../../servers/spec.js';
import type { PlanningOverlay } from '../../installers/document/overlay.js';
import type { Scope } from '../../installers/types.js';

export const RECORDS_FILE = 'managed.json';
/** The plan label of managed.json's change (diffs leave patchbay's own bookkeeping out). */
export const STATE_LABEL = 'patchbay state';

export interface ScopeManifest {
  hosts: string[];
  servers: Record<string, ServerSpec>;
}

export interface Records {
  version: 1;
  user: ScopeManifest;
  entries: Record<string, Record<string, string>>;
  /** Host files that existed before patchbay first wrote to them: never deleted by a removal. */
  existed: string[];
  /** Of those, the files that were 0 bytes: a removal that leaves only patchbay's skeleton empties them. */
  empty: string[];
}

export function recordsPath(stateDir: string): string {
  return path.join(stateDir, RECORDS_FILE);
}

export function emptyRecords(): Records {
  return { version: 1, user: { hosts: [], servers: {} }, entries: {}, existed: [], empty: [] };
}

/** Parses managed.json; a missing or unreadable one is empty (it only ever adds safety, never removes it). */
export function parseRecords(text: string | null): Records {
  if (text === null || text.trim() === '') return emptyRecords();
  try {
    const value = JSON.parse(text) as Partial<Records>;
    return {
      version: 1,
      user: { hosts: [...(value.user?.hosts ?? [])], servers: { ...(value.user?.servers ?? {}) } },
      entries: { ...(value.entries ?? {}) },
      existed: strings(value.existed),
      empty: strings(value.empty),
    };
  } catch {
    return emptyRecords();
  }
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((f): f is string => typeof f === 'string') : [];
}

export function renderRecords(records: Records): string {
  return `${JSON.stringify(records, null, 2)}\n`;
}

/** managed.json as a plan sees it: read through the overlay, so apply's hash check guards it too. */
export async function readRecordsIn(overlay: PlanningOverlay, file: string): Promise<Records> {
  return parseRecords(await overlay.text(file));
}

/** Stages managed.json's new text in the plan: 0600, it names the user's files. */
export function stageRecords(overlay: PlanningOverlay, file: string, records: Records): Promise<void> {
  return overlay.replaceText(file, renderRecords(records), STATE_LABEL, { createMode: 0o600 });
}

/** sha256 of an entry's canonical JSON (keys sorted), so layout and key order do not matter. */
export function entryHash(value: unknown): string {
  return createHash('sha256').update(canonical(value)).digest('hex');
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return `{${Object.keys(o).sort().map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function scopeOfRecords(scope: Scope): 'user' | null {
  return scope === 'user' ? 'user' : null;
}
