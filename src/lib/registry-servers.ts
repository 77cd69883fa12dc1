// `plan({servers: {x: {registry: 'io.github.acme/chant', version: '1.4.0'}}})`: a server named by its
// MCP-registry name is fetched and rendered exactly as `patchbay add io.github.acme/chant@1.4.0` does
// (src/registry/resolve.ts), then planned like any other ServerSpec. The registry is the options' env
// PATCHBAY_REGISTRY, else the official one, unless `registryUrl` names another.
import { OFFICIAL_REGISTRY, RegistryClient } from '../registry/client.js';
import type { RunnableType } from '../registry/render.js';
import { fetchEntry, renderChecked } from '../registry/resolve.js';
import type { ServerSpec, StringMap } from '../servers/spec.js';

/** A server from an MCP registry, by name. */
export interface RegistryServer {
  /** The registry name, e.g. `io.github.acme/chant`. */
  registry: string;
  /** An exact version, or 'latest' (the default); the plan records the exact version it resolved. */
  version?: string;
  /** The registry's base URL (https; http only on loopback). */
  registryUrl?: string;
  /** Per request, in milliseconds (default 15000). */
  timeoutMs?: number;
  /** Values for the entry's env vars: a value, or a reference such as `${API_KEY}` for a secret. */
  env?: StringMap;
  /** Values for `{variables}` in its arguments and URLs. */
  vars?: StringMap;
  /** Values for a remote's headers. */
  headers?: StringMap;
  /** Run this package type instead of the first runnable one. */
  package?: RunnableType;
  /** Use its remote endpoint instead of a package. */
  remote?: boolean;
}

export function isRegistryServer(spec: ServerSpec | RegistryServer): spec is RegistryServer {
  return typeof (spec as { registry?: unknown }).registry === 'string';
}

/** Every registry server resolved to its ServerSpec (one fetch each); the others as given. */
export async function resolveRegistryServers(
  servers: Readonly<Record<string, ServerSpec | RegistryServer>>,
  env: Readonly<Record<string, string | undefined>>,
): Promise<Record<string, ServerSpec>> {
  const entries = await Promise.all(Object.entries(servers).map(async ([name, spec]): Promise<[string, ServerSpec]> => {
    if (!isRegistryServer(spec)) return [name, spec];
    const client = new RegistryClient({ baseUrl: spec.registryUrl ?? (env.PATCHBAY_REGISTRY || OFFICIAL_REGISTRY), ...(spec.timeoutMs !== undefined ? { timeoutMs: spec.timeoutMs } : {}) });
    const { raw } = await fetchEntry(client, spec.registry, spec.version);
    const choice = { ...(spec.package !== undefined ? { package: spec.package } : {}), ...(spec.remote ? { remote: true } : {}) };
    const { rendered } = renderChecked(raw, { env: { ...spec.env }, vars: { ...spec.vars }, headers: { ...spec.headers } }, choice, 'give them in the server\'s env, vars or headers');
    return [name, rendered.spec];
  }));
  return Object.fromEntries(entries);
}
