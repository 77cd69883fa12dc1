import { describe, expect, it } from 'vitest';
import { CONTRACT_VERSION, makeEnvelope, toToolResult } from '../../src/server/envelope.js';

describe('toToolResult', () => {
  it('returns the envelope as structuredContent and the same JSON as text', () => {
    const env = makeEnvelope('x', 'ok', { a: 1 });
    const result = toToolResult(env);
    expect(result.structuredContent).toEqual({ contract_version: CONTRACT_VERSION, tool: 'x', status: 'ok', data: { a: 1 } });
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(result.structuredContent);
    expect(result.isError).toBeUndefined();
  });

  it('replaces an over-large answer with a response-too-large diagnostic', () => {
    const result = toToolResult(makeEnvelope('x', 'ok', { big: 'a'.repeat(200_000) }));
    const env = result.structuredContent as { status: string; data?: unknown; diagnostics: { code: string }[] };
    expect(env.status).toBe('diagnostic');
    expect(env.data).toBeUndefined();
    expect(env.diagnostics[0]?.code).toBe('response-too-large');
    expect(JSON.stringify(result).length).toBeLessThan(4096);
  });

  it('marks invalid and unavailable answers as tool errors', () => {
    expect(toToolResult(makeEnvelope('x', 'invalid')).isError).toBe(true);
    expect(toToolResult(makeEnvelope('x', 'unavailable')).isError).toBe(true);
    expect(toToolResult(makeEnvelope('x', 'empty')).isError).toBeUndefined();
  });
});
