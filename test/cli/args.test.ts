import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPatchbayError } from '../../src/errors.js';
import { parseArgv } from '../../src/cli/args.js';

const cwd = '/tmp/project';

function command(argv: string[]) {
  const parsed = parseArgv(argv, cwd);
  if (parsed.kind !== 'command') throw new Error(`expected a command, got ${parsed.kind}`);
  return parsed.args;
}

function failure(argv: string[]) {
  try {
    parseArgv(argv, cwd);
  } catch (error) {
    if (isPatchbayError(error)) return error;
    throw error;
  }
  throw new Error(`expected ${argv.join(' ')} to fail`);
}

describe('parseArgv', () => {
  it('recognises --version and --help before any command', () => {
    expect(parseArgv(['--version'], cwd)).toEqual({ kind: 'version' });
    expect(parseArgv(['-v'], cwd)).toEqual({ kind: 'version' });
    expect(parseArgv(['--help'], cwd)).toEqual({ kind: 'help' });
    expect(parseArgv(['init', '--help'], cwd)).toEqual({ kind: 'help', topic: 'init' });
    expect(parseArgv(['help', 'status'], cwd)).toEqual({ kind: 'help', topic: 'status' });
  });

  it('resolves [dir] to an absolute path, default cwd', () => {
    expect(command(['init']).projectDir).toBe(path.resolve(cwd));
    expect(command(['status', 'sub/dir']).projectDir).toBe(path.resolve(cwd, 'sub/dir'));
    expect(command(['init', '/abs']).projectDir).toBe(path.resolve('/abs'));
  });

  it('parses init flags', () => {
    const args = command(['init', '--yes', '--host', 'opencode,cursor', '--scope', 'user', '--no-mcp', '--opencode-version', '2.0.1', '--dry-run', '--json']);
    expect(args).toMatchObject({
      command: 'init',
      yes: true,
      hosts: ['opencode', 'cursor'],
      scope: 'user',
      noMcp: true,
      opencodeVersion: '2.0.1',
      dryRun: true,
      json: true,
    });
  });

  it('leaves scope and hosts undefined when not given, so commands can apply their defaults', () => {
    const args = command(['migrate']);
    expect(args.scope).toBeUndefined();
    expect(args.hosts).toBeUndefined();
  });

  it('takes rollback [id] and --force', () => {
    expect(command(['rollback', 'tx-1', '--force'])).toMatchObject({ id: 'tx-1', force: true });
    expect(command(['rollback']).id).toBeUndefined();
  });

  it('rejects an unknown host id and lists the valid ones', () => {
    const error = failure(['init', '--host', 'opencode,vim']);
    expect(error.code).toBe('unknown-host');
    expect(error.message).toContain("'vim'");
    expect(error.message).toContain('opencode, claude-code, cursor, generic');
  });

  it('rejects bad scopes, unknown flags, unknown commands and extra positionals as usage errors', () => {
    expect(failure(['init', '--scope', 'global']).code).toBe('usage');
    expect(failure(['init', '--frobnicate']).code).toBe('usage');
    expect(failure(['status', '--force']).code).toBe('usage');
    expect(failure(['deploy']).code).toBe('usage');
    expect(failure(['init', 'a', 'b']).code).toBe('usage');
    expect(failure(['history', 'x']).code).toBe('usage');
    expect(failure([]).code).toBe('usage');
  });
});
