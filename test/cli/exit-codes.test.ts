import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXIT, EXIT_CODE_BY_ERROR, exitCodeForErrorCode } from '../../src/cli/exit-codes.js';

describe('exit codes', () => {
  it('maps the error families the CLI contract names', () => {
    expect(exitCodeForErrorCode('foreign-entry')).toBe(3);
    expect(exitCodeForErrorCode('parse-error')).toBe(3);
    expect(exitCodeForErrorCode('manifest-invalid')).toBe(3);
    expect(exitCodeForErrorCode('file-changed')).toBe(4);
    expect(exitCodeForErrorCode('lock-held')).toBe(4);
    expect(exitCodeForErrorCode('io-failed')).toBe(4);
    expect(exitCodeForErrorCode('rollback-refused')).toBe(5);
    expect(exitCodeForErrorCode('usage')).toBe(2);
    expect(exitCodeForErrorCode('not-a-tty')).toBe(2);
    expect(exitCodeForErrorCode('unknown-host')).toBe(2);
    expect(exitCodeForErrorCode('cancelled')).toBe(130);
    expect(exitCodeForErrorCode('internal')).toBe(70);
    expect(exitCodeForErrorCode('something-new')).toBe(70);
  });

  it('only uses the documented codes, and docs/cli.md documents every one of them', () => {
    const documented = new Set<number>(Object.values(EXIT));
    for (const code of Object.values(EXIT_CODE_BY_ERROR)) expect(documented.has(code)).toBe(true);
    const doc = readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8');
    for (const code of documented) expect(doc).toMatch(new RegExp(`^\\|\\s*${code}\\s*\\|`, 'm'));
  });
});
