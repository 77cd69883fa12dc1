import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { formatDiagnostic, formatError, paintDiff } from '../../src/cli/format.js';
import { Output, type Streams } from '../../src/cli/output.js';
import { PatchbayError } from '../../src/errors.js';

function streams(tty: boolean, env: Record<string, string> = {}): Streams & { text(): string } {
  const stdout = Object.assign(new PassThrough(), { isTTY: tty });
  const stderr = Object.assign(new PassThrough(), { isTTY: tty });
  const stdin = Object.assign(new PassThrough(), { isTTY: tty });
  let text = '';
  stdout.on('data', (c) => (text += String(c)));
  stderr.on('data', (c) => (text += String(c)));
  return { stdout, stderr, stdin, env, text: () => text };
}

const roots = { projectDir: '/home/u/proj', home: '/home/u' };

describe('output', () => {
  it('is colourful only on a TTY without NO_COLOR', () => {
    expect(new Output(streams(true), { json: false }).color).toBe(true);
    expect(new Output(streams(false), { json: false }).color).toBe(false);
    expect(new Output(streams(true, { NO_COLOR: '1' }), { json: false }).color).toBe(false);
    expect(new Output(streams(true), { json: true }).color).toBe(false);
  });

  it('prints file:line:column code message and an indented hint, with display paths', () => {
    const out = new Output(streams(false), { json: false });
    const text = formatDiagnostic(
      { code: 'foreign-entry', severity: 'error', message: 'not ours', path: '/home/u/proj/.mcp.json', line: 3, column: 5, hint: 'rename it' },
      roots,
      out.style,
    );
    expect(text).toBe('.mcp.json:3:5 foreign-entry not ours\n  hint: rename it');
    const err = formatError(new PatchbayError('rollback-refused', 'changed since', { files: ['/home/u/.cursor/mcp.json'] }), roots, out.style);
    expect(err).toContain('~/.cursor/mcp.json');
    expect(err).not.toContain('\u001b');
  });

  it('the plain style writes no ESC byte; the colour style does', () => {
    const diff = '--- a\n+++ b\n@@ -1 +1 @@\n-x\n+y';
    expect(paintDiff(diff, new Output(streams(false), { json: false }).style)).toBe(diff);
    expect(paintDiff(diff, new Output(streams(true), { json: false }).style)).toContain('\u001b[');
  });

  it('--json: out() is silent and json() may be called once', () => {
    const s = streams(false);
    const out = new Output(s, { json: true });
    out.out('hello');
    out.json({ a: 1 });
    expect(() => out.json({ a: 2 })).toThrow();
    expect(JSON.parse(s.text())).toEqual({ a: 1 });
  });
});
