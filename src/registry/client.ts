// A client of the MCP Registry API v0.1 (the official registry and any registry speaking its API,
// ../shared/docs/mcp-registry/openapi.yaml), on the platform's fetch. Every answer is untrusted: https
// only (loopback http for tests and local sub-registries), no redirect followed, a time limit per
// request, bodies read as a stream and cut at a cap, JSON checked before use. Each failure is a typed
// refusal; nothing here writes.
import { PatchbayError } from '../errors.js';

export const OFFICIAL_REGISTRY = 'https://registry.modelcontextprotocol.io';
export const DEFAULT_TIMEOUT_MS = 15_000;
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

export interface RegistryOptions {
  /** Base URL: `--registry`, else PATCHBAY_REGISTRY, else the official registry (resolved by the face). */
  baseUrl?: string;
  timeoutMs?: number;
}

/** One entry as the API returns it: the server.json and the registry's own metadata. */
export interface RegistryEntry {
  server: unknown;
  status: 'active' | 'deprecated' | 'deleted' | undefined;
  isLatest: boolean | undefined;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function registryBase(url: string): URL {
  let base: URL;
  try {
    base = new URL(url);
  } catch {
    throw new PatchbayError('registry-insecure', `registry URL '${url}' is not a URL`, { hint: 'pass --registry https://…' });
  }
  if (base.protocol === 'https:' || (base.protocol === 'http:' && LOOPBACK.has(base.hostname))) return base;
  throw new PatchbayError('registry-insecure', `registry URL ${base.origin} is not https (plain http is allowed only on this machine: localhost, 127.0.0.1)`, {
    hint: 'use the https URL of the registry',
  });
}

export class RegistryClient {
  readonly base: URL;
  readonly timeoutMs: number;

  constructor(options: RegistryOptions = {}) {
    this.base = registryBase(options.baseUrl ?? OFFICIAL_REGISTRY);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** The newest versions whose names contain `text`, following cursors up to `limit` entries. */
  async search(text: string, limit: number): Promise<RegistryEntry[]> {
    const out: RegistryEntry[] = [];
    let cursor: string | undefined;
    for (let page = 0; out.length < limit && page < 100; page++) {
      const query = new URLSearchParams({ search: text, limit: String(Math.min(100, limit - out.length)), version: 'latest' });
      if (cursor) query.set('cursor', cursor);
      const body = await this.get(`/v0.1/servers?${query}`);
      const { entries, nextCursor } = listOf(body);
      out.push(...entries);
      if (!nextCursor || entries.length === 0) break;
      cursor = nextCursor;
    }
    return out.slice(0, limit);
  }

  /** One version (`latest` or exact) of a server; registry-not-found with a did-you-mean when absent. */
  async version(name: string, version: string): Promise<RegistryEntry> {
    const body = await this.get(`/v0.1/servers/${encodeURIComponent(name)}/versions/${encodeURIComponent(version)}`, async () => {
      const near = await this.search(name.split('/').pop() ?? name, 5).catch(() => []);
      const names = [...new Set(near.map((e) => (e.server as { name?: unknown }).name).filter((n): n is string => typeof n === 'string'))];
      return new PatchbayError('registry-not-found', version === 'latest' ? `no server named ${name} in ${this.base.origin}` : `${name} has no version ${version} in ${this.base.origin}`, {
        hint: names.length ? `did you mean ${names.join(', ')}? (patchbay search <text> lists what the registry has)` : 'patchbay search <text> lists what the registry has',
      });
    });
    return entryOf(body, '');
  }

  private async get(pathAndQuery: string, notFound?: () => Promise<PatchbayError>): Promise<unknown> {
    const url = new URL(this.base.pathname.replace(/\/$/, '') + pathAndQuery, this.base);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    try {
      let response: Response;
      try {
        response = await fetch(url, { redirect: 'manual', signal: controller.signal, headers: { accept: 'application/json' } });
      } catch (error) {
        if (controller.signal.aborted) throw timeout(this.base, this.timeoutMs);
        throw new PatchbayError('registry-unreachable', `cannot reach the registry ${this.base.origin}: ${(error as Error).message}`, {
          hint: 'check the network or --registry / PATCHBAY_REGISTRY; nothing was written',
        });
      }
      if (response.status >= 300 && response.status < 400) {
        throw new PatchbayError('registry-insecure', `the registry ${this.base.origin} answered with a redirect (${response.status}); patchbay does not follow registry redirects`, {
          hint: 'pass the final registry URL with --registry',
        });
      }
      if (response.status === 404 && notFound) {
        await response.body?.cancel();
        throw await notFound();
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new PatchbayError('registry-unreachable', `the registry ${this.base.origin} answered ${response.status} for ${url.pathname}`, { hint: 'try again later; nothing was written' });
      }
      const text = await readCapped(response, this.base);
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new PatchbayError('registry-malformed', `the registry ${this.base.origin} answered ${url.pathname} with something that is not JSON`, { hint: 'is --registry the URL of an MCP registry?' });
      }
    } catch (error) {
      if (controller.signal.aborted && !(error instanceof PatchbayError)) throw timeout(this.base, this.timeoutMs);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
}

function timeout(base: URL, ms: number): PatchbayError {
  return new PatchbayError('registry-timeout', `the registry ${base.origin} did not answer within ${ms} ms`, { hint: 'try again, or raise --registry-timeout; nothing was written' });
}

async function readCapped(response: Response, base: URL): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  const tooLarge = () => new PatchbayError('registry-too-large', `the registry ${base.origin} sent more than ${MAX_BODY_BYTES / 1024 / 1024} MiB for one answer`, { hint: 'is --registry the URL of an MCP registry? nothing was written' });
  if (declared > MAX_BODY_BYTES) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function malformed(pointer: string, message: string): PatchbayError {
  return new PatchbayError('registry-malformed', `registry answer ${pointer || '(top level)'}: ${message}`, { pointer, hint: 'is --registry the URL of an MCP registry?' });
}

function entryOf(value: unknown, pointer: string): RegistryEntry {
  if (!isObject(value) || !isObject(value.server)) throw malformed(`${pointer}/server`, 'must hold a server object');
  const meta = isObject(value._meta) ? value._meta['io.modelcontextprotocol.registry/official'] : undefined;
  const status = isObject(meta) && typeof meta.status === 'string' ? meta.status : undefined;
  if (status !== undefined && status !== 'active' && status !== 'deprecated' && status !== 'deleted') throw malformed(`${pointer}/_meta`, `unknown status '${status.slice(0, 40)}'`);
  return { server: value.server, status, isLatest: isObject(meta) && typeof meta.isLatest === 'boolean' ? meta.isLatest : undefined };
}

function listOf(value: unknown): { entries: RegistryEntry[]; nextCursor: string | undefined } {
  if (!isObject(value) || !Array.isArray(value.servers)) throw malformed('/servers', 'must be a list');
  const entries = value.servers.map((e, i) => entryOf(e, `/servers/${i}`));
  const meta = isObject(value.metadata) ? value.metadata : {};
  const next = typeof meta.nextCursor === 'string' && meta.nextCursor !== '' ? meta.nextCursor : undefined;
  return { entries, nextCursor: next };
}
