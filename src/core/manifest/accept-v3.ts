// A zod-free reader of the common v3 manifest. Every command that finds a patchbay.jsonc reads it
// (list, status, add, sync, …), and loading zod's schema chunk for that cost `list` ~13 ms of compile and
// run plus its garbage (--cpu-prof, issue 25). This accepts ONLY what ManifestV3Schema accepts and gives the
// data zod would give (the same keys, in the schema's order); anything else — a v2 file, an unknown key, a
// wrong type, a URL it is not sure of — answers undefined, and the caller asks zod, which then also words
// the error. schema.ts stays the single source of the format: test/lib/manifest-accept.test.ts checks
// this reader against it on generated manifests (accepted ⇒ zod accepts, with equal output).
import { HOST_IDS } from '../../installers/catalog-data.js';
import { EXACT_VERSION } from '../../servers/spec.js';
import type { ManifestV3 } from './schema.js';

type Obj = Record<string, unknown>;

const HOSTS: ReadonlySet<string> = new Set(HOST_IDS);
const SCOPES: ReadonlySet<string> = new Set(['project', 'user']);
const VIAS: ReadonlySet<string> = new Set(['npm', 'pypi', 'nuget', 'oci', 'remote']);
// A URL every WHATWG parser and zod's check agree on: http(s), a plain host name, no spaces.
const PLAIN_URL = /^https?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?(?:[/?#][^\s]*)?$/;

const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const isStr = (v: unknown): v is string => typeof v === 'string';
const nonEmpty = (v: unknown): v is string => isStr(v) && v.length > 0;
const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every(isStr);
const stringMap = (v: unknown): v is Record<string, string> => isObj(v) && Object.values(v).every(isStr);

/** Only these keys, each passing its check when present, the required ones present; out: schema order. */
function strict(value: unknown, shape: ReadonlyArray<[key: string, ok: (v: unknown) => boolean, required?: boolean]>): Obj | undefined {
  if (!isObj(value)) return undefined;
  const known = new Set(shape.map(([k]) => k));
  if (Object.keys(value).some((k) => !known.has(k))) return undefined;
  const out: Obj = {};
  for (const [key, ok, required] of shape) {
    if (!Object.hasOwn(value, key) || value[key] === undefined) {
      if (required) return undefined;
      continue;
    }
    const v = value[key];
    if (!ok(v)) return undefined;
    out[key] = copy(v);
  }
  return out;
}

/** A plain copy (the document's objects have no prototype; zod's output has). */
function copy(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(copy);
  if (isObj(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, copy(x)]));
  return v;
}

const hostList = (v: unknown) => Array.isArray(v) && v.length > 0 && v.every((h) => isStr(h) && HOSTS.has(h)) && new Set(v).size === v.length;
const scope = (v: unknown) => isStr(v) && SCOPES.has(v);
const registry = (v: unknown) => strict(v, [['name', nonEmpty, true], ['version', nonEmpty, true], ['via', (x) => isStr(x) && VIAS.has(x), true], ['vars', stringMap]]) !== undefined;
const url = (v: unknown) => isStr(v) && PLAIN_URL.test(v) && URL.canParse(v);

const PLACEMENT: Array<[string, (v: unknown) => boolean, boolean?]> = [['registry', registry], ['hosts', hostList, true], ['scope', scope]];
const SERVERS: Record<string, Array<[string, (v: unknown) => boolean, boolean?]>> = {
  npm: [['npm', nonEmpty, true], ['version', (v) => isStr(v) && EXACT_VERSION.test(v), true], ['range', isStr], ['runtimeArgs', strings], ['args', strings], ['env', stringMap], ...PLACEMENT],
  pypi: [['pypi', nonEmpty, true], ['version', isStr], ['runtimeArgs', strings], ['args', strings], ['env', stringMap], ...PLACEMENT],
  url: [['url', url, true], ['transport', (v) => v === 'http' || v === 'sse'], ['headers', stringMap], ...PLACEMENT],
  command: [['command', nonEmpty, true], ['args', strings], ['env', stringMap], ...PLACEMENT],
};

function server(value: unknown): Obj | undefined {
  if (!isObj(value)) return undefined;
  const kinds = Object.keys(SERVERS).filter((k) => Object.hasOwn(value, k));
  return kinds.length === 1 ? strict(value, SERVERS[kinds[0] as string] as Array<[string, (v: unknown) => boolean, boolean?]>) : undefined;
}

/** The v3 manifest as ManifestV3Schema would parse it, or undefined: ask zod (and let it word the error). */
export function acceptV3(raw: unknown): ManifestV3 | undefined {
  if (!isObj(raw) || raw.manifestVersion !== 3) return undefined;
  const top = strict(raw, [['$schema', isStr], ['manifestVersion', (v) => v === 3, true], ['hosts', hostList], ['scope', scope], ['servers', isObj]]);
  if (top === undefined) return undefined;
  if (top.servers !== undefined) {
    const servers: Obj = {};
    for (const [name, value] of Object.entries(raw.servers as Obj)) {
      // `__proto__` as a server name: zod's own handling decides (and checkServers names it).
      const parsed = name.length > 0 && name !== '__proto__' ? server(value) : undefined;
      if (parsed === undefined) return undefined;
      servers[name] = parsed;
    }
    top.servers = servers;
  }
  return top as ManifestV3;
}
