// doctor's arguments: names and a dir share the positionals; --timeout and --parallel are bounded.
import { describe, expect, it } from 'vitest';
import { parseArgv } from '../../src/cli/args.js';
import { isPatchbayError } from '../../src/errors.js';

const parse = (...argv: string[]) => {
  const parsed = parseArgv(['doctor', ...argv], '/work/here');
  if (parsed.kind !== 'command') throw new Error('expected a command');
  return parsed.args;
};

function usageMessage(...argv: string[]): string {
  try {
    parse(...argv);
  } catch (error) {
    if (isPatchbayError(error, 'usage')) return error.message;
    throw error;
  }
  throw new Error('expected a usage error');
}

describe('doctor arguments', () => {
  it('--trust is explicit (absent: undefined); --install-timeout is bounded milliseconds', () => {
    expect(parse().trust).toBeUndefined();
    expect(parse('--trust').trust).toBe(true);
    expect(parse('--install-timeout', '60000').installTimeoutMs).toBe(60_000);
    expect(usageMessage('--install-timeout', 'slow')).toBe("--install-timeout needs milliseconds, e.g. 300000 (1–3600000), not 'slow'.");
  });

  it('names, then a dir only when the last positional looks like a path', () => {
    expect(parse()).toMatchObject({ command: 'doctor', projectDir: '/work/here' });
    expect(parse().names).toBeUndefined();
    expect(parse('github', 'db')).toMatchObject({ names: ['github', 'db'], projectDir: '/work/here' });
    expect(parse('github', './proj')).toMatchObject({ names: ['github'], projectDir: '/work/here/proj' });
    expect(parse('..')).toMatchObject({ projectDir: '/work' });
    expect(parse('/abs/p').names).toBeUndefined();
    expect(parse('a', 'a', '.').names).toEqual(['a']);
  });

  it('--timeout, --parallel, --host, --scope, --json', () => {
    expect(parse('--timeout', '2500', '--parallel', '2', '--host', 'cursor,claude-code', '--scope', 'user', '--json')).toMatchObject({
      timeoutMs: 2500,
      parallel: 2,
      hosts: ['cursor', 'claude-code'],
      scope: 'user',
      json: true,
    });
  });

  it('bad numbers are usage errors that name the flag', () => {
    expect(usageMessage('--timeout', 'soon')).toBe("--timeout needs milliseconds, e.g. 10000 (1–600000), not 'soon'.");
    expect(usageMessage('--timeout', '0')).toMatch(/^--timeout needs/);
    expect(usageMessage('--parallel', '65')).toMatch(/^--parallel needs/);
    expect(usageMessage('--parallel', '1.5')).toMatch(/^--parallel needs/);
  });

  it('other commands still take at most one positional and no doctor flags', () => {
    expect(() => parseArgv(['status', 'a', 'b'], '/w')).toThrow(/Unexpected argument 'b'/);
    expect(() => parseArgv(['status', '--timeout', '5'], '/w')).toThrow();
  });
});
