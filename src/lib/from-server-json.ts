// `fromServerJson(json, inputs)`: a registry server.json → the host-agnostic ServerSpec that `plan()`
// takes, by the same rules as `patchbay add <registry-name>` (docs/registry.md), for CLIs that publish
// a server.json for their own server. Pure: no network, no files. A required input with no value is a
// PatchbayError('input-required') whose `details.inputs` lists them; a bad entry 'registry-malformed'.
import { PatchbayError } from '../errors.js';
import { renderServerJson, type Choice, type RegistryInputs } from '../registry/render.js';
import { readServerJson } from '../registry/server-json.js';
import type { ServerSpec } from '../servers/spec.js';

export type { RegistryInputs } from '../registry/render.js';

export function fromServerJson(json: unknown, inputs: RegistryInputs = {}, choice: Choice = {}): ServerSpec {
  const server = readServerJson(json);
  const rendered = renderServerJson(server, inputs, choice);
  if (rendered.missing.length > 0) {
    throw new PatchbayError('input-required', `${server.name}@${server.version} needs values for: ${rendered.missing.map((m) => `${m.kind} ${m.name}`).join(', ')}`, { inputs: rendered.missing });
  }
  return rendered.spec;
}
