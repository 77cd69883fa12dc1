// A local MCP registry for tests: node:http on 127.0.0.1 speaking the registry API v0.1
// (../shared/docs/mcp-registry/openapi.yaml) over given entries — pages of 3 so cursors are followed,
// several versions per name, `deleted`/`deprecated` status — plus hostile routes: a server that never
// answers (`test/hang`) and one that streams 50 MB (`test/huge`). No mocks: the CLI talks real HTTP.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Served {
  server: Record<string, unknown>;
  status?: 'active' | 'deprecated' | 'deleted';
}

export interface LocalRegistry {
  url: string;
  /** Requests seen, as method + path (tests assert what was asked). */
  requests: string[];
  close(): Promise<void>;
}

const nameOf = (s: Served) => String(s.server.name);

export async function startRegistry(entries: Served[], pageSize = 3): Promise<LocalRegistry> {
  const requests: string[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const wrap = (s: Served, latest: boolean) => ({ server: s.server, _meta: { 'io.modelcontextprotocol.registry/official': { status: s.status ?? 'active', isLatest: latest, publishedAt: '2026-01-01T00:00:00Z' } } });
  const latestOf = (name: string) => entries.filter((e) => nameOf(e) === name).at(-1);
  const server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const url = new URL(req.url ?? '/', 'http://x');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/v0.1/servers') {
      const search = url.searchParams.get('search') ?? '';
      const names = [...new Set(entries.map(nameOf))].filter((n) => n.includes(search));
      const offset = Number(url.searchParams.get('cursor') ?? '0');
      const limit = Math.min(pageSize, Number(url.searchParams.get('limit') ?? '30'));
      const page = names.slice(offset, offset + limit);
      const next = offset + limit < names.length ? String(offset + limit) : undefined;
      return send(200, { servers: page.map((n) => wrap(latestOf(n) as Served, true)), metadata: { count: page.length, ...(next ? { nextCursor: next } : {}) } });
    }
    const m = /^\/v0\.1\/servers\/([^/]+)\/versions(?:\/([^/]+))?$/.exec(url.pathname);
    if (!m) return send(404, { title: 'Not Found' });
    const name = decodeURIComponent(m[1] as string);
    if (name === 'test/hang') return; // never answers
    if (name === 'test/huge') {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 0;
      const pump = () => {
        while (sent < 50 && res.write(chunk)) sent++;
        if (sent < 50) res.once('drain', pump);
        else res.end();
      };
      res.write('{"server": "');
      pump();
      return;
    }
    if (name === 'test/redirect') {
      res.writeHead(302, { location: 'https://elsewhere.example/' });
      return res.end();
    }
    const versions = entries.filter((e) => nameOf(e) === name);
    if (versions.length === 0) return send(404, { title: 'Not Found', detail: `Server ${name} not found` });
    if (m[2] === undefined) return send(200, { servers: versions.map((v, i) => wrap(v, i === versions.length - 1)), metadata: { count: versions.length } });
    const version = decodeURIComponent(m[2]);
    const found = version === 'latest' ? versions.at(-1) : versions.find((v) => v.server.version === version);
    if (!found) return send(404, { title: 'Not Found' });
    return send(200, wrap(found, found === versions.at(-1)));
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A committed server.json as its registry would serve it: release-script placeholders filled in. */
export function filledTemplate(text: string): string {
  return text
    .replace(/\$\{VERSION\}|\{\{VERSION\}\}|\$VERSION|<<Version>>/g, '1.0.0')
    .replace(/<<McpRepositoryName>>/g, 'io.github.microsoft/mcp')
    .replace(/<<[A-Za-z]+>>/g, 'x');
}
