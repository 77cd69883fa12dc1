// server.json → the host-agnostic ServerSpec, by SPEC "Registry": which way to run it (the first stdio
// package patchbay can run, else the first remote), the launch pinned exactly per registry type, and
// every input (arguments, env vars, headers, {variables}) filled from the user's values, the entry's
// `value`, or — when required — its `default`; a required secret env var becomes a reference to the
// variable of the same name, never a literal. Pure: no I/O, no prompts; what is missing is returned.
import { PatchbayError } from '../errors.js';
import { envReference, isVariableName } from '../servers/env-ref.js';
import type { ServerSpec, StringMap } from '../servers/spec.js';
import type { Argument, Input, Package, Remote, ServerJson } from './server-json.js';

export const RUNNABLE_TYPES = ['npm', 'pypi', 'nuget', 'oci'] as const;
export type RunnableType = (typeof RUNNABLE_TYPES)[number];

/** What the user gave: `--env NAME=value` / `--env NAME`, `--var name=value`, `--header 'Name: value'`. */
export interface RegistryInputs {
  env?: StringMap;
  vars?: StringMap;
  headers?: StringMap;
}

export interface MissingInput {
  kind: 'env' | 'arg' | 'var' | 'header';
  name: string;
  description?: string;
  secret: boolean;
}

export interface RegistryOrigin {
  name: string;
  version: string;
  /** The way chosen: a package's registry type, or remote. */
  via: RunnableType | 'remote';
}

export interface Rendered {
  spec: ServerSpec & { registry: RegistryOrigin };
  /** Optional inputs left out (the server's own default applies). */
  leftOut: MissingInput[];
  /** Required inputs with no value: `input-required`, or prompts on a terminal. */
  missing: MissingInput[];
  warnings: string[];
  /** The other ways the entry offers, for add's summary ("also: --remote"). */
  alternatives: string[];
}

export interface Choice {
  package?: string;
  remote?: boolean;
}

/** What an entry offers, for messages and `search`: `npm`, `oci`, `mcpb`, `remote:streamable-http`. */
export function offers(server: ServerJson): string[] {
  return [...server.packages.map((p) => p.registryType), ...server.remotes.map((r) => `remote:${r.type}`)];
}

const isStdio = (p: Package) => p.transport.type === 'stdio';

export function choose(server: ServerJson, choice: Choice = {}): { package: Package } | { remote: Remote } {
  if (choice.remote) {
    const remote = server.remotes[0];
    if (!remote) throw nothingRunnable(server, 'it offers no remote endpoint');
    return { remote };
  }
  if (choice.package !== undefined) {
    const pkg = server.packages.find((p) => p.registryType === choice.package && isStdio(p));
    if (!pkg) throw nothingRunnable(server, `it offers no stdio ${choice.package} package`);
    if (!(RUNNABLE_TYPES as readonly string[]).includes(pkg.registryType)) throw nothingRunnable(server, `patchbay cannot run ${pkg.registryType} packages`);
    return { package: pkg };
  }
  const pkg = server.packages.find((p) => isStdio(p) && (RUNNABLE_TYPES as readonly string[]).includes(p.registryType));
  if (pkg) return { package: pkg };
  const remote = server.remotes[0];
  if (remote) return { remote };
  throw nothingRunnable(server, 'nothing in it is a stdio npm, pypi, nuget or oci package or a remote');
}

function nothingRunnable(server: ServerJson, why: string): PatchbayError {
  const offered = offers(server);
  return new PatchbayError('nothing-runnable', `${server.name}@${server.version} cannot be installed: ${why} (it offers: ${offered.length ? offered.join(', ') : 'nothing'})`, {
    hint: offered.length ? 'choose what it offers with --package TYPE or --remote, where patchbay can run it' : 'the entry describes no way to run the server',
  });
}

/** Fills `{name}` in `template` from `lookup`; undefined when a variable has no value. */
function fill(template: string, lookup: (name: string) => string | undefined): string | undefined {
  let ok = true;
  const out = template.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
    const v = lookup(name);
    if (v === undefined) {
      ok = false;
      return whole;
    }
    return v;
  });
  return ok ? out : undefined;
}

class InputResolver {
  readonly missing: MissingInput[] = [];
  readonly leftOut: MissingInput[] = [];
  constructor(private readonly inputs: RegistryInputs) {}

  /** A `{variable}` of an argument, header or URL: the user's --var, its value, or its default if required. */
  variable(name: string, input: Input | undefined, secretRef: boolean): string | undefined {
    const given = this.inputs.vars?.[name];
    if (given !== undefined) return given;
    if (input?.value !== undefined) return input.value;
    if (input?.isSecret) {
      // A secret is never a literal from the registry; as a reference it names the variable, upper-cased.
      const ref = name.toUpperCase().replace(/[^A-Z0-9_]/g, '_');
      if (secretRef && isVariableName(ref)) return envReference(ref);
    } else if (input?.isRequired && input.default !== undefined) {
      return input.default;
    }
    if (input?.isRequired || input === undefined) this.missing.push({ kind: 'var', name, ...(input?.description ? { description: input.description } : {}), secret: input?.isSecret === true });
    return undefined;
  }

