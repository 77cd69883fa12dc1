// Error answers are bounded and carry the right code (audit item 4): a 200,000-character unknown
// patchbay://docs/ URI was echoed twice by "Resource not found", the answer went over 256 KiB and was
// replaced by -32603; `params: []` on tools/call was -32600 although the request itself is valid
// JSON-RPC (by-position params) and only its params are wrong.
import { afterEach, describe, expect, it } from 'vitest';
import { initializeRequest, spawnWire, type WireClient } from './helpers.js';

let w: WireClient | undefined;
afterEach(() => {
  if (w && w.child.exitCode === null) w.child.kill('SIGKILL');
});

async function started(): Promise<WireClient> {
  w = spawnWire();
  w.send(initializeRequest(1));
  await w.response(1);
  return w;
}

type ErrorAnswer = { error: { code: number; message: string; data?: unknown } };

describe('bounded error answers', () => {
  it('an unknown 200,000-character docs URI: -32602, without echoing it', async () => {
    const c = await started();
    const uri = `patchbay://docs/${'x'.repeat(200_000)}`;
    c.send({ jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri } });
    c.send({ jsonrpc: '2.0', id: 3, method: 'resources/read', params: { uri: `patchbay://elsewhere/${'y'.repeat(200_000)}` } });
    for (const id of [2, 3]) {
      const answer = (await c.response(id)) as ErrorAnswer;
      expect(answer.error.code).toBe(-32602);
      expect(JSON.stringify(answer).length).toBeLessThan(4096);
    }
  });

  it('a malformed %-escape in a docs id is "not found", not an internal error', async () => {
    const c = await started();
    c.send({ jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: 'patchbay://docs/%E0%A4%A' } });
    expect(((await c.response(2)) as ErrorAnswer).error.code).toBe(-32602);
  });

  it('params: [] on tools/call is -32602 with the request id, and the server keeps serving', async () => {
    const c = await started();
    c.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: [] });
    c.send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: ['list_hosts', {}] });
    c.send({ jsonrpc: '2.0', id: 4, method: 'ping' });
    for (const id of [2, 3]) expect(((await c.response(id)) as ErrorAnswer).error.code).toBe(-32602);
    expect(await c.response(4)).toMatchObject({ result: {} });
  });
});
