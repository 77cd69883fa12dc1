// Resources: the same data as the list tools, for clients that read resources (Claude Code's
// ReadMcpResourceTool, @-mentions), and every bundled document as patchbay://docs/{id}.
import { ResourceNotFoundError, ResourceTemplate, type McpServer } from '@modelcontextprotocol/server';
import type { ServerEnvironment } from './context.js';
import { documentMarkdown, findDocument, loadCatalog } from './docs/catalog.js';
import type { Envelope } from './envelope.js';
import { MAX_TOOL_RESULT_BYTES } from './limits.js';
import { tooLargeEnvelope } from './envelope.js';
import type { ToolRunner } from './offload/pool.js';
import { requestSignal } from './request-signal.js';
import { historyTool } from './tools/history.js';
import { truncateUtf8 } from './tools/docs.js';

function jsonContents(uri: string, env: Envelope<unknown>) {
  let text = JSON.stringify(env, null, 2);
  if (Buffer.byteLength(text) > MAX_TOOL_RESULT_BYTES) text = JSON.stringify(tooLargeEnvelope(env.tool, Buffer.byteLength(text), MAX_TOOL_RESULT_BYTES));
  return { contents: [{ uri, mimeType: 'application/json', text }] };
}

function safeDecode(id: string): string {
  try {
    return decodeURIComponent(id);
  } catch {
    return id; // a malformed %-escape is simply an id no document has
  }
}

export function registerResources(server: McpServer, environment: ServerEnvironment, runner: ToolRunner): void {
  server.registerResource(
    'hosts',
    'patchbay://hosts',
    { title: 'Hosts', description: 'Every host: detected (and why), version, dialect, files, target (same as list_hosts).', mimeType: 'application/json' },
    async (uri, ctx) => jsonContents(uri.href, await runner.run('list_hosts', {}, requestSignal(ctx))),
  );
  server.registerResource(
    'servers',
    'patchbay://servers',
    { title: 'MCP servers', description: 'Every MCP server in every host file, secrets redacted (same as list_servers).', mimeType: 'application/json' },
    async (uri, ctx) => jsonContents(uri.href, await runner.run('list_servers', {}, requestSignal(ctx))),
  );
  server.registerResource(
    'history',
    'patchbay://history',
    { title: 'Transactions', description: "patchbay's journal of transactions (same as history).", mimeType: 'application/json' },
    async (uri) => jsonContents(uri.href, await historyTool(environment, {})),
  );
  server.registerResource(
    'docs',
    new ResourceTemplate('patchbay://docs/{id}', {
      // Listed too, because some clients (Claude Code) never ask for resource templates.
      list: async () => {
        const catalog = await loadCatalog();
        return {
          resources: catalog.documents.map((d) => ({ uri: `patchbay://docs/${d.id}`, name: `docs/${d.id}`, title: d.title, mimeType: 'text/markdown' })),
        };
      },
      complete: { id: async (value) => (await loadCatalog()).documents.map((d) => d.id).filter((id) => id.startsWith(value)) },
    }),
    { title: 'patchbay documentation', description: 'A bundled document as markdown; ids as in search_docs.', mimeType: 'text/markdown' },
    async (uri, variables) => {
      const id = String(Array.isArray(variables.id) ? variables.id[0] : variables.id);
      const doc = findDocument(await loadCatalog(), safeDecode(id));
      // Not found: -32602, naming at most the start of the URI (it may be 200,000 characters long).
      if (!doc) throw new ResourceNotFoundError(uri.href.length > 200 ? `${uri.href.slice(0, 200)}…` : uri.href);
      const { text } = truncateUtf8(documentMarkdown(doc), MAX_TOOL_RESULT_BYTES / 2);
      return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text }] };
    },
  );
}
