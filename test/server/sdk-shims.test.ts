// The bundle replaces the SDK's Node shims with src/server/sdk-shims.ts (scripts/sdk-shims.mjs). What
// the SDK expects of them must still hold: a JSON Schema validator that accepts and rejects, and the
// real process (stdio transport reads process.stdin/stdout).
import process from 'node:process';
import { describe, expect, it } from 'vitest';
import { DefaultJsonSchemaValidator, process as shimProcess } from '../../src/server/sdk-shims.js';

describe('patchbay’s SDK shims', () => {
  it('validate JSON Schema: accept what matches, reject what does not with a message', () => {
    const validate = new DefaultJsonSchemaValidator().getValidator<{ name: string; port: number }>({
      type: 'object',
      properties: { name: { type: 'string', minLength: 1 }, port: { type: 'integer', minimum: 1, maximum: 65535 } },
      required: ['name', 'port'],
      additionalProperties: false,
    });
    expect(validate({ name: 'db', port: 5432 })).toMatchObject({ valid: true, data: { name: 'db', port: 5432 } });
    for (const bad of [{ name: 'db' }, { name: '', port: 1 }, { name: 'db', port: 70000 }, { name: 'db', port: 1, extra: true }, 'db']) {
      const result = validate(bad);
      expect(result.valid, JSON.stringify(bad)).toBe(false);
      expect(result.errorMessage).toEqual(expect.any(String));
    }
  });

  it('hand the SDK the real process', () => {
    expect(shimProcess).toBe(process);
  });
});
