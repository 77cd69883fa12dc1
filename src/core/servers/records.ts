// What patchbay remembers about the servers it manages, in the state dir (`managed.json`, 0600):
//  - `user`: the user-scope servers, each with its hosts, since a user scope has no project file;
//  - `projects`: project-scope servers recorded outside the project (the library, init without a manifest);
//  - `entries`: per host file and server name, the sha256 of the entry patchbay last wrote there.
// A same-name entry whose hash still matches is patchbay's own, unchanged (safe to re-pin or remove);
// one that differs was edited by hand since (`modified`: refused without --force). The file is written
// through the same transaction as the host files, so a rollback restores it with them.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ServerSpec } from '../../servers/spec.js';
import type { PlanningOverlay } from '../../installers/document/overlay.js';
import type { HostId, Scope } from '../../installers/types.js';
import type { PlacedServer } from '../manifest/pin.js';

export const RECORDS_FILE = 'managed.json';
/** The plan label of managed.json's change (diffs leave patchbay's own bookkeeping out). */
export const STATE_LABEL = 'patchbay state';

/** A recorded server as the manifest writes it: the launch plus its hosts (PlacedServer, stored flat). */
export type RecordedServer = ServerSpec & { hosts: HostId[] };

export interface Records {
  version: 2;
  /** User-scope servers: the user's own "manifest" (a user scope has no project file). */
  user: { servers: Record<string, RecordedServer> };
  /**
   * Project-scope servers recorded outside the project, by absolute project folder: what a CLI
   * registered through the library without writing a patchbay.jsonc, and what `init` registered in a
   * project that has none. The CLI lists, checks and removes them like the manifest's.
   */
  projects: Record<string, { servers: Record<string, RecordedServer> }>;
  entries: Record<string, Record<string, string>>;
  /** Host files that existed before patchbay first wrote to them: never deleted by a removal. */
  existed: string[];
  /** Of those, the files that were 0 bytes: a removal that leaves only patchbay's skeleton empties them. */
  empty: string[];
  /** Folders patchbay created for a file it wrote: a removal that empties them removes them too. */
  createdDirs: string[];
}

export function recordsPath(stateDir: string): string {
  return path.join(stateDir, RECORDS_FILE);
}

export function emptyRecords(): Records {
  return { version: 2, user: { servers: {} }, projects: {}, entries: {}, existed: [], empty: [], createdDirs: [] };
}

/**
 * Parses managed.json; a missing one is empty. Version 1 (0.2: one host list for every user-scope
 * server) is read as 2, each server getting that list.
 */
export function parseRecords(text: string | null): Records {
  if (text === null || text.trim() === '') return emptyRecords();
  try {
    const value = JSON.parse(text) as Partial<Omit<Records, 'user' | 'version'>> & { version?: number; user?: { hosts?: string[]; servers?: Record<string, ServerSpec & { hosts?: string[] }> } };
    const v1Hosts = strings(value.user?.hosts);
    const placed = (servers: Record<string, ServerSpec & { hosts?: string[] }> | undefined, fallback: string[]) =>
      Object.fromEntries(Object.entries(servers ?? {}).map(([name, server]) => [name, { ...server, hosts: server.hosts ? strings(server.hosts) : [...fallback] } as RecordedServer]));
    return {
      version: 2,
      user: { servers: placed(value.user?.servers, v1Hosts) },
      projects: Object.fromEntries(Object.entries(value.projects ?? {}).map(([dir, p]) => [dir, { servers: placed(p?.servers, []) }])),
      entries: { ...(value.entries ?? {}) },
      existed: strings(value.existed),
      empty: strings(value.empty),
      createdDirs: strings(value.createdDirs),
    };
  } catch {
    return emptyRecords();
  }
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((f): f is string => typeof f === 'string') : [];
}

/** A recorded server as the model's PlacedServer (records hold project- or user-scope servers). */
export function placedOf(recorded: RecordedServer, scope: Scope): PlacedServer {
  const { hosts, ...spec } = recorded;
  return { spec: spec as ServerSpec, hosts: [...hosts], scope };
}

export function recordedOf(placed: PlacedServer): RecordedServer {
  return { ...placed.spec, hosts: [...placed.hosts] };
}

export function renderRecords(records: Records): string {
  return `${JSON.stringify(records, null, 2)}\n`;
}

/** managed.json as it is on disk, for commands that only read (status, list, update). */
export async function readRecords(stateDir: string): Promise<Records> {
  return parseRecords(await readFile(recordsPath(stateDir), 'utf8').catch(() => null));
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

