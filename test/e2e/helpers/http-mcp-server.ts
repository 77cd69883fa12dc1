// A minimal MCP server over streamable HTTP (POST JSON-RPC, JSON responses; no server-initiated SSE
// stream, so GET answers 405 as the transport spec allows) on 127.0.0.1 at a free port, for the real
// hosts to connect to. Every request must carry `Authorization: Bearer <token>`, else 401.
//
// It records for each request whether the bearer matched — never the value itself — so a test can prove
// that a host expanded an env reference (`${FIXTURE_TOKEN}`, `{env:FIXTURE_TOKEN}`) into the real token.
// Hand-written rather than the SDK's server: the point is to see exactly what each host sends.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string; // HTTP method
  rpc: string[]; // JSON-RPC methods in the body (POST)
  auth: 'match' | 'mismatch' | 'missing';
  client?: string; // clientInfo.name on initialize
}

export interface HttpMcpServer {
  url: string;
  seen: SeenRequest[];
  close(): Promise<void>;
}

const PROTOCOLS = ['2025-11-25', '2025-06-18', '2025-03-26'];

type Rpc = { jsonrpc?: string; id?: string | number | null; method?: string; params?: Record<string, unknown> };

function answer(msg: Rpc, serverName: string): object | undefined {
  if (msg.id === undefined || typeof msg.method !== 'string') return undefined; // a notification
  const ok = (result: unknown) => ({ jsonrpc: '2.0', id: msg.id, result });
  switch (msg.method) {
    case 'initialize': {
      const asked = msg.params?.protocolVersion;
      return ok({
        protocolVersion: typeof asked === 'string' && PROTOCOLS.includes(asked) ? asked : PROTOCOLS[0],
        capabilities: { tools: {} },
        serverInfo: { name: serverName, version: '1.0.0' },
      });
    }
    case 'ping':
      return ok({});
    case 'tools/list':
      return ok({ tools: [{ name: 'whoami', description: 'Says the bearer was accepted.', inputSchema: { type: 'object', properties: {} } }] });
    case 'tools/call':
      return ok({ content: [{ type: 'text', text: 'authorized' }] });
    default:
      return { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: `method not found: ${msg.method}` } };
  }
}

export async function startHttpMcpServer(opts: { token: string; name?: string }): Promise<HttpMcpServer> {
  const seen: SeenRequest[] = [];
  const serverName = opts.name ?? 'fixture-remote';
  const server = http.createServer((req, res) => {
    const header = req.headers.authorization;
    const auth: SeenRequest['auth'] = header === undefined ? 'missing' : header === `Bearer ${opts.token}` ? 'match' : 'mismatch';
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const record: SeenRequest = { method: req.method ?? '', rpc: [], auth };
      seen.push(record);
      const pathname = new URL(req.url ?? '/', 'http://x').pathname;
      if (pathname !== '/mcp') return void res.writeHead(404).end();
      if (auth !== 'match') {
        return void res.writeHead(401, { 'WWW-Authenticate': 'Bearer', 'Content-Type': 'application/json' }).end('{"error":"unauthorized"}');
      }
      if (req.method === 'DELETE') return void res.writeHead(200).end();
      if (req.method !== 'POST') return void res.writeHead(405, { Allow: 'POST, DELETE' }).end();
      let body: Rpc | Rpc[];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Rpc | Rpc[];
      } catch {
        return void res.writeHead(400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } }));
      }
      const batch = Array.isArray(body) ? body : [body];
      record.rpc = batch.map((m) => String(m.method ?? '(response)'));
      const init = batch.find((m) => m.method === 'initialize');
      if (init) record.client = String((init.params?.clientInfo as { name?: unknown } | undefined)?.name ?? '');
      const replies = batch.map((m) => answer(m, serverName)).filter((r) => r !== undefined);
      // Only notifications/responses: 202 with no body, as the transport spec says.
      if (replies.length === 0) return void res.writeHead(202).end();
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (init) headers['Mcp-Session-Id'] = randomUUID();
      res.writeHead(200, headers).end(JSON.stringify(Array.isArray(body) ? replies : replies[0]));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
