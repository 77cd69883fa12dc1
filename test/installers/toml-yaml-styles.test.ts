// Rendering servers (not only patchbay's own) in the TOML/YAML hosts' styles: where env and headers go,
// how `${env:NAME}` references are written per host, and which ones fail closed.
import { describe, expect, test } from 'vitest';
import { CLAUDE_STYLE, CODEX_STYLE, CONTINUE_STYLE, GOOSE_STYLE, GROK_STYLE, VIBE_STYLE, renderEntry } from '../../src/installers/shapes.js';
import { recognize } from '../../src/installers/entry.js';
import type { Launch } from '../../src/servers/spec.js';

const stdio = (env: Record<string, string>): Launch => ({ transport: 'stdio', command: 'docker', args: ['run', '-i'], env });
const http = (headers: Record<string, string>, transport: 'http' | 'sse' = 'http'): Launch => ({ transport, url: 'https://x.example/mcp', headers });

describe('Codex', () => {
  test('a same-name reference goes to env_vars, a literal to env', () => {
    expect(renderEntry(CODEX_STYLE, stdio({ DATABASE_URL: '${env:DATABASE_URL}', MODE: 'ro' }), 'linux')).toEqual({
      ok: true, value: { command: 'docker', args: ['run', '-i'], env_vars: ['DATABASE_URL'], env: { MODE: 'ro' } },
    });
  });

  for (const value of ['${env:OTHER}', 'postgres://${env:DATABASE_URL}', '${env:DATABASE_URL}/db']) {
    test(`env DATABASE_URL = ${value} needs interpolation: secret-reference-unsupported`, () => {
      expect(renderEntry(CODEX_STYLE, stdio({ DATABASE_URL: value }), 'linux')).toMatchObject({ ok: false, code: 'secret-reference-unsupported' });
    });
  }

  test('Authorization: Bearer ${env:X} → bearer_token_env_var; ${env:Y} header → env_http_headers; literals → http_headers', () => {
    const r = renderEntry(CODEX_STYLE, http({ Authorization: 'Bearer ${env:GITHUB_TOKEN}', 'X-Key': '${env:API_KEY}', 'X-Region': 'eu' }), 'linux');
    expect(r).toEqual({
      ok: true,
      value: { url: 'https://x.example/mcp', bearer_token_env_var: 'GITHUB_TOKEN', http_headers: { 'X-Region': 'eu' }, env_http_headers: { 'X-Key': 'API_KEY' } },
    });
  });

  test('a header that needs interpolation (token inside other text) fails closed', () => {
    expect(renderEntry(CODEX_STYLE, http({ 'X-Auth': 'token=${env:T}' }), 'linux')).toMatchObject({ ok: false, code: 'secret-reference-unsupported' });
    expect(renderEntry(CODEX_STYLE, http({ Authorization: 'Basic ${env:T}' }), 'linux')).toMatchObject({ ok: false, code: 'secret-reference-unsupported' });
  });

  test('SSE is not a Codex transport', () => {
    expect(renderEntry(CODEX_STYLE, http({}, 'sse'), 'linux')).toMatchObject({ ok: false, code: 'transport-unsupported' });
  });

  test('an entry forwarding env by name is recognized as ours only when that is the env this run adds', () => {
    const value = { command: 'npx', args: ['--yes', 'patchbay-mcp@0.2.0', 'mcp'], env_vars: ['npm_config_registry'] };
    expect(recognize(value, CODEX_STYLE, '0.2.0', 'linux')).toEqual({ ours: false });
    expect(recognize(value, CODEX_STYLE, '0.2.0', 'linux', { npm_config_registry: '${env:npm_config_registry}' })).toEqual({ ours: true, pin: '0.2.0', current: true });
    // Without the env, the plain entry is still ours (not current when this run adds the env).
    const plain = { command: 'npx', args: ['--yes', 'patchbay-mcp@0.2.0', 'mcp'] };
    expect(recognize(plain, CODEX_STYLE, '0.2.0', 'linux', { npm_config_registry: '${env:npm_config_registry}' })).toEqual({ ours: true, pin: '0.2.0', current: false });
  });
});

