// `patchbay add <name> <source>` → a ServerSpec. The source is exactly one of: an npm spec
// (`pkg`, `pkg@^1.2`, `@scope/pkg@1.2.3`), `--pypi pkg==1.2.3`, `--url URL`, or `-- command args…`.
// An npm range is resolved here, once, to the exact version every host and the manifest get.
import { PatchbayError } from '../errors.js';
import { resolveNpmVersion, splitPackageSpec } from '../core/servers/resolve.js';
import type { ServerSpec, StringMap } from '../servers/spec.js';
import { envReference, isVariableName } from '../servers/env-ref.js';
import { RESERVED_NAME, serverNameProblem, specProblems } from '../servers/validate.js';
import { PACKAGE_NAME } from '../version.js';
import type { CommandArgs } from './args.js';

function usage(message: string, hint = "Run 'patchbay add --help' for usage."): PatchbayError {
  return new PatchbayError('usage', message, { hint });
}

/** Keys a plain object drops or treats as its prototype: refused rather than lost. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** `--env K=V` (a literal or `${env:K}`), or `--env K` alone: a reference to the same variable. */
export function parseEnv(values: readonly string[] = []): StringMap {
  const env: StringMap = {};
  for (const item of values) {
    const eq = item.indexOf('=');
    const key = eq < 0 ? item : item.slice(0, eq);
    if (!isVariableName(key) || PROTOTYPE_KEYS.has(key)) throw usage(`--env ${item}: '${key}' is not a variable name.`);
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
    const key = item.slice(0, colon).trim();
    if (PROTOTYPE_KEYS.has(key)) throw usage(`--header '${item}': '${key}' is not a header name.`);
    headers[key] = item.slice(colon + 1).trim();
  }
  return headers;
}

/** The spec, checked by the one validator (servers/validate.ts) the manifest and library use too. */
export async function specFromArgs(args: CommandArgs, env: Readonly<Record<string, string | undefined>>): Promise<{ name: string; spec: ServerSpec }> {
  const { name, spec } = await specOfFlags(args, env);
  const problems = specProblems(name, spec, { ownPackage: PACKAGE_NAME });
  if (problems.length > 0) throw usage(`${name}: ${problems.map((p) => `${p.where}: ${p.message}`).join('; ')}.`);
  return { name, spec };
}

async function specOfFlags(args: CommandArgs, env: Readonly<Record<string, string | undefined>>): Promise<{ name: string; spec: ServerSpec }> {
  const [name, pkg, ...extra] = args.words ?? [];
  if (name === undefined) throw usage('add needs a server name, e.g. `patchbay add github --url https://api.githubcopilot.com/mcp/`.');
  const nameProblem = serverNameProblem(name, undefined, { ownPackage: PACKAGE_NAME });
  // The reserved name is judged with the spec (patchbay's own package may take it), below.
  if (nameProblem && name !== RESERVED_NAME) throw usage(`${nameProblem}.`);
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
    // Without a version uvx runs whatever is newest at each start, and patchbay cannot ask PyPI for
    // the newest release to pin here: refused, like an unpinned npx command.
    if (!version) throw usage(`--pypi ${pypi} has no version: write the exact release to pin, e.g. --pypi ${pypi}==1.2.3.`);
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
