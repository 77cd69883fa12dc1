// What patchbay remembers about the servers it manages, in the state dir (`managed.json`, 0600):
//  - `user`: the user-scope servers, each with its hosts, since a user scope has no project file;
//  - `projects`: project-scope servers recorded outside the project (the library, init without a manifest);
//  - `entries`: per host file and server name, the sha256 of the entry patchbay last wrote there.
// A same-name entry whose hash still matches is patchbay's own, unchanged (safe to re-pin or remove);
// one that differs was edited by hand since (`modified`: refused without --force). The file is written
// through the same transaction as the host files, so a rollback restores it with them.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseJson, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { PatchbayError, type ErrorCode } from '../../errors.js';
import { sha256Hex } from '../../node-crypto.js';
import { lineColumn } from '../../installers/text/text.js';
import type { ServerSpec } from '../../servers/spec.js';
import { checkRecordsFile } from './records-schema.js';
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
 * Parses managed.json; a missing one (null) is empty: nothing managed yet. Anything else that is not a
 * valid records file — empty, truncated, not JSON, the wrong shape, a version this patchbay does not
 * know — is refused (`state-invalid`, exit 3), never read as empty: see records-schema.ts. Version 1
 * (0.2: one host list for every user-scope server) is read as 2, each server getting that list.
 */
export function parseRecords(text: string | null, file: string): Records {
  if (text === null) return emptyRecords();
  const errors: ParseError[] = [];
  const value: unknown = parseJson(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  if (errors.length > 0 || value === undefined) {
    const offset = errors[0]?.offset ?? 0;
    const why = text.trim() === '' ? 'is empty' : `is not valid JSON (${errors[0] ? printParseErrorCode(errors[0].error) : "no value"})`;
    throw stateInvalid(file, `${file} ${why}`, lineColumn(text, offset));
  }
  const result = checkRecordsFile(withV1Hosts(value));
  if (!result.ok) throw stateInvalid(file, `${file}: ${result.where}: ${result.message}`);
  const data = result.data;
  const servers = (list: Record<string, RecordedServer> | undefined): Record<string, RecordedServer> =>
    Object.fromEntries(Object.entries(list ?? {}).map(([name, server]) => [name, { ...server, hosts: [...server.hosts] } as RecordedServer]));
  return {
    version: 2,
    user: { servers: servers(data.user?.servers as unknown as Record<string, RecordedServer> | undefined) },
    projects: Object.fromEntries(Object.entries(data.projects ?? {}).map(([dir, p]) => [dir, { servers: servers(p.servers as unknown as Record<string, RecordedServer>) }])),
    entries: { ...(data.entries ?? {}) },
    existed: [...(data.existed ?? [])],
    empty: [...(data.empty ?? [])],
    createdDirs: [...(data.createdDirs ?? [])],
  };
}

/** 0.2's user servers carry no hosts: `user.hosts` applied to each, before the shape is checked. */
function withV1Hosts(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const user = (value as { user?: unknown }).user;
  if (user === null || typeof user !== 'object' || Array.isArray(user)) return value;
  const { hosts, servers } = user as { hosts?: unknown; servers?: unknown };
  if (servers === null || typeof servers !== 'object' || Array.isArray(servers)) return value;
  const fallback = Array.isArray(hosts) ? hosts : [];
  const filled = Object.fromEntries(
    Object.entries(servers).map(([name, server]) => [
      name,
      server !== null && typeof server === 'object' && !Array.isArray(server) && !('hosts' in server) ? { ...server, hosts: fallback } : server,
    ]),
  );
  return { ...value, user: { ...user, servers: filled } };
}

function stateInvalid(file: string, message: string, at?: { line: number; column: number }): PatchbayError {
  return new PatchbayError('state-invalid', `${message}. patchbay's record of what it manages cannot be read, so nothing is written.`, {
    path: file,
    ...(at ?? {}),
    hint: 'Run `patchbay repair` to restore it from the transaction journal (it shows what it would write first); if the journal cannot, move the file aside and re-add servers with --adopt.',
  });
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

/**
 * managed.json's text for a command that only reads; null when there is none — also when the state dir
 * is a file (ENOTDIR) or another user's (EACCES): such a reading command writes nothing, and every
 * writing command refuses first (state-dir-unusable) or reads through the overlay, which refuses an
 * unreadable file. Any other failure (managed.json is a folder, a link loop) is a refusal.
 */
export async function readRecordsText(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EACCES') return null;
    throw new PatchbayError('state-invalid', `${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}), so nothing is written.`, {
      path: file,
      cause: error,
      hint: 'Make it a readable regular file again (it is patchbay\'s record of what it manages), or run `patchbay repair`.',
    });
  }
}

/** managed.json as it is on disk, for commands that only read (status, list, update). */
export async function readRecords(stateDir: string): Promise<Records> {
  const file = recordsPath(stateDir);
  return parseRecords(await readRecordsText(file), file);
}

/** managed.json as a plan sees it: read through the overlay, so apply's hash check guards it too. */
export async function readRecordsIn(overlay: PlanningOverlay, file: string): Promise<Records> {
  // A write must know what it owns: a managed.json it cannot read (permissions, a folder, not UTF-8)
  // is that read's own refusal, not an empty record.
  const { problem } = await overlay.file(file);
  if (problem) {
    throw new PatchbayError(problem.code as ErrorCode, problem.message, {
      path: file,
      hint: "It is patchbay's record of what it manages: make it readable (and writable) for your user — it belongs to whoever ran patchbay first, e.g. under sudo — or set PATCHBAY_STATE_DIR to a state dir of your own.",
    });
  }
  return parseRecords(await overlay.text(file), file);
}

/** Stages managed.json's new text in the plan: 0600, it names the user's files. */
export function stageRecords(overlay: PlanningOverlay, file: string, records: Records): Promise<void> {
  return overlay.replaceText(file, renderRecords(records), STATE_LABEL, { createMode: 0o600, journalAfter: true });
}

/** sha256 of an entry's canonical JSON (keys sorted), so layout and key order do not matter. */
export function entryHash(value: unknown): string {
  return sha256Hex(canonical(value));
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return `{${Object.keys(o).sort().map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

