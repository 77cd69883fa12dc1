// Raw wire: spawn `node dist/patchbay.mjs mcp`, write newline-delimited JSON, read stdout lines.
import { afterEach, describe, expect, it } from 'vitest';
import { initializeRequest, spawnWire, type WireClient } from './helpers.js';

const running: WireClient[] = [];
function start(): WireClient {
  const w = spawnWire();
  running.push(w);
  return w;
}
afterEach(() => {
  for (const w of running.splice(0)) if (w.child.exitCode === null) w.child.kill('SIGKILL');
});

function expectOnlyJsonRpc(lines: string[]): void {
  for (const line of lines) {
    const msg = JSON.parse(line) as { jsonrpc?: string };
    expect(msg.jsonrpc, line).toBe('2.0');
  }
}

describe('patchbay mcp on the raw wire', () => {
  for (const version of ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25']) {
    it(`answers initialize at ${version} with that version`, async () => {
      const w = start();
      w.send(initializeRequest(1, version));
      const res = (await w.response(1)) as { result: { protocolVersion: string; serverInfo: { name: string; version: string }; instructions: string } };
      expect(res.result.protocolVersion).toBe(version);
      expect(res.result.serverInfo.name).toBe('patchbay');
      expect(res.result.serverInfo.version).toMatch(/^\d+\.\d+\.\d+/);
      expect(Buffer.byteLength(res.result.instructions)).toBeLessThan(2048);
      w.child.stdin.end();
      expect((await w.exited).code).toBe(0);
      expectOnlyJsonRpc(w.lines);
    });
  }

  it('answers server/discover at 2026-07-28 and serves tools/list in the modern era', async () => {
    const w = start();
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 'patchbay-test', version: '1.0.0' },
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    w.send({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: meta } });
    const res = (await w.response(1)) as { result: { supportedVersions: string[] } };
    expect(res.result.supportedVersions).toContain('2026-07-28');
    w.send({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: meta } });
    const tools = (await w.response(2)) as { result: { tools: { name: string }[] } };
    expect(tools.result.tools.map((t) => t.name)).toContain('plan');
    expectOnlyJsonRpc(w.lines);
  });

  it('answers garbage with -32700 and invalid messages with -32600, and keeps serving', async () => {
    const w = start();
    w.send(initializeRequest(1));
    await w.response(1);
    w.sendRaw('this is not json\n');
    w.sendRaw('{"jsonrpc":"2.0","id":\n');
    w.sendRaw('[{"jsonrpc":"2.0","id":5,"method":"ping"}]\n');
    w.sendRaw('{"jsonrpc":"1.0","id":"old","method":"ping"}\n');
    w.send({ jsonrpc: '2.0', id: 2, method: 'ping' });
    await w.response(2);
    const errors = w.lines.map((l) => JSON.parse(l) as { id: unknown; error?: { code: number } }).filter((m) => m.error);
    expect(errors.map((e) => [e.id, e.error!.code])).toEqual([
      [null, -32700],
      [null, -32700],
      [null, -32600],
      ['old', -32600],
    ]);
    expectOnlyJsonRpc(w.lines);
  });

  it('rejects a line over 256 KiB with -32600 id null and answers the next request', async () => {
    const w = start();
    w.send(initializeRequest(1));
    await w.response(1);
    const huge = JSON.stringify({ jsonrpc: '2.0', id: 99, method: 'tools/call', params: { name: 'search_docs', arguments: { query: 'x'.repeat(300 * 1024) } } });
    // Written in pieces, as a pipe delivers it.
    for (let i = 0; i < huge.length; i += 64 * 1024) w.sendRaw(huge.slice(i, i + 64 * 1024));
    w.sendRaw('\n');
    w.send({ jsonrpc: '2.0', id: 2, method: 'ping' });
    expect(await w.response(2)).toMatchObject({ id: 2, result: {} });
    const rejected = await w.waitFor((m) => m.id === null && 'error' in m);
    expect((rejected as { error: { code: number } }).error.code).toBe(-32600);
    expect(w.lines.some((l) => l.includes('"id":99'))).toBe(false);
    expectOnlyJsonRpc(w.lines);
  });

  it('gives notifications no reply, unknown methods -32601, invalid params -32602', async () => {
    const w = start();
    w.send(initializeRequest(1));
    await w.response(1);
    w.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    w.send({ jsonrpc: '2.0', method: 'notifications/whatever', params: { a: 1 } });
    w.send({ jsonrpc: '2.0', id: 2, method: 'no/such/method' });
    w.send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { arguments: {} } });
    w.send({ jsonrpc: '2.0', id: 4, method: 'resources/read', params: {} });
    w.send({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'no_such_tool', arguments: {} } });
    w.send({ jsonrpc: '2.0', id: 6, method: 'ping' });
    expect(((await w.response(2)) as { error: { code: number } }).error.code).toBe(-32601);
    expect(((await w.response(3)) as { error: { code: number } }).error.code).toBe(-32602);
    expect(((await w.response(4)) as { error: { code: number } }).error.code).toBe(-32602);
    expect(((await w.response(5)) as { error: { code: number } }).error.code).toBe(-32602);
    await w.response(6);
    // initialize + 5 answers: the two notifications got nothing.
    expect(w.lines).toHaveLength(6);
    expectOnlyJsonRpc(w.lines);
  });

  it('answers requests already sent when stdin ends, then exits 0', async () => {
    const w = start();
    w.send(initializeRequest(1));
    for (let id = 2; id < 12; id++) w.send({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'search_docs', arguments: { query: 'rollback' } } });
    w.child.stdin.end();
    const exit = await w.exited;
    expect(exit.code).toBe(0);
    expect(w.lines).toHaveLength(11);
    expectOnlyJsonRpc(w.lines);
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`exits promptly on ${signal}`, async () => {
      const w = start();
      w.send(initializeRequest(1));
      await w.response(1);
      w.child.kill(signal);
      // Exits on its own after the one signal (the test's timeout bounds "promptly"; speed is bench/).
      const exit = await w.exited;
      expect(exit.code === 0 || exit.signal === signal).toBe(true);
      expectOnlyJsonRpc(w.lines);
    });
  }
});