  /** An input's own text: the given value, its value (variables filled), or its default if required. */
  valueOf(input: Input, given: string | undefined, kind: MissingInput['kind'], label: string, secretRef: boolean): string | undefined {
    if (given !== undefined) return given;
    const template = input.value ?? (input.isRequired && !input.isSecret ? input.default : undefined);
    if (template !== undefined) {
      const before = this.missing.length;
      const filled = fill(template, (n) => this.variable(n, input.variables?.[n], secretRef));
      if (filled !== undefined) return filled;
      if (!input.isRequired) {
        this.missing.length = before; // an optional argument whose variables have no value: left out
        this.leftOut.push(this.describe(kind, label, input));
      }
      return undefined;
    }
    if (input.isRequired) this.missing.push(this.describe(kind, label, input));
    else this.leftOut.push(this.describe(kind, label, input));
    return undefined;
  }

  describe(kind: MissingInput['kind'], name: string, input: Input): MissingInput {
    return { kind, name, ...(input.description ? { description: input.description } : {}), secret: input.isSecret === true };
  }

  arguments(args: readonly Argument[]): string[] {
    const out: string[] = [];
    for (const arg of args) {
      const label = arg.type === 'named' ? (arg.name as string) : (arg.valueHint ?? arg.name ?? 'argument');
      const value = this.valueOf(arg, this.inputs.vars?.[label], 'arg', label, true);
      if (value === undefined) continue;
      if (arg.type === 'named') out.push(arg.name as string, value);
      else out.push(value);
    }
    return out;
  }

  env(vars: readonly (Input & { name: string })[]): StringMap {
    const env: StringMap = Object.create(null) as StringMap;
    for (const v of vars) {
      const given = this.inputs.env?.[v.name];
      if (given !== undefined) {
        env[v.name] = given;
        continue;
      }
      if (v.isSecret && v.value === undefined) {
        // A required secret: a reference to the variable of the same name (a default is ignored).
        if (v.isRequired) env[v.name] = envReference(v.name);
        else this.leftOut.push(this.describe('env', v.name, v));
        continue;
      }
      const value = this.valueOf(v, undefined, 'env', v.name, true);
      if (value !== undefined) env[v.name] = value;
    }
    return { ...env };
  }
}

const PINNED_IMAGE = /@sha256:[0-9a-f]{64}$|:[^/:]+$/;

export function renderServerJson(server: ServerJson, inputs: RegistryInputs = {}, choice: Choice = {}): Rendered {
  const chosen = choose(server, choice);
  const resolver = new InputResolver(inputs);
  const warnings: string[] = [];
  const origin = (via: RegistryOrigin['via']): RegistryOrigin => ({ name: server.name, version: server.version, via });
  let spec: Rendered['spec'];
  if ('remote' in chosen) {
    const remote = chosen.remote;
    const url = fill(remote.url, (n) => resolver.variable(n, remote.variables?.[n], false));
    const headers: StringMap = {};
    for (const h of remote.headers ?? []) {
      const given = inputs.headers?.[h.name];
      // A header's `{variables}` may be declared on the header or on its remote (as the URL's are).
      const withVars = { ...h, variables: { ...(remote.variables ?? {}), ...(h.variables ?? {}) } };
      const value = resolver.valueOf(withVars, given, 'header', h.name, true);
      if (value !== undefined) headers[h.name] = value;
    }
    spec = {
      url: url ?? remote.url,
      transport: remote.type === 'sse' ? 'sse' : 'http',
      ...(Object.keys(headers).length ? { headers } : {}),
      registry: origin('remote'),
    };
  } else {
    const pkg = chosen.package;
    const version = pkg.version ?? server.version;
    const runtimeArgs = resolver.arguments(pkg.runtimeArguments ?? []);
    const args = resolver.arguments(pkg.packageArguments ?? []);
    const env = resolver.env(pkg.environmentVariables ?? []);
    const envPart = Object.keys(env).length ? { env } : {};
    const via = pkg.registryType as RunnableType;
    if (via === 'npm') {
      spec = { npm: pkg.identifier, version, ...(runtimeArgs.length ? { runtimeArgs } : {}), ...(args.length ? { args } : {}), ...envPart, registry: origin(via) };
    } else if (via === 'pypi') {
      spec = { pypi: pkg.identifier, version, ...(runtimeArgs.length ? { runtimeArgs } : {}), ...(args.length ? { args } : {}), ...envPart, registry: origin(via) };
    } else if (via === 'nuget') {
      spec = { command: 'dnx', args: [...runtimeArgs, `${pkg.identifier}@${version}`, '--yes', ...(args.length ? ['--', ...args] : [])], ...envPart, registry: origin(via) };
    } else {
      let image = pkg.identifier;
      if (!PINNED_IMAGE.test(image.slice(image.lastIndexOf('/') + 1))) {
        const tag = pkg.version ?? server.version;
        if (tag) image = `${image}:${tag}`;
        else warnings.push(`floating-image: ${image} has no tag or digest; docker runs whatever 'latest' is at each start`);
      }
      // docker passes through only the variables named with -e; the host sets their values.
      const passThrough = Object.keys(env).flatMap((name) => ['-e', name]);
      spec = { command: 'docker', args: ['run', '-i', '--rm', ...passThrough, ...runtimeArgs, image, ...args], ...envPart, registry: origin(via) };
    }
  }
  const alternatives = [
    ...server.packages.filter((p) => !('package' in chosen && p === chosen.package) && isStdio(p) && (RUNNABLE_TYPES as readonly string[]).includes(p.registryType)).map((p) => `--package ${p.registryType}`),
    ...(server.remotes.length && !('remote' in chosen) ? ['--remote'] : []),
  ];
  return { spec, leftOut: resolver.leftOut, missing: dedupe(resolver.missing), warnings, alternatives: [...new Set(alternatives)] };
}

function dedupe(list: MissingInput[]): MissingInput[] {
  const seen = new Set<string>();
  return list.filter((m) => {
    const key = `${m.kind}\0${m.name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
