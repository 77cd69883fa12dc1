// `patchbay add <registry-name>[@version]` and `add --from ./server.json`: resolve the entry (registry
// client), render it (registry/render.ts) with the user's --env/--var/--header, and hand the ServerSpec
// to the same planner as every add. A required input with no value: asked on a terminal (a secret as
// an env var NAME, never a value), else `input-required` (exit 2) listing every one.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PatchbayError } from '../errors.js';
import { RegistryClient, OFFICIAL_REGISTRY } from '../registry/client.js';
import { renderServerJson, type MissingInput, type Rendered } from '../registry/render.js';
import { defaultEntryName, fetchEntry, inputRequired, INPUTS_HINT, recordVars, splitRegistryName } from '../registry/resolve.js';
import { readServerJson, type ServerJson } from '../registry/server-json.js';
import { envReference, isVariableName } from '../servers/env-ref.js';
import type { ServerSpec, StringMap } from '../servers/spec.js';
import type { CommandArgs } from './args.js';
import { parseEnv, parseHeaders } from './spec-from-args.js';

/** `add io.github.org/name[@1.2.3]` (a name with a slash and no other source), or `add --from file`. */
export function isRegistryAdd(args: CommandArgs): boolean {
  if (args.from !== undefined) return true;
  const words = args.words ?? [];
  return words.length === 1 && (words[0] as string).includes('/') && !(words[0] as string).startsWith('@') && args.pypi === undefined && args.url === undefined && !args.commandLine?.length;
}

export function registryClient(args: CommandArgs, env: Readonly<Record<string, string | undefined>>): RegistryClient {
  return new RegistryClient({ baseUrl: args.registry ?? (env.PATCHBAY_REGISTRY || OFFICIAL_REGISTRY), ...(args.registryTimeoutMs !== undefined ? { timeoutMs: args.registryTimeoutMs } : {}) });
}

function parseVars(values: readonly string[] = []): StringMap {
  const vars: StringMap = {};
  for (const item of values) {
    const eq = item.indexOf('=');
    if (eq <= 0) throw new PatchbayError('usage', `--var '${item}' must look like name=value.`, { hint: "Run 'patchbay add --help' for usage." });
    vars[item.slice(0, eq)] = item.slice(eq + 1);
  }
  return vars;
}

export interface RegistryAdd {
  name: string;
  spec: ServerSpec;
  rendered: Rendered;
  server: ServerJson;
  notes: string[];
}

type Ask = (missing: MissingInput[]) => Promise<{ env: StringMap; vars: StringMap; headers: StringMap }>;

/** Resolves, renders and checks one registry server; `ask` is given on a terminal. */
export async function registryServerFromArgs(args: CommandArgs, env: Readonly<Record<string, string | undefined>>, ask?: Ask): Promise<RegistryAdd> {
  const notes: string[] = [];
  let raw: unknown;
  if (args.from !== undefined) {
    const file = path.resolve(args.projectDir, args.from);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      throw new PatchbayError('usage', `--from ${args.from}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}.`, { hint: 'give the path of a server.json' });
    }
    try {
      raw = JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch (error) {
      throw new PatchbayError('registry-malformed', `--from ${args.from} is not JSON: ${(error as Error).message}`, { path: file });
    }
  } else {
    const { name, version } = splitRegistryName((args.words ?? [])[0] as string);
    const entry = await fetchEntry(registryClient(args, env), name, version);
    notes.push(...entry.notes);
    raw = entry.raw;
  }
  const server = readServerJson(raw);
  const inputs = { env: parseEnv(args.env), vars: parseVars(args.vars), headers: parseHeaders(args.header) };
  const choice = { ...(args.packageType !== undefined ? { package: args.packageType } : {}), ...(args.remote ? { remote: true } : {}) };
  let rendered = renderServerJson(server, inputs, choice);
  if (rendered.missing.length > 0 && ask) {
    const answers = await ask(rendered.missing);
    rendered = renderServerJson(server, { env: { ...inputs.env, ...answers.env }, vars: { ...inputs.vars, ...answers.vars }, headers: { ...inputs.headers, ...answers.headers } }, choice);
  }
  if (rendered.missing.length > 0) throw inputRequired(server, rendered.missing, INPUTS_HINT);
  const name = args.as ?? defaultEntryName(server);
  recordVars(rendered, inputs.vars);
  notes.push(...rendered.warnings.map((w) => `warning: ${w}`));
  if (rendered.leftOut.length) notes.push(`left out (optional, the server's default applies): ${rendered.leftOut.map((m) => `${m.kind} ${m.name}`).join(', ')}`);
  if (rendered.alternatives.length) notes.push(`${server.name} can also run with: ${rendered.alternatives.join(', ')}`);
  return { name, spec: rendered.spec, rendered, server, notes };
}

/**
 * `update` of a server installed from a registry: the newest version, rendered the way it was chosen
 * (same package type or remote) with the values it has now (its env and headers, the --var values
 * recorded at add). Undefined when it is already the newest.
 */
export async function updatedRegistryServer(args: CommandArgs, env: Readonly<Record<string, string | undefined>>, spec: ServerSpec): Promise<{ spec: ServerSpec; from: string; to: string } | undefined> {
  const origin = spec.registry;
  if (!origin) return undefined;
  const server = readServerJson((await fetchEntry(registryClient(args, env), origin.name)).raw);
  if (server.version === origin.version) return undefined;
  const inputs = {
    env: 'url' in spec ? {} : { ...(spec.env ?? {}) },
    headers: 'url' in spec ? { ...(spec.headers ?? {}) } : {},
    vars: { ...(origin.vars ?? {}) },
  };
  const rendered = renderServerJson(server, inputs, origin.via === 'remote' ? { remote: true } : { package: origin.via });
  if (rendered.missing.length > 0) {
    throw inputRequired(server, rendered.missing, `the new version asks for more: remove and add it again with the values (patchbay add ${origin.name} --env … --var …)`);
  }
  recordVars(rendered, origin.vars);
  return { spec: rendered.spec, from: origin.version, to: server.version };
}

/** Prompts for each missing input on a terminal: a secret as the NAME of a variable, never its value. */
export async function askMissing(missing: MissingInput[]): Promise<{ env: StringMap; vars: StringMap; headers: StringMap }> {
  const { default: prompts } = await import('prompts');
  const out = { env: {} as StringMap, vars: {} as StringMap, headers: {} as StringMap };
  for (const m of missing) {
    const about = m.description ? ` (${m.description})` : '';
    const { answer } = (await prompts({
      type: 'text',
      name: 'answer',
      message: m.secret ? `${m.kind} ${m.name}${about} is a secret: the NAME of the environment variable that holds it` : `${m.kind} ${m.name}${about}`,
      validate: (v: string) => (m.secret ? isVariableName(v) || 'a variable name: letters, digits, _' : v !== '' || 'a value is required'),
    }, { onCancel: () => { throw new PatchbayError('cancelled', 'Cancelled.'); } })) as { answer: string };
    const value = m.secret ? envReference(answer) : answer;
    if (m.kind === 'env') out.env[m.name] = value;
    else if (m.kind === 'header') out.headers[m.name] = value;
    else out.vars[m.name] = value;
  }
  return out;
}