test('Grok has no known reference form: a reference fails closed, literals are written', () => {
  expect(renderEntry(GROK_STYLE, stdio({ K: '${env:K}' }), 'linux')).toMatchObject({ ok: false, code: 'secret-reference-unsupported' });
  expect(renderEntry(GROK_STYLE, stdio({ K: 'v' }), 'win32')).toEqual({ ok: true, value: { command: 'cmd', args: ['/c', 'docker', 'run', '-i'], env: { K: 'v' } } });
});

describe('Goose', () => {
  test('cmd/envs/env_keys, type stdio, enabled and timeout', () => {
    expect(renderEntry(GOOSE_STYLE, stdio({ TOKEN: '${env:TOKEN}', MODE: 'ro' }), 'linux')).toEqual({
      ok: true, value: { type: 'stdio', cmd: 'docker', args: ['run', '-i'], env_keys: ['TOKEN'], envs: { MODE: 'ro' }, enabled: true, timeout: 300 },
    });
  });
  test('remote: uri + streamable_http; SSE and header references fail closed', () => {
    expect(renderEntry(GOOSE_STYLE, http({ 'X-Region': 'eu' }), 'linux')).toEqual({
      ok: true, value: { type: 'streamable_http', uri: 'https://x.example/mcp', headers: { 'X-Region': 'eu' }, enabled: true, timeout: 300 },
    });
    expect(renderEntry(GOOSE_STYLE, http({}, 'sse'), 'linux')).toMatchObject({ ok: false, code: 'transport-unsupported' });
    expect(renderEntry(GOOSE_STYLE, http({ A: 'Bearer ${env:T}' }), 'linux')).toMatchObject({ ok: false, code: 'secret-reference-unsupported' });
  });
});

describe('Mistral Vibe', () => {
  test('transport stdio; remote streamable-http with headers in auth (type static)', () => {
    expect(renderEntry(VIBE_STYLE, stdio({}), 'win32')).toEqual({ ok: true, value: { transport: 'stdio', command: 'docker', args: ['run', '-i'] } });
    expect(renderEntry(VIBE_STYLE, http({ 'X-Region': 'eu' }), 'linux')).toEqual({
      ok: true, value: { transport: 'streamable-http', url: 'https://x.example/mcp', auth: { type: 'static', headers: { 'X-Region': 'eu' } } },
    });
    expect(renderEntry(VIBE_STYLE, stdio({ K: '${env:K}' }), 'linux')).toMatchObject({ ok: false, code: 'secret-reference-unsupported' });
  });
});

describe('Continue', () => {
  test('references as ${{ secrets.NAME }}; remote headers in requestOptions', () => {
    expect(renderEntry(CONTINUE_STYLE, stdio({ K: '${env:K}', L: 'x-${env:M}' }), 'win32')).toEqual({
      ok: true, value: { command: 'docker', args: ['run', '-i'], env: { K: '${{ secrets.K }}', L: 'x-${{ secrets.M }}' } },
    });
    expect(renderEntry(CONTINUE_STYLE, http({ Authorization: 'Bearer ${env:T}' }, 'sse'), 'linux')).toEqual({
      ok: true, value: { type: 'sse', url: 'https://x.example/mcp', requestOptions: { headers: { Authorization: 'Bearer ${{ secrets.T }}' } } },
    });
  });
});

test('the JSON styles render as before (headers under headersKey, references inline)', () => {
  expect(renderEntry(CLAUDE_STYLE, http({ Authorization: 'Bearer ${env:T}' }), 'linux')).toEqual({
    ok: true, value: { type: 'http', url: 'https://x.example/mcp', headers: { Authorization: 'Bearer ${T}' } },
  });
  expect(renderEntry(CLAUDE_STYLE, stdio({ K: '${env:K}' }), 'linux')).toEqual({ ok: true, value: { command: 'docker', args: ['run', '-i'], env: { K: '${K}' } } });
});
