import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LineReader } from '../../src/server/line-reader.js';

describe('LineReader', () => {
  it('splits lines across chunks and strips CR', () => {
    const r = new LineReader(100);
    expect(r.push(Buffer.from('{"a":1}\r\n{"b"'))).toEqual([{ kind: 'line', text: '{"a":1}' }]);
    expect(r.push(Buffer.from(':2}\n\n  \n'))).toEqual([{ kind: 'line', text: '{"b":2}' }]);
  });

  it('reports an oversized line once, never buffers it, and resumes at the next line', () => {
    const r = new LineReader(10);
    const events = [...r.push(Buffer.from('x'.repeat(8))), ...r.push(Buffer.from('y'.repeat(50)))];
    expect(events).toEqual([{ kind: 'oversized', bytes: 58 }]);
    expect(r.bufferedBytes).toBe(0);
    expect(r.push(Buffer.from('z'.repeat(1000)))).toEqual([]);
    expect(r.bufferedBytes).toBe(0);
    expect(r.push(Buffer.from('\nok\n'))).toEqual([{ kind: 'line', text: 'ok' }]);
  });

  it('accepts a line of exactly the limit and rejects limit+1', () => {
    const r = new LineReader(10);
    expect(r.push(Buffer.from(`${'a'.repeat(10)}\n${'b'.repeat(11)}\n`))).toEqual([
      { kind: 'line', text: 'a'.repeat(10) },
      { kind: 'oversized', bytes: 11 },
    ]);
  });

  it('yields the same lines however the stream is chunked (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 30 }).filter((s) => !s.includes('\n') && s.trim() !== '' && !s.endsWith('\r')), { maxLength: 20 }), fc.array(fc.nat(40), { maxLength: 10 }), (lines, cuts) => {
        const bytes = Buffer.from(lines.map((l) => `${l}\n`).join(''));
        const r = new LineReader(1000);
        const out: string[] = [];
        let pos = 0;
        for (const c of [...cuts, bytes.length]) {
          const end = Math.min(bytes.length, pos + c);
          for (const e of r.push(bytes.subarray(pos, end))) if (e.kind === 'line') out.push(e.text);
          pos = end;
        }
        for (const e of r.push(bytes.subarray(pos))) if (e.kind === 'line') out.push(e.text);
        expect(out).toEqual(lines);
      }),
    );
  });
});
