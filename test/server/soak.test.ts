// Soak: 10,000 requests in ONE server process, pipelined in batches; every one must be answered.
// Reports the server's RSS growth (Linux /proc) — printed, not gated: absolute memory varies by box.
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { initializeRequest, spawnWire, type WireClient } from './helpers.js';

function rssKiB(pid: number): number | undefined {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

let w: WireClient | undefined;
afterAll(() => {
  if (w && w.child.exitCode === null) w.child.kill('SIGKILL');
});

describe('soak', () => {
  it('answers 10,000 pipelined requests in one process', async () => {
    w = spawnWire();
    w.send(initializeRequest(0));
    await w.response(0);
    w.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    const TOTAL = 10_000;
    const BATCH = 500;
    const requestFor = (id: number) => {
      switch (id % 4) {
        case 0:
          return { jsonrpc: '2.0', id, method: 'ping' };
        case 1:
          return { jsonrpc: '2.0', id, method: 'tools/list' };
        case 2:
          return { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'search_docs', arguments: { query: 'rollback journal', max_results: 3 } } };
        default:
          return { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'read_doc', arguments: { id: 'mcp-server', max_bytes: 1024 } } };
      }
    };
    let warmRss: number | undefined;
    const t0 = Date.now();
    for (let start = 1; start <= TOTAL; start += BATCH) {
      const end = Math.min(TOTAL, start + BATCH - 1);
      w.sendRaw(Array.from({ length: end - start + 1 }, (_, i) => `${JSON.stringify(requestFor(start + i))}\n`).join(''));
      await w.response(end, 30_000);
      // Responses may come out of order: wait until the whole batch is in.
      const ids = new Set<number>();
      for (let id = start; id <= end; id++) ids.add(id);
      await Promise.all([...ids].map((id) => w!.response(id, 30_000)));
      if (start === 1 + BATCH) warmRss = rssKiB(w.child.pid!);
    }
    const elapsed = Date.now() - t0;
    const finalRss = rssKiB(w.child.pid!);
    const answered = new Set(
      w.lines.map((l) => (JSON.parse(l) as { id?: number }).id).filter((id): id is number => typeof id === 'number' && id > 0),
    );
    expect(answered.size).toBe(TOTAL);
    const errors = w.lines.filter((l) => 'error' in (JSON.parse(l) as object) || l.includes('"isError":true'));
    expect(errors).toEqual([]);
    const growth = warmRss !== undefined && finalRss !== undefined ? finalRss - warmRss : undefined;
    console.log(
      `[soak] ${TOTAL} requests in ${elapsed} ms; server RSS after warm-up ${warmRss ?? '?'} KiB, at end ${finalRss ?? '?'} KiB, growth ${growth ?? '?'} KiB`,
    );
    w.child.stdin.end();
    expect((await w.exited).code).toBe(0);
  });
});
