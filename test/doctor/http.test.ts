// URL servers: streamable HTTP with the entry's headers (a Bearer token from a reference in each
// host's syntax), the older SSE transport, a 401, and an unreachable port: findings, never crashes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchFromMcpServersEntry, launchFromOpenCodeEntry, type LaunchContext } from '../../src/doctor/launch.js';
import { runDoctor } from '../../src/doctor/run.js';
import type { Target } from '../../src/doctor/types.js';
import { hostRefs } from '../../src/doctor/ref-syntax.js';
import { hostRecord } from '../../src/installers/index.js';
import { CLAUDE_STYLE, CURSOR_STYLE, OPENCODE_V1_STYLE, type EntryStyle } from '../../src/installers/shapes.js';
import { closedPort, startHttpServer, type HttpFixture } from '../fixtures/doctor/http-server.mjs';

let server: HttpFixture;
const env = { TOKEN: 'tkn-good-123' };
const STYLES: Record<string, EntryStyle> = { 'claude-code': CLAUDE_STYLE, cursor: CURSOR_STYLE, opencode: OPENCODE_V1_STYLE };
const ctx = (host: string, urlNeedsType = false): LaunchContext => ({
  env, projectDir: '/p', home: '/h', refs: hostRefs(hostRecord(host), STYLES[host] as EntryStyle).rules, urlNeedsType,
});

function toTarget(host: string, name: string, converted: ReturnType<typeof launchFromMcpServersEntry>): Target {
  return { host, scope: 'project', file: `/p/${host}.json`, name, transport: converted.transport, display: converted.display, launch: converted.result };
}

beforeAll(async () => {
  server = await startHttpServer({ token: env.TOKEN });
});
afterAll(async () => {
  await server.close();
});

describe('doctor over HTTP', () => {
  it('streamable HTTP: the Bearer reference is expanded per host and the handshake completes', async () => {
    const targets = [
      toTarget('cursor', 'remote', launchFromMcpServersEntry({ url: server.url, headers: { Authorization: 'Bearer ${env:TOKEN}' } }, ctx('cursor'), CURSOR_STYLE)),
      toTarget('claude-code', 'remote-cc', launchFromMcpServersEntry({ type: 'http', url: server.url, headers: { Authorization: 'Bearer ${TOKEN}' } }, ctx('claude-code', true))),
      toTarget('opencode', 'remote-oc', launchFromOpenCodeEntry({ type: 'remote', url: server.url, headers: { Authorization: 'Bearer {env:TOKEN}' } }, ctx('opencode'))),
    ];
    const before = server.log.posts.length;
    const report = await runDoctor(targets, { env, timeoutMs: 5_000 });
    for (const row of report.rows) {
      expect(row).toMatchObject({ status: 'ok', transport: 'http', protocolVersion: '2025-11-25', tools: 3, toolNames: ['remote-a', 'remote-b', 'remote-c'] });
    }
    // Three spellings of one header are one launch: contacted once.
    expect(report.summary.launches).toBe(1);
    const posts = server.log.posts.slice(before);
    expect(posts.map((p) => p.method)).toEqual(['initialize', 'notifications/initialized', 'tools/list']);
    // Later requests carry the session and the negotiated revision; the session is deleted at the end.
    expect(posts[2]).toMatchObject({ session: 'session-1', protocol: '2025-11-25' });
    expect(server.log.deletes).toBeGreaterThanOrEqual(1);
  });

  it('a wrong token: failed with HTTP 401, and the token never appears in the row', async () => {
    const converted = launchFromMcpServersEntry({ type: 'http', url: server.url, headers: { Authorization: 'Bearer ${TOKEN}' } }, { ...ctx('claude-code', true), env: { TOKEN: 'wrong-token-456' } });
    const report = await runDoctor([toTarget('claude-code', 'bad-token', converted)], { env: {}, timeoutMs: 5_000 });
    expect(report.rows[0]).toMatchObject({ status: 'failed', reason: 'http-status', message: 'initialize: HTTP 401 Unauthorized' });
    expect(report.rows[0]?.hint).toMatch(/credentials/);
    expect(JSON.stringify(report)).not.toContain('wrong-token-456');
  });

  it('the older SSE transport ("type": "sse")', async () => {
    const converted = launchFromMcpServersEntry({ type: 'sse', url: server.sseUrl, headers: { Authorization: 'Bearer ${TOKEN}' } }, ctx('claude-code', true));
    const report = await runDoctor([toTarget('claude-code', 'legacy', converted)], { env, timeoutMs: 5_000 });
    expect(report.rows[0]).toMatchObject({ status: 'ok', transport: 'sse', protocolVersion: '2025-11-25', tools: 3 });
  });

  it('an SSE-only server: hosts that infer the transport fall back to SSE, an explicit "type": "http" does not', async () => {
    const inferred = launchFromMcpServersEntry({ url: server.sseUrl, headers: { Authorization: 'Bearer ${env:TOKEN}' } }, ctx('cursor'), CURSOR_STYLE);
    const explicit = launchFromMcpServersEntry({ type: 'http', url: server.sseUrl, headers: { Authorization: 'Bearer ${TOKEN}' } }, ctx('claude-code', true));
    const report = await runDoctor([toTarget('cursor', 'inferred', inferred), toTarget('claude-code', 'explicit', explicit)], { env, timeoutMs: 5_000 });
    expect(report.rows[0]).toMatchObject({ status: 'ok', transport: 'http', tools: 3 });
    expect(report.rows[0]?.notes).toContain('streamable HTTP was refused; answered over the older SSE transport, as this host falls back');
    expect(report.rows[1]).toMatchObject({ status: 'failed', reason: 'http-status', message: 'initialize: HTTP 405 Method Not Allowed' });
    // Same URL and headers: one check served both, each host reading it its own way.
    expect(report.summary.launches).toBe(1);
  });

  it('an unreachable URL (a closed port on 127.0.0.1) is a failed row, quickly', async () => {
    const port = await closedPort();
    const converted = launchFromMcpServersEntry({ url: `http://127.0.0.1:${port}/mcp` }, ctx('cursor'), CURSOR_STYLE);
    const report = await runDoctor([toTarget('cursor', 'gone', converted)], { env, timeoutMs: 5_000 });
    expect(report.rows[0]).toMatchObject({ status: 'failed', reason: 'unreachable' });
    expect(report.rows[0]?.message).toContain('ECONNREFUSED');
    expect(report.rows[0]?.ms).toBeLessThan(5_000);
  });
});
