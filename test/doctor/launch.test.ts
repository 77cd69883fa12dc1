// host entry value → Launch, per shape and per host reference syntax. Pure: no files, no processes.
import { describe, expect, it } from 'vitest';
import { expandRefs } from '../../src/doctor/env-refs.js';
import { launchFromMcpServersEntry, launchFromOpenCodeEntry, type LaunchContext } from '../../src/doctor/launch.js';
import { hostRefs } from '../../src/doctor/ref-syntax.js';
import { hostRecord } from '../../src/installers/index.js';
import { CLAUDE_STYLE, CURSOR_STYLE, GENERIC_STYLE, OPENCODE_V1_STYLE, type EntryStyle } from '../../src/installers/shapes.js';

const base = { env: { TOKEN: 't0k', EMPTY: '', HOME_DIR: '/h' }, projectDir: '/work/proj', home: '/home/u' };
const STYLES: Record<string, EntryStyle> = { 'claude-code': CLAUDE_STYLE, cursor: CURSOR_STYLE, generic: GENERIC_STYLE, opencode: OPENCODE_V1_STYLE };
/** The reference rules of a catalog host: its style's form plus its launch facts. */
const refs = (host: string) => hostRefs(hostRecord(host), STYLES[host] as EntryStyle).rules;
const ctx = (host: string, urlNeedsType = false): LaunchContext => ({ ...base, refs: refs(host), urlNeedsType });

describe('expandRefs: each host its own syntax', () => {
  it('Claude Code: ${K} and ${K:-default}; the other syntaxes stay literal', () => {
    expect(expandRefs('a ${TOKEN} b', refs('claude-code'), base)).toEqual({ value: 'a t0k b', missing: [] });
    expect(expandRefs('${NOPE:-dflt}', refs('claude-code'), base)).toEqual({ value: 'dflt', missing: [] });
    expect(expandRefs('${EMPTY:-dflt}', refs('claude-code'), base).value).toBe('dflt');
    expect(expandRefs('${NOPE}', refs('claude-code'), base)).toEqual({ value: '', missing: ['NOPE'] });
    expect(expandRefs('${env:TOKEN} {env:TOKEN}', refs('claude-code'), base)).toEqual({ value: '${env:TOKEN} {env:TOKEN}', missing: [] });
  });

  it('Cursor: ${env:K} and the editor variables', () => {
    expect(expandRefs('${env:TOKEN}', refs('cursor'), base).value).toBe('t0k');
    expect(expandRefs('${workspaceFolder}/x ${workspaceFolderBasename} ${userHome}', refs('cursor'), base).value).toBe('/work/proj/x proj /home/u');
    expect(expandRefs('${env:NOPE}${TOKEN}', refs('cursor'), base)).toEqual({ value: '${TOKEN}', missing: ['NOPE'] });
  });

  it('OpenCode: {env:K}', () => {
    expect(expandRefs('Bearer {env:TOKEN}', refs('opencode'), base).value).toBe('Bearer t0k');
    expect(expandRefs('{env:NOPE} ${TOKEN}', refs('opencode'), base)).toEqual({ value: ' ${TOKEN}', missing: ['NOPE'] });
  });

  it('generic: ${env:K} only', () => {
    expect(expandRefs('${env:TOKEN} ${workspaceFolder}', refs('generic'), base).value).toBe('t0k ${workspaceFolder}');
  });
});

