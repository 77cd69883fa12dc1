import { describe, expect, it } from 'vitest';
import { REDACTED, isSecretKeyName, redactArgs, redactConfigText, redactText, redactUrl, redactValue } from '../../src/redact.js';

describe('redactUrl', () => {
  it('removes userinfo, secret query values and fragment tokens', () => {
    expect(redactUrl('https://alice:hunter2@example.com/mcp?token=abc123&mode=sse#access_token=zz')).toBe(
      `https://${REDACTED}@example.com/mcp?token=${REDACTED}&mode=sse#access_token=${REDACTED}`,
    );
    expect(redactUrl('https://x.dev/?api_key=K&key=V&secret=S&password=P&access_token=T')).not.toMatch(/=(K|V|S|P|T)(&|$)/);
  });
  it('redacts opaque token-like path segments and keeps ordinary ones', () => {
    expect(redactUrl('https://hooks.example.com/services/T0ABCDEF1234567890XYZ/mcp')).toBe(`https://hooks.example.com/services/${REDACTED}/mcp`);
    expect(redactUrl('https://api.example.com/v1/mcp')).toBe('https://api.example.com/v1/mcp');
  });
  it('leaves non-URLs alone', () => {
    expect(redactUrl('npx')).toBe('npx');
  });
});

describe('redactText', () => {
  it('redacts URLs, quoted secret pairs, bare pairs, flags and bearer tokens inside text', () => {
    const out = redactText('"apiKey": "sk-1" url=http://u:p@h/x?token=2 --token=3 GITHUB_TOKEN=4 Authorization: Bearer abcdefghijkl');
    for (const secret of ['sk-1', 'u:p', 'token=2', '--token=3', 'GITHUB_TOKEN=4', 'abcdefghijkl']) expect(out).not.toContain(secret);
  });
  it('keeps harmless key/value text', () => {
    expect(redactText('"command": "npx", "type": "local"')).toBe('"command": "npx", "type": "local"');
  });
});

describe('isSecretKeyName', () => {
  it('classifies names by words, not substrings that merely look alike', () => {
    for (const yes of ['GITHUB_TOKEN', 'apiKey', 'api_key', 'password', 'Authorization', 'client_secret', 'signingKey', 'x-api-key']) {
      expect(isSecretKeyName(yes), yes).toBe(true);
    }
    for (const no of ['command', 'author', 'design', 'monkey', 'envNames', 'pointer', 'env', 'headers']) expect(isSecretKeyName(no), no).toBe(false);
  });
});

describe('redactArgs', () => {
  it('redacts the value after a secret flag and inline secret flags', () => {
    expect(redactArgs(['--token', 'abc', '--port', '80', '--password=pw', 'https://a:b@c/'])).toEqual([
      '--token',
      REDACTED,
      '--port',
      '80',
      `--password=${REDACTED}`,
      `https://${REDACTED}@c/`,
    ]);
  });
});

describe('redactConfigText', () => {
  it('redacts env and header values structurally and keeps comments and layout', () => {
    const text = `{
  // my servers
  "mcpServers": {
    "a": { "command": "x", "args": ["--api-key", "K1"], "env": { "A": "v1", "B": "v2" } },
    "b": { "url": "https://u:pw@host/p?token=T9", "headers": { "X-Key": "h1" } }
  }
}
`;
    const out = redactConfigText(text);
    for (const secret of ['K1', 'v1', 'v2', 'u:pw', 'T9', 'h1']) expect(out).not.toContain(secret);
    expect(out).toContain('// my servers');
    expect(out.split('\n')).toHaveLength(text.split('\n').length);
    expect(out).toContain('"A": "<redacted>"');
  });
  it('redacts OpenCode environment objects', () => {
    const out = redactConfigText('{"mcp":{"x":{"type":"local","command":["srv"],"environment":{"K":"canary"}}}}');
    expect(out).not.toContain('canary');
  });
  it('still redacts a malformed JSON file', () => {
    const out = redactConfigText('{"mcpServers": {"a": {"env": {"A": "v1"}, "url": "https://u:p@x/" ,,, }');
    expect(out).not.toContain('v1');
    expect(out).not.toContain('u:p');
  });
  it('redacts TOML env tables', () => {
    const out = redactConfigText('[mcp_servers.x]\ncommand = "npx"\n[mcp_servers.x.env]\nFOO = "bar"\n');
    expect(out).toContain('command = "npx"');
    expect(out).not.toContain('bar');
  });
});

describe('redactValue', () => {
  it('deep-redacts containers and secret keys', () => {
    expect(redactValue({ env: { A: 'x' }, token: 't', nested: [{ url: 'https://a:b@c' }], name: 'ok' })).toEqual({
      env: { A: REDACTED },
      token: REDACTED,
      nested: [{ url: `https://${REDACTED}@c` }],
      name: 'ok',
    });
  });
});
