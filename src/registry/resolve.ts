// One registry server from its name (or a given server.json) to a checked ServerSpec: the steps every
// face shares — the CLI's `add <registry-name>` / `add --from`, the library's `plan({servers: {x:
// {registry, version}}})` and the MCP `plan` tool (which is offline: it only renders a given
// server.json). Fetch, refuse deleted entries, read the untrusted server.json, render it, refuse when a
// required input has no value. No prompts here: a face that can ask re-renders with the answers.
import { PatchbayError } from '../errors.js';
import type { StringMap } from '../servers/spec.js';
import type { RegistryClient } from './client.js';
import { renderServerJson, type Choice, type MissingInput, type RegistryInputs, type Rendered } from './render.js';
import { readServerJson, type ServerJson } from './server-json.js';

/** A registry entry's server.json and what to tell the user about the entry itself. */
export interface FetchedEntry {
  raw: unknown;
  notes: string[];
}

/** `name@version` from the registry ('latest' when no version is given); a deleted entry is refused. */
export async function fetchEntry(client: RegistryClient, name: string, version = 'latest'): Promise<FetchedEntry> {
  const entry = await client.version(name, version);
  if (entry.status === 'deleted') {
    throw new PatchbayError('registry-deleted', `${name}@${version} is deleted in the registry`, { hint: 'patchbay search <text> lists what the registry still has' });
  }
  return { raw: entry.server, notes: entry.status === 'deprecated' ? [`warning: ${name}@${version} is deprecated in the registry`] : [] };
}

/** `io.github.org/name[@1.2.3]` split at the last `@` after the first character. */
export function splitRegistryName(word: string): { name: string; version: string } {
  const at = word.lastIndexOf('@');
  return at > 0 ? { name: word.slice(0, at), version: word.slice(at + 1) } : { name: word, version: 'latest' };
}

export function missingList(missing: readonly MissingInput[]): string {
  return missing.map((m) => `${m.kind} ${m.name}${m.secret ? ' (secret)' : ''}`).join(', ');
}

/** The refusal when required inputs have no value; `details.inputs` lists them (the CLI's --json `error.inputs`). */
export function inputRequired(server: Pick<ServerJson, 'name' | 'version'>, missing: MissingInput[], hint: string): PatchbayError {
  return new PatchbayError('input-required', `${server.name}@${server.version} needs values for: ${missingList(missing)}`, { inputs: missing, hint });
}

export const INPUTS_HINT = "give them with --env NAME=value (a secret: --env NAME, a reference), --var name=value, --header 'Name: value'; or run add on a terminal to be asked";

/**
 * Renders a fetched or given server.json with the caller's inputs. `vars` given are recorded on the spec
 * (the manifest keeps them, so `sync` and `update` need no one to type them again).
 */
export function renderChecked(raw: unknown, inputs: RegistryInputs, choice: Choice, hint = INPUTS_HINT): { server: ServerJson; rendered: Rendered } {
  const server = readServerJson(raw);
  const rendered = renderServerJson(server, inputs, choice);
  if (rendered.missing.length > 0) throw inputRequired(server, rendered.missing, hint);
  recordVars(rendered, inputs.vars);
  return { server, rendered };
}

export function recordVars(rendered: Rendered, vars: StringMap | undefined): void {
  if (vars && Object.keys(vars).length > 0) rendered.spec.registry.vars = { ...vars };
}

/** The name a registry server gets in the hosts by default: the last segment of its registry name. */
export function defaultEntryName(server: Pick<ServerJson, 'name'>): string {
  return server.name.split('/').pop() as string;
}
