// The shape of managed.json, checked on every read: the file decides what patchbay may touch (an entry
// it does not record is foreign, never removed), so a damaged one must stop patchbay, not read as empty
// (issue 24: an empty read turned every managed server foreign and the next write erased the records).
// Keys this version does not know are ignored; a version it does not know is refused. Hand-written, not
// zod: every write command reads this file, and none of them should load a schema library for it.
import { HOST_IDS } from '../../installers/catalog-data.js';

export interface RecordsFile {
  version: 1 | 2;
  user?: { hosts?: string[]; servers?: Record<string, RecordedServerShape> };
  projects?: Record<string, { servers: Record<string, RecordedServerShape> }>;
  entries?: Record<string, Record<string, string>>;
  existed?: string[];
  empty?: string[];
  createdDirs?: string[];
}

/** A launch (one of npm, pypi, command, url) plus `hosts`; the launch members as the manifest has them. */
export type RecordedServerShape = Record<string, unknown> & { hosts: string[] };

export type RecordsCheck = { ok: true; data: RecordsFile } | { ok: false; where: string; message: string };

class Invalid extends Error {
  constructor(readonly where: string, message: string) {
    super(message);
  }
}

const HOSTS: ReadonlySet<string> = new Set(HOST_IDS);
const SHA256 = /^[0-9a-f]{64}$/;
const SOURCES = ['npm', 'pypi', 'command', 'url'] as const;
const STRING_LISTS = ['args', 'runtimeArgs'] as const;
const STRING_MAPS = ['env', 'headers'] as const;
const STRINGS = ['version', 'range', 'transport'] as const;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function object(value: unknown, where: string): Record<string, unknown> {
  if (!isObject(value)) throw new Invalid(where, 'must be an object');
  return value;
}

function strings(value: unknown, where: string): string[] {
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || v === '')) throw new Invalid(where, 'must be a list of non-empty strings');
  return value as string[];
}

function stringMap(value: unknown, where: string, test?: (v: string) => boolean, what = 'strings'): Record<string, string> {
  const o = object(value, where);
  for (const [k, v] of Object.entries(o)) if (typeof v !== 'string' || (test && !test(v))) throw new Invalid(`${where}.${k}`, `must be ${what}`);
  return o as Record<string, string>;
}

function server(value: unknown, where: string): RecordedServerShape {
  const o = object(value, where);
  const sources = SOURCES.filter((k) => k in o);
  if (sources.length !== 1) throw new Invalid(where, `must have exactly one of ${SOURCES.join(', ')}`);
  const source = sources[0] as (typeof SOURCES)[number];
  if (typeof o[source] !== 'string' || o[source] === '') throw new Invalid(`${where}.${source}`, 'must be a non-empty string');
  for (const k of STRINGS) if (k in o && typeof o[k] !== 'string') throw new Invalid(`${where}.${k}`, 'must be a string');
  for (const k of STRING_LISTS) if (k in o) strings(o[k], `${where}.${k}`);
  for (const k of STRING_MAPS) if (k in o) stringMap(o[k], `${where}.${k}`);
  if ('registry' in o) {
    const r = object(o.registry, `${where}.registry`);
    for (const k of ['name', 'version', 'via'] as const) if (typeof r[k] !== 'string' || r[k] === '') throw new Invalid(`${where}.registry.${k}`, 'must be a non-empty string');
  }
  if (source === 'npm' && typeof o.version !== 'string') throw new Invalid(`${where}.version`, 'an npm server must record its exact version');
  const hosts = strings(o.hosts ?? [], `${where}.hosts`);
  const unknown = hosts.find((h) => !HOSTS.has(h));
  if (unknown !== undefined) throw new Invalid(`${where}.hosts`, `'${unknown}' is not a host id`);
  return o as RecordedServerShape;
}

function servers(value: unknown, where: string): Record<string, RecordedServerShape> {
  const o = object(value, where);
  for (const [name, s] of Object.entries(o)) server(s, `${where}.${name}`);
  return o as Record<string, RecordedServerShape>;
}

export function checkRecordsFile(value: unknown): RecordsCheck {
  try {
    const o = object(value, 'the top level');
    if (o.version !== 1 && o.version !== 2) throw new Invalid('version', 'must be 1 or 2 (a newer patchbay wrote this file?)');
    if ('user' in o) {
      const user = object(o.user, 'user');
      if ('hosts' in user) strings(user.hosts, 'user.hosts');
      if ('servers' in user) servers(user.servers, 'user.servers');
    }
    if ('projects' in o) for (const [dir, p] of Object.entries(object(o.projects, 'projects'))) servers(object(p, `projects.${dir}`).servers, `projects.${dir}.servers`);
    if ('entries' in o) for (const [file, e] of Object.entries(object(o.entries, 'entries'))) stringMap(e, `entries.${file}`, (v) => SHA256.test(v), 'a sha256 (64 hex digits)');
    for (const k of ['existed', 'empty', 'createdDirs'] as const) if (k in o) strings(o[k], k);
    return { ok: true, data: o as unknown as RecordsFile };
  } catch (error) {
    if (error instanceof Invalid) return { ok: false, where: error.where, message: error.message };
    throw error;
  }
}