describe('launchFromMcpServersEntry (Claude Code, Cursor, generic)', () => {
  it('command + args + env, references expanded everywhere, cwd = the project', () => {
    const out = launchFromMcpServersEntry({ command: '${HOME_DIR}/bin/srv', args: ['--key', '${TOKEN}'], env: { A: 'x-${TOKEN}', N: 3 } }, ctx('claude-code'));
    expect(out.transport).toBe('stdio');
    expect(out.result).toEqual({
      kind: 'launch',
      launch: { transport: 'stdio', command: '/h/bin/srv', args: ['--key', 't0k'], env: { A: 'x-t0k', N: '3' }, cwd: '/work/proj', windowsWrapper: false },
    });
  });

  it('the display is what was written, with literal secrets redacted and no expanded value', () => {
    const out = launchFromMcpServersEntry({ command: 'srv', args: ['--token=literal-secret', '${TOKEN}', 'a b'] }, ctx('claude-code'));
    expect(out.display).toBe('srv --token=<redacted> ${TOKEN} "a b"');
  });

  it('missing variables are reported by name, sorted, once', () => {
    const out = launchFromMcpServersEntry({ command: 'srv', args: ['${B}', '${A}'], env: { X: '${B}' } }, ctx('claude-code'));
    expect(out.result).toEqual({ kind: 'missing-env', names: ['A', 'B'] });
  });

  it('url entries: Claude Code needs a type, Cursor infers http; sse and ws', () => {
    expect(launchFromMcpServersEntry({ url: 'https://x/mcp' }, ctx('claude-code', true)).result.kind).toBe('invalid');
    expect(launchFromMcpServersEntry({ url: 'https://x/mcp', headers: { Authorization: 'Bearer ${env:TOKEN}' } }, ctx('cursor'), CURSOR_STYLE).result).toEqual({
      kind: 'launch',
      launch: { transport: 'http', url: 'https://x/mcp', headers: { Authorization: 'Bearer t0k' }, sseFallback: true },
    });
    expect(launchFromMcpServersEntry({ type: 'http', url: 'https://x/mcp' }, ctx('claude-code', true)).result).toEqual({
      kind: 'launch',
      launch: { transport: 'http', url: 'https://x/mcp', headers: {} },
    });
    expect(launchFromMcpServersEntry({ type: 'streamable-http', url: 'https://x/mcp' }, ctx('claude-code', true)).transport).toBe('http');
    expect(launchFromMcpServersEntry({ type: 'sse', url: 'https://x/sse' }, ctx('claude-code', true)).transport).toBe('sse');
    expect(launchFromMcpServersEntry({ type: 'ws', url: 'ws://x/' }, ctx('claude-code', true)).result.kind).toBe('unsupported');
  });

  it('the Windows cmd /c wrapper is recognised and kept as written', () => {
    const out = launchFromMcpServersEntry({ command: 'cmd', args: ['/c', 'npx', '-y', 'srv'] }, ctx('claude-code'));
    expect(out.result).toMatchObject({ kind: 'launch', launch: { command: 'cmd', args: ['/c', 'npx', '-y', 'srv'], windowsWrapper: true } });
  });

  it('disabled and malformed entries', () => {
    expect(launchFromMcpServersEntry({ command: 'srv', disabled: true, args: ['${NOPE}'] }, ctx('cursor'), CURSOR_STYLE).result.kind).toBe('disabled');
    expect(launchFromMcpServersEntry({ command: 'srv', args: 'not-a-list' }, ctx('cursor'), CURSOR_STYLE).result).toEqual({ kind: 'invalid', message: '`args` must be an array of strings' });
    expect(launchFromMcpServersEntry({ command: 'srv', type: 'http' }, ctx('cursor'), CURSOR_STYLE).result.kind).toBe('invalid');
    expect(launchFromMcpServersEntry({}, ctx('cursor'), CURSOR_STYLE).result.kind).toBe('invalid');
    expect(launchFromMcpServersEntry('srv', ctx('cursor'), CURSOR_STYLE).result.kind).toBe('invalid');
  });
});

describe('launchFromOpenCodeEntry', () => {
  it('local: one command array + environment, cwd relative to the project', () => {
    const out = launchFromOpenCodeEntry({ type: 'local', command: ['node', 's.mjs', '{env:TOKEN}'], environment: { K: '{env:TOKEN}' }, cwd: 'sub' }, ctx('opencode'));
    expect(out.result).toEqual({
      kind: 'launch',
      launch: { transport: 'stdio', command: 'node', args: ['s.mjs', 't0k'], env: { K: 't0k' }, cwd: '/work/proj/sub', windowsWrapper: false },
    });
  });

  it('remote: url + headers over http', () => {
    const out = launchFromOpenCodeEntry({ type: 'remote', url: 'https://x/mcp', headers: { Authorization: 'Bearer {env:TOKEN}' } }, ctx('opencode'));
    expect(out.result).toEqual({ kind: 'launch', launch: { transport: 'http', url: 'https://x/mcp', headers: { Authorization: 'Bearer t0k' }, sseFallback: true } });
  });

  it('V1 enabled:false and V2 disabled:true are disabled; an override-only entry is not a server', () => {
    expect(launchFromOpenCodeEntry({ type: 'local', command: ['x'], enabled: false }, ctx('opencode')).result.kind).toBe('disabled');
    expect(launchFromOpenCodeEntry({ type: 'remote', url: 'https://x', disabled: true }, ctx('opencode')).result.kind).toBe('disabled');
    expect(launchFromOpenCodeEntry({ enabled: true }, ctx('opencode')).result.kind).toBe('override');
  });

  it('shapes OpenCode rejects are invalid: type stdio, a command string, no type', () => {
    expect(launchFromOpenCodeEntry({ type: 'stdio', command: ['x'] }, ctx('opencode')).result.kind).toBe('invalid');
    expect(launchFromOpenCodeEntry({ type: 'local', command: 'npx srv' }, ctx('opencode')).result.kind).toBe('invalid');
    const none = launchFromOpenCodeEntry({ command: ['x'] }, ctx('opencode')).result;
    expect(none).toEqual({ kind: 'invalid', message: 'OpenCode needs `type` "local" or "remote", the entry has none (OpenCode rejects the whole file)' });
  });
});
