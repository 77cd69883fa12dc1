// `patchbay add <name> <source>` → a ServerSpec. The source is exactly one of: an npm spec
// (`pkg`, `pkg@^1.2`, `@scope/pkg@1.2.3`), `--pypi pkg==1.2.3`, `--url URL`, or `-- command args…`.
// An npm range is resolved here, once, to the exact version every host and the manifest get.
import { PatchbayError } from '../errors.js';
import { resolveNpmVersion, splitPackageSpec } from '../core/servers/resolve.js';
import type { ServerSpec, StringMap } from '../servers/spec.js';
import { envReference, isVariableName } from '../servers/env-ref.js';
import type { CommandArgs } from './args.js';

function usage(message: string, hint = "Run 'patchbay add --help' for usage."): PatchbayError {
  return new PatchbayError('usage', message, { hint });
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** `--env K=V` (a literal or `${env:K}`), or `--env K` alone: a reference to the same variable. */
export function parseEnv(values: readonly string[] = []): StringMap {
  const env: StringMap = {};
  for (const item of values) {
    const eq = item.indexOf('=');
    const key = eq < 0 ? item : item.slice(0, eq);
    if (!isVariableName(key)) throw usage(`--env ${item}: '${key}' is not a variable name.`);
    env[key] = eq < 0 ? envReference(key) : item.slice(eq + 1);
  }
  return env;
}

/** `--header 'Authorization: Bearer ${env:TOKEN}'`. */
export function parseHeaders(values: readonly string[] = []): StringMap {
  const headers: StringMap = {};
  for (const item of values) {
    const colon = item.indexOf(':');
    if (colon <= 0) throw usage(`--header '${item}' must look like 'Name: value'.`);
    headers[item.slice(0, colon).trim()] = item.slice(colon + 1).trim();
  }
  return headers;
}

export async function specFromArgs(args: CommandArgs, env: Readonly<Record<string, string | undefined>>): Promise<{ name: string; spec: ServerSpec }> {
  const [name, pkg, ...extra] = args.words ?? [];
  if (name === undefined) throw usage('add needs a server name, e.g. `patchbay add github --url https://api.githubcopilot.com/mcp/`.');
  if (!NAME.test(name)) throw usage(`'${name}' is not a usable server name: letters, digits, '.', '_' and '-' only.`);
  if (extra.length > 0) throw usage(`Unexpected argument(s) ${extra.map((e) => `'${e}'`).join(', ')}: server arguments go after \`--\`.`);
  const sources = [pkg !== undefined, args.pypi !== undefined, args.url !== undefined, pkg === undefined && args.pypi === undefined && (args.commandLine?.length ?? 0) > 0];
  if (sources.filter(Boolean).length !== 1) {
    throw usage('add needs exactly one source: an npm package, --pypi <pkg==version>, --url <URL>, or `-- <command> [args…]`.');
  }
  const envMap = parseEnv(args.env);
  const tail = args.commandLine ?? [];
  if (args.url !== undefined) {
    if (args.env?.length) throw usage('--env is for local servers; a remote server takes --header.');
    if (args.transport !== undefined && args.transport !== 'http' && args.transport !== 'sse') throw usage(`--transport must be http or sse, not '${args.transport}'.`);
    let url: URL;
    try {
      url = new URL(args.url);
    } catch {
      throw usage(`--url '${args.url}' is not a URL.`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw usage(`--url must be http(s), not ${url.protocol}`);
    const headers = parseHeaders(args.header);
    const spec: ServerSpec = { url: args.url, ...(args.transport ? { transport: args.transport as 'http' | 'sse' } : {}), ...(Object.keys(headers).length ? { headers } : {}) };
    return { name, spec };
  }
  if (args.header?.length) throw usage('--header is for remote servers (--url).');
  const common = { ...(tail.length ? { args: tail } : {}), ...(Object.keys(envMap).length ? { env: envMap } : {}) };
  if (args.pypi !== undefined) {
    const [pypi, version] = args.pypi.split('==');
    if (!pypi) throw usage('--pypi needs a package, e.g. --pypi mcp-server-git==2025.1.14.');
    return { name, spec: { pypi, ...(version ? { version } : {}), ...common } };
  }
  if (pkg !== undefined) {
    const { name: npm, range } = splitPackageSpec(pkg);
    const version = await resolveNpmVersion(npm, range, env);
    const exact = range !== undefined && range === version;
    return { name, spec: { npm, version, ...(range !== undefined && !exact ? { range } : {}), ...common } };
  }
  const [command, ...rest] = tail;
  return { name, spec: { command: command as string, ...(rest.length ? { args: rest } : {}), ...(Object.keys(envMap).length ? { env: envMap } : {}) } };
}
