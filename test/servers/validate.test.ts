// The one validator of a server spec (issue 24 item 4), as data: each rule refuses its bad value and
// lets the good neighbour through, so a rule that refuses everything fails here as surely as one that
// refuses nothing.
import { describe, expect, it } from 'vitest';
import { RESERVED_NAME, SERVER_NAME_MAX, serverNameProblem, specProblems, urlProblemOf } from '../../src/servers/validate.js';
import type { ServerSpec } from '../../src/servers/spec.js';

const own = { ownPackage: 'patchbay-mcp' };
const where = (name: string, spec: ServerSpec) => specProblems(name, spec, own).map((p) => p.where);

describe('server names', () => {
  it('takes letters, digits, dot, dash, underscore up to the documented limit', () => {
    expect(serverNameProblem('fs', undefined, own)).toBeUndefined();
    expect(serverNameProblem('my.server_2-x', undefined, own)).toBeUndefined();
    expect(serverNameProblem('a'.repeat(SERVER_NAME_MAX), undefined, own)).toBeUndefined();
    expect(serverNameProblem('a'.repeat(SERVER_NAME_MAX + 1), undefined, own)).toMatch(/at most 64 characters \(this one has 65\)/);
    expect(serverNameProblem('a'.repeat(10_000), undefined, own)).toMatch(/at most 64/);
  });
  it('refuses paths, prototype keys, control characters and an empty name', () => {
    for (const bad of ['../../x', 'a/b', '.hidden', '', 'a b', 'x\r\ny', '__proto__', 'constructor', 'prototype']) {
      expect(serverNameProblem(bad, undefined, own), JSON.stringify(bad)).toBeDefined();
    }
    expect(serverNameProblem('x\r\ny', undefined, own)).toContain('\\u000d');
  });
  it('keeps the reserved name for patchbay\'s own package', () => {
    expect(serverNameProblem(RESERVED_NAME, { command: 'node', args: ['x.js'] }, own)).toMatch(/patchbay's own server/);
    expect(serverNameProblem(RESERVED_NAME, { npm: 'patchbay-mcp', version: '0.3.0', args: ['mcp'] }, own)).toBeUndefined();
  });
});

describe('specs', () => {
  it('a clean spec of each source has no problem', () => {
    expect(where('a', { npm: '@scope/pkg', version: '1.2.3', args: ['.'], env: { TOKEN: '${env:TOKEN}' } })).toEqual([]);
    expect(where('b', { pypi: 'mcp-server-git', version: '2025.1.14' })).toEqual([]);
    expect(where('c', { url: 'https://api.example.com/mcp', headers: { Authorization: 'Bearer ${env:T}' } })).toEqual([]);
    expect(where('d', { command: 'node', args: ['server.js'] })).toEqual([]);
    expect(where('e', { command: 'npx', args: ['-y', '@scope/pkg@1.2.3', '--flag'] })).toEqual([]);
    expect(where('f', { command: 'uvx', args: ['--from', 'pkg==1.0', 'tool'] })).toEqual([]);
    expect(where('g', { command: 'npx', args: ['-y', './local/server.js'] })).toEqual([]);
  });
  it('env names, header names and values, URLs', () => {
    expect(where('a', { command: 'node', env: { 'A B': '1' } })).toEqual(['env.A B']);
    expect(where('a', { command: 'node', env: { ['__proto__']: '1' } as Record<string, string> })).toEqual(['env.__proto__']);
    expect(where('a', { url: 'https://x.test/', headers: { 'X-A': 'a\r\nInjected: 1' } })).toEqual(['headers.X-A']);
    expect(where('a', { url: 'https://x.test/', headers: { 'X A': 'v' } })).toEqual(['headers.X A']);
    expect(where('a', { url: 'https://x.test/', headers: { 'X-Tab': 'a\tb' } })).toEqual([]);
    expect(where('a', { url: 'file:///etc/passwd' })).toEqual(['url']);
    expect(where('a', { url: 'javascript:alert(1)' })).toEqual(['url']);
    expect(where('a', { url: 'https://x.test/\nfoo' })).toEqual(['url']);
    expect(urlProblemOf('http://127.0.0.1:8080/mcp')).toBeUndefined();
    expect(urlProblemOf('not a url')).toMatch(/whitespace/);
    expect(urlProblemOf('nourl')).toMatch(/is not a URL/);
  });
  it('arguments without control characters', () => {
    expect(where('a', { command: 'node', args: ['ok', 'bad\nline'] })).toEqual(['args[1]']);
    expect(where('a', { npm: 'pkg', version: '1.0.0', runtimeArgs: ['--x\u0000'] })).toEqual(['runtimeArgs[0]']);
  });
  it('pins: npm exact, PyPI exact and present, runner packages pinned', () => {
    expect(where('a', { npm: 'pkg', version: '^1.0.0' })).toEqual(['version']);
    expect(where('a', { npm: 'Bad Name', version: '1.0.0' })).toEqual(['npm']);
    expect(where('a', { pypi: 'mcp-foo' })).toEqual(['version']);
    expect(where('a', { pypi: 'mcp-foo', version: '>=1' })).toEqual(['version']);
    expect(where('a', { pypi: 'mcp-foo', version: '1.2.0rc1' })).toEqual([]);
    expect(where('a', { command: 'npx', args: ['-y', 'foo@^1'] })).toEqual(['args[1]']);
    expect(where('a', { command: 'npx', args: ['foo'] })).toEqual(['args[0]']);
    expect(where('a', { command: 'npx', args: ['-y', '@s/foo@latest'] })).toEqual(['args[1]']);
    expect(where('a', { command: 'bunx', args: ['foo@1.2.3'] })).toEqual([]);
    expect(where('a', { command: 'uvx', args: ['mcp-foo'] })).toEqual(['args[0]']);
    expect(where('a', { command: 'uvx', args: ['mcp-foo==1.2.3'] })).toEqual([]);
    expect(where('a', { command: '/usr/local/bin/npx', args: ['foo@1'] })).toEqual(['args[0]']);
    expect(specProblems('a', { command: 'npx', args: ['foo@^1'] }, own)[0]?.message).toMatch(/not pinned to an exact version/);
  });
});
