// The project manifest `patchbay.jsonc` — the lockfile: which hosts, which scope, and every server
// patchbay manages there with its exact pin (SPEC "A server, host-agnostic"). The zod schema is the
// single source: the JSON schema the package ships (schema/patchbay.schema.json) is generated from it
// (`node scripts/gen-schema.mjs`), and a test keeps the two equal. 0.1's one-server form
// (`{"command": "npx", "args": ["--yes", "patchbay@<v>", "mcp"]}`) is still read.
import * as z from 'zod';
import { HOST_IDS } from '../../installers/catalog-data.js';
import { PIN } from './pin.js';
import { EXACT_VERSION as EXACT } from '../../servers/spec.js';

export { MANIFEST_FILE, schemaUrl } from './pin.js';

const StringMap = z.record(z.string(), z.string());
const Env = StringMap.describe('Environment for the server: literals, or ${env:NAME} references (rendered in each host\'s own syntax).');

export const NpmServerSchema = z
  .object({
    npm: z.string().min(1).describe('npm package; hosts run `npx --yes <npm>@<version> …args`.'),
    version: z.string().regex(EXACT, 'must be an exact version, e.g. 1.2.3').describe('The exact pin written into every host.'),
    range: z.string().optional().describe('How far `patchbay update` may move the pin, e.g. ^1.2.0.'),
    runtimeArgs: z.array(z.string()).optional().describe('Arguments to npx itself, before the package.'),
    args: z.array(z.string()).optional(),
    env: Env.optional(),
  })
  .strict();

export const PypiServerSchema = z
  .object({
    pypi: z.string().min(1).describe('PyPI package; hosts run `uvx <pypi>==<version> …args`.'),
    version: z.string().optional().describe('Exact version; without one the server floats.'),
    runtimeArgs: z.array(z.string()).optional().describe('Arguments to uvx itself, before the package.'),
    args: z.array(z.string()).optional(),
    env: Env.optional(),
  })
  .strict();

export const CommandServerSchema = z
  .object({
    command: z.string().min(1).describe('Command as given (docker, a binary, a script).'),
    args: z.array(z.string()).optional(),
    env: Env.optional(),
  })
  .strict();

export const UrlServerSchema = z
  .object({
    url: z.string().url().describe('Remote MCP server.'),
    transport: z.enum(['http', 'sse']).optional().describe('Default: http (streamable HTTP).'),
    headers: StringMap.optional().describe('Header values: literals or ${env:NAME} references.'),
  })
  .strict();

/** 0.1's only entry: patchbay's own server as a raw npx command line. */
export const LegacySelfSchema = z
  .object({
    command: z.literal('npx'),
    args: z.tuple([z.literal('--yes'), z.string().regex(PIN, 'must be patchbay-mcp@<version>, e.g. patchbay-mcp@0.2.0'), z.literal('mcp')]),
  })
  .strict();

/** Where a server goes: the hosts it was added to and the scope (v3: each server its own). */
const Placement = {
  registry: z
    .object({
      name: z.string().min(1).describe('The registry name, e.g. io.github.github/github-mcp-server.'),
      version: z.string().min(1).describe('The server version resolved at add/update.'),
      via: z.enum(['npm', 'pypi', 'nuget', 'oci', 'remote']).describe('Which way to run it was chosen.'),
      vars: StringMap.optional().describe('The --var values given at add, re-applied by `patchbay update`.'),
    })
    .strict()
    .optional()
    .describe('Installed by name from an MCP registry: `patchbay update` re-resolves it; `sync` never needs the registry.'),
  hosts: z
    .array(z.enum(HOST_IDS as [string, ...string[]]))
    .min(1)
    .refine((hosts) => new Set(hosts).size === hosts.length, 'must not list a host twice')
    .describe('The hosts this server is written to (and checked in by `status`, kept by `sync`).'),
  scope: z.enum(['project', 'user']).optional().describe("'project' (default) writes the project's files, 'user' the user's."),
};

/** A launch as v2 wrote it: no placement (the manifest's top-level hosts and scope applied to all). */
export const ServerSchema = z.union([NpmServerSchema, PypiServerSchema, UrlServerSchema, LegacySelfSchema, CommandServerSchema]);

/** A v3 server: its launch and its own hosts (and scope). */
export const PlacedServerSchema = z.union([
  NpmServerSchema.extend(Placement),
  PypiServerSchema.extend(Placement),
  UrlServerSchema.extend(Placement),
  CommandServerSchema.extend(Placement),
]);

const HostList = z
  .array(z.enum(HOST_IDS as [string, ...string[]]))
  .min(1)
  .refine((hosts) => new Set(hosts).size === hosts.length, 'must not list a host twice');

const ServerName = z.string().min(1);

/** v2 (0.2): one host list and one scope for every server. Read, and rewritten as v3 on the next write. */
export const ManifestV2Schema = z
  .object({
    $schema: z.string().optional(),
    hosts: HostList.describe(`Hosts to register in: ${HOST_IDS.join(', ')}.`),
    scope: z.enum(['project', 'user']).describe("'project' writes the project's files, 'user' the user's."),
    servers: z.record(ServerName, ServerSchema).optional().describe('The servers patchbay manages, by the name they get in every host (none: an empty object, or absent).'),
  })
  .strict()
  .superRefine((manifest, ctx) => {
    // 0.1's raw form of patchbay's own server must still pin an exact version: a range there would
    // float every host's entry, which is what the manifest exists to prevent.
    const self = manifest.servers?.patchbay;
    const spec = self && 'command' in self && self.command === 'npx' ? self.args?.[1] : undefined;
    if (spec !== undefined && /^(?:patchbay-mcp|patchbay)@/.test(spec) && !PIN.test(spec)) {
      ctx.addIssue({ code: 'custom', path: ['servers', 'patchbay', 'args', 1], message: 'must be patchbay-mcp@<version>, e.g. patchbay-mcp@0.2.0' });
    }
  });

/** v3 (0.3): every server records its own hosts and scope; the top level holds defaults for new ones. */
export const ManifestV3Schema = z
  .object({
    $schema: z.string().optional(),
    manifestVersion: z.literal(3).describe('The manifest format: 3 (each server with its own hosts). Absent: 0.2\'s format, read and rewritten as 3.'),
    hosts: HostList.optional().describe(`Default hosts for a server added without --host (${HOST_IDS.join(', ')}); \`status\` and \`sync\` go by each server's own hosts.`),
    scope: z.enum(['project', 'user']).optional().describe('Default scope for a server added without --scope.'),
    servers: z.record(ServerName, PlacedServerSchema).optional().describe('The servers patchbay manages, by the name they get in every host, each with its hosts.'),
  })
  .strict();

/** Either format; `manifestVersion` tells them apart (its absence is v2). */
export const ManifestSchema = z.union([ManifestV3Schema, ManifestV2Schema]);

export type ManifestV2 = z.infer<typeof ManifestV2Schema>;
export type ManifestV3 = z.infer<typeof ManifestV3Schema>;
export type Manifest = ManifestV2 | ManifestV3;
export type ManifestServer = z.infer<typeof ServerSchema>;

export function manifestJsonSchema(): Record<string, unknown> {
  // The shipped schema describes what patchbay writes (v3); v2 files are still read, by the zod schema.
  const generated = z.toJSONSchema(ManifestV3Schema, { target: 'draft-2020-12' }) as Record<string, unknown>;
  return {
    ...generated,
    $id: 'https://unpkg.com/patchbay-mcp/schema/patchbay.schema.json',
    title: 'patchbay project manifest (patchbay.jsonc)',
  };
}
