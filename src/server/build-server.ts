// The McpServer factory handed to serveStdio: registers every tool and resource. Registration is
// declarative (no I/O); each handler does its work when called.
import { McpServer, type CallToolResult } from '@modelcontextprotocol/server';
import type * as z from 'zod';
import { PATCHBAY_VERSION } from '../version.js';
import { HOST_IDS } from '../installers/catalog-data.js';
import type { ServerEnvironment } from './context.js';
import { envelopeSchema, makeEnvelope, toToolResult, type Envelope } from './envelope.js';
import { INSTRUCTIONS } from './instructions.js';
import { registerResources } from './resources.js';
import { CheckData, CheckInput, check } from './tools/check.js';
import { ReadDocData, ReadDocInput, SearchDocsData, SearchDocsInput, readDocTool, searchDocsTool } from './tools/docs.js';
import { HistoryData, HistoryInput, historyTool } from './tools/history.js';
import { HostsData, ListHostsInput, ListServersInput, ServersData, listHosts, listServers } from './tools/hosts.js';
import { PlanData, PlanInput, planTool } from './tools/plan.js';
import { errorDiagnostic } from './present.js';
import { rootsOf } from './context.js';
import { inProcessRunner, type ToolRunner } from './offload/pool.js';
import { isOffloaded } from './offload/runners.js';
import { requestSignal } from './request-signal.js';

export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  input: z.ZodObject;
  data: z.ZodType;
  run(environment: ServerEnvironment, input: never): Promise<Envelope<unknown>>;
}

// Descriptions: what the tool answers and when to use it, first. Hosts truncate at 2 KB.
export const TOOLS: ToolDefinition[] = [
  {
    name: 'list_hosts',
    title: 'List AI coding hosts',
    description:
      `Which AI coding hosts (${HOST_IDS.join(', ')}) are installed on this machine and why patchbay thinks so, their version and OpenCode dialect, every candidate config file per scope (project/user) with whether it exists and the state of the patchbay entry in it, and the file an install would write (targets). Read-only.`,
    input: ListHostsInput,
    data: HostsData,
    run: (environment, input: z.infer<typeof ListHostsInput>) => listHosts(environment, input),
  },
  {
    name: 'list_servers',
    title: 'List registered MCP servers',
    description:
      'Every MCP server registered in every host config file (any name, not only patchbay), normalized: host, scope, file, transport, command/args or url, env variable and header NAMES only (values are never returned), whether patchbay manages it, its pinned version and state. Credentials in URLs and args are redacted. Read-only.',
    input: ListServersInput,
    data: ServersData,
    run: (environment, input: z.infer<typeof ListServersInput>) => listServers(environment, input),
  },
  {
    name: 'check',
    title: 'Check host configuration',
    description:
      'Every problem `patchbay status` and `patchbay init` would report for the detected (or given) hosts: malformed or commented strict-JSON files, wrong shapes, foreign or stale patchbay entries, unsupported host versions. Each diagnostic has a stable code, message, path, JSON pointer, line/column and a hint. status "ok" means nothing to fix. Read-only.',
    input: CheckInput,
    data: CheckData,
    run: (environment, input: z.infer<typeof CheckInput>) => check(environment, input),
  },
  {
    name: 'plan',
    title: 'Preview an install, migration or removal',
    description:
      'Previews `patchbay init|migrate|uninstall|add|remove|sync` for the detected (or given) hosts and scope (default project): add takes `server` ({name, npm+exact version | pypi | url (+headers) | command (+args, env)}; env/header values may be ${env:NAME} references), remove takes `names`. Returns the unified diff of every file the command would write (secrets redacted) and the exact command line a person runs to apply it. This server NEVER applies changes; show the user the diff and the command. status "empty" means nothing would change; "diagnostic" means the command would refuse (see diagnostics).',
    input: PlanInput,
    data: PlanData,
    run: (environment, input: z.infer<typeof PlanInput>) => planTool(environment, input),
  },
  {
    name: 'history',
    title: 'Transaction history',
    description:
      "patchbay's journal: past transactions newest first, with id, status (committed, rolled-back, reverted, pending), description, time and the files each one touched. A transaction is undone with `patchbay rollback <id>`. Read-only: this never recovers or rolls back anything.",
    input: HistoryInput,
    data: HistoryData,
    run: (environment, input: z.infer<typeof HistoryInput>) => historyTool(environment, input),
  },
  {
    name: 'search_docs',
    title: 'Search patchbay documentation',
    description:
      "Searches patchbay's bundled documentation (README, host notes, this server's reference) offline with deterministic ranking. Returns section ids (document#section) with a snippet; read one with read_doc.",
    input: SearchDocsInput,
    data: SearchDocsData,
    run: (_environment, input: z.infer<typeof SearchDocsInput>) => searchDocsTool(input),
  },
  {
    name: 'read_doc',
    title: 'Read patchbay documentation',
    description:
      'Reads a bundled document by id (e.g. "readme", "mcp-server") or one section ("mcp-server#limits", or id plus section), as markdown, cut at max_bytes (default 16 KiB). Lists the section ids of the document.',
    input: ReadDocInput,
    data: ReadDocData,
    run: (_environment, input: z.infer<typeof ReadDocInput>) => readDocTool(input),
  },
];

/**
 * `runner` executes the tools that read host files (off the main thread in production, see
 * offload/pool.ts); the others run here.
 */
export function buildServer(environment: ServerEnvironment, runner: ToolRunner = inProcessRunner(environment)): McpServer {
  const server = new McpServer({ name: 'patchbay', version: PATCHBAY_VERSION }, { instructions: INSTRUCTIONS });
  for (const tool of TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: envelopeSchema(tool.data),
        annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      },
      async (input: unknown, ctx: unknown): Promise<CallToolResult> => {
        try {
          const envelope = isOffloaded(tool.name) ? await runner.run(tool.name, input, requestSignal(ctx)) : await tool.run(environment, input as never);
          return toToolResult(envelope);
        } catch (error) {
          // Cancelled or closed: nobody reads the answer, so build none (the SDK drops it anyway).
          if (requestSignal(ctx)?.aborted) throw error;
          // A bug or an unexpected facade failure answers as `unavailable`, never kills the process.
          return toToolResult(makeEnvelope(tool.name, 'unavailable', undefined, [errorDiagnostic(error, rootsOf(environment))]));
        }
      },
    );
  }
  registerResources(server, environment, runner);
  return server;
}
