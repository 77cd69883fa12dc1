// A server, host-agnostic: the one model every host renders (SPEC "A server, host-agnostic"). Sources
// are npm (rendered `npx --yes <pkg>@<exact> …args`), pypi (`uvx <pkg>==<exact> …args`), a command as
// given, or a remote URL. `env` and `headers` values are literals or `${env:NAME}` references, which
// each host writes in its own syntax (env-ref.ts).

export type StringMap = Record<string, string>;

/** An exact released version, as pinned everywhere (`1.2.3`, `1.2.3-rc.1`, `1.2.3+build`). The one version pattern. */
export const EXACT_VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

export function isExactVersion(version: string): boolean {
  return EXACT_VERSION.test(version);
}

/** Where a server came from when it was installed by name from an MCP registry (the manifest keeps it for `update`). */
export interface RegistrySource {
  /** The registry name, e.g. io.github.github/github-mcp-server. */
  name: string;
  /** The exact server version resolved at add/update. */
  version: string;
  /** The way chosen: npm, pypi, nuget, oci or remote. */
  via: string;
  /** The --var values given at add (never secrets: a secret is a reference), re-applied by `update`. */
  vars?: StringMap;
}

export interface NpmSource {
  registry?: RegistrySource;
  npm: string;
  /** The exact version written everywhere (resolved once from `range` at add/update). */
  version: string;
  /** What `update` may move within, e.g. ^1.0.0. */
  range?: string;
  /** Arguments to npx itself, before the package (a registry entry's `runtimeArguments`). */
  runtimeArgs?: string[];
  /** Arguments to the server, after the package. */
  args?: string[];
  env?: StringMap;
}

export interface PypiSource {
  registry?: RegistrySource;
  pypi: string;
  /** Exact version; without one the server floats (a warning: no PyPI access to pin it). */
  version?: string;
  /** Arguments to uvx itself, before the package (a registry entry's `runtimeArguments`). */
  runtimeArgs?: string[];
  args?: string[];
  env?: StringMap;
}

export interface CommandSource {
  registry?: RegistrySource;
  command: string;
  args?: string[];
  env?: StringMap;
}

export interface UrlSource {
  registry?: RegistrySource;
  url: string;
  transport?: 'http' | 'sse';
  headers?: StringMap;
}

export type ServerSpec = NpmSource | PypiSource | CommandSource | UrlSource;

export interface StdioLaunch {
  transport: 'stdio';
  command: string;
  args: string[];
  env: StringMap;
}

export interface RemoteLaunch {
  transport: 'http' | 'sse';
  url: string;
  headers: StringMap;
}

export type Launch = StdioLaunch | RemoteLaunch;

export function isUrlSource(spec: ServerSpec): spec is UrlSource {
  return 'url' in spec;
}

/** The command line or URL a host runs for this server (before any host-specific rendering). */
export function launchOf(spec: ServerSpec): Launch {
  if ('url' in spec) return { transport: spec.transport ?? 'http', url: spec.url, headers: { ...(spec.headers ?? {}) } };
  const env = { ...(spec.env ?? {}) };
  if ('npm' in spec) {
    return { transport: 'stdio', command: 'npx', args: ['--yes', ...(spec.runtimeArgs ?? []), `${spec.npm}@${spec.version}`, ...(spec.args ?? [])], env };
  }
  if ('pypi' in spec) {
    const pinned = spec.version === undefined ? spec.pypi : `${spec.pypi}==${spec.version}`;
    return { transport: 'stdio', command: 'uvx', args: [...(spec.runtimeArgs ?? []), pinned, ...(spec.args ?? [])], env };
  }
  return { transport: 'stdio', command: spec.command, args: [...(spec.args ?? [])], env };
}

/** "npm patchbay-mcp@0.2.0", "url https://…" — for summaries (never a secret: no env, no headers). */
export function describeSpec(spec: ServerSpec): string {
  const launch = describeLaunch(spec);
  return spec.registry ? `${spec.registry.name}@${spec.registry.version}: ${launch}` : launch;
}

function describeLaunch(spec: ServerSpec): string {
  if ('npm' in spec) return `${spec.npm}@${spec.version}`;
  if ('pypi' in spec) return spec.version === undefined ? spec.pypi : `${spec.pypi}==${spec.version}`;
  if ('url' in spec) return urlSummary(spec.url);
  return spec.command;
}

/** A URL without what may be secret in it (credentials, the query's values): `https://x.test/mcp?…`. */
function urlSummary(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}${parsed.search ? '?…' : ''}`;
  } catch {
    return '<not a URL>';
  }
}
