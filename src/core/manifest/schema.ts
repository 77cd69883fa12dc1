// The project manifest `patchbay.jsonc`: which hosts patchbay registers in, at which scope, and which
// server entry (the pinned patchbay server). The zod schema is the single source: the JSON schema the
// package ships (schema/patchbay.schema.json) is generated from it, and a test keeps the two equal.
import { z } from 'zod';
import { HOST_IDS } from '../../installers/types.js';
import { PIN } from './pin.js';

export { MANIFEST_FILE, pinnedVersion, schemaUrl } from './pin.js';

export const ServerEntrySchema = z
  .object({
    command: z.literal('npx').describe('Always npx: hosts start the pinned package on first use.'),
    args: z
      .tuple([z.literal('--yes'), z.string().regex(PIN, 'must be patchbay-mcp@<version>, e.g. patchbay-mcp@0.2.0'), z.literal('mcp')])
      .describe('["--yes", "patchbay-mcp@<version>", "mcp"]: the version is the pin written into every host file.'),
  })
  .strict();

export const ManifestSchema = z
  .object({
    $schema: z.string().optional(),
    hosts: z
      .array(z.enum(HOST_IDS as [string, ...string[]]))
      .min(1)
      .refine((hosts) => new Set(hosts).size === hosts.length, 'must not list a host twice')
      .describe(`Hosts to register in: ${HOST_IDS.join(', ')}.`),
    scope: z.enum(['project', 'user']).describe("'project' writes the project's files, 'user' the user's."),
    servers: z
      .object({ patchbay: ServerEntrySchema })
      .strict()
      .describe('MCP servers to register. patchbay registers its own server only.'),
  })
  .strict();

export type Manifest = z.infer<typeof ManifestSchema>;

export function manifestJsonSchema(): Record<string, unknown> {
  const generated = z.toJSONSchema(ManifestSchema, { target: 'draft-2020-12' }) as Record<string, unknown>;
  return {
    ...generated,
    $id: 'https://unpkg.com/patchbay-mcp/schema/patchbay.schema.json',
    title: 'patchbay project manifest (patchbay.jsonc)',
  };
}
