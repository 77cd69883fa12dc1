// Entry → Launch from a host's EntryStyle data alone (shapes.ts, json-styles.ts): the member names,
// the by-name variables of Codex and Goose, each host's transports, and the reference syntax derived
// from the style. Pure: no files, no processes.
import { describe, expect, it } from 'vitest';
import { launchFromEntry, type LaunchContext } from '../../src/doctor/launch.js';
import { hostRefs } from '../../src/doctor/ref-syntax.js';
import { hostRecord, isHostId } from '../../src/installers/index.js';
import { CODEX_STYLE, CONTINUE_STYLE, GOOSE_STYLE, VIBE_STYLE, type EntryStyle } from '../../src/installers/shapes.js';
import { CLINE_STYLE, GEMINI_STYLE, KILO_STYLE, QWEN_STYLE, WINDSURF_STYLE, ZED_STYLE } from '../../src/installers/hosts/json-styles.js';

const env = { TOKEN: 't0k', K: 'v' };
function ctx(host: string, name: string, style: EntryStyle): LaunchContext {
  const refs = hostRefs({ displayName: name, ...(isHostId(host) ? { launch: hostRecord(host).launch } : {}) }, style);
  return {
    env, projectDir: '/p', home: '/h', urlNeedsType: false, hostName: name, refs: refs.rules,
    ...(refs.literalNote !== undefined ? { literalNote: refs.literalNote } : {}),
  };
}
const run = (host: string, name: string, style: EntryStyle, value: unknown) => launchFromEntry(style, value, ctx(host, name, style));

describe('launchFromEntry with catalog styles', () => {
  it('reference syntax comes from the style: Gemini ${K}, Windsurf ${env:K}, Zed literal with a note', () => {
    expect(run('gemini', 'Gemini CLI', GEMINI_STYLE, { command: 's', env: { A: '${TOKEN}' } }).result).toMatchObject({ launch: { env: { A: 't0k' } } });
    expect(run('windsurf', 'Windsurf', WINDSURF_STYLE, { command: 's', env: { A: '${env:TOKEN}' } }).result).toMatchObject({ launch: { env: { A: 't0k' } } });
    const zed = run('zed', 'Zed', ZED_STYLE, { source: 'custom', command: 's', env: { A: '${TOKEN}' } });
    expect(zed.result).toMatchObject({ launch: { env: { A: '${TOKEN}' } } });
    expect(zed.notes).toEqual([expect.stringContaining('no env-reference syntax for Zed')]);
    expect(run('zed', 'Zed', ZED_STYLE, { source: 'extension', settings: {} }).result).toMatchObject({ kind: 'unsupported' });
    // No note when nothing looks like a reference.
    expect(run('zed', 'Zed', ZED_STYLE, { command: 's' }).notes).toBeUndefined();
    const cont = run('continue', 'Continue', CONTINUE_STYLE, { name: 'x', command: 's', env: { A: '${{ secrets.TOKEN }}' } });
    expect(cont.notes).toEqual([expect.stringContaining('${{ secrets.NAME }}')]);
  });

  it('Qwen: `httpUrl` is streamable HTTP and `url` is SSE, without a type', () => {
    expect(run('qwen-code', 'Qwen Code', QWEN_STYLE, { httpUrl: 'https://x/mcp' }).result).toEqual({ kind: 'launch', launch: { transport: 'http', url: 'https://x/mcp', headers: {} } });
    expect(run('qwen-code', 'Qwen Code', QWEN_STYLE, { url: 'https://x/sse' }).transport).toBe('sse');
  });

  it('Codex: variables and headers by name, no SSE, `enabled = false`', () => {
    const stdio = run('codex', 'Codex', CODEX_STYLE, { command: 's', env_vars: ['K', 'NOPE'] });
    expect(stdio.result).toMatchObject({ kind: 'launch', launch: { env: { K: 'v' } } });
    expect(stdio.notes).toEqual([expect.stringContaining('NOPE (env_vars) is not set here')]);
    const remote = run('codex', 'Codex', CODEX_STYLE, { url: 'https://x/mcp', bearer_token_env_var: 'TOKEN', env_http_headers: { 'X-K': 'K' } });
    expect(remote.result).toEqual({ kind: 'launch', launch: { transport: 'http', url: 'https://x/mcp', headers: { Authorization: 'Bearer t0k', 'X-K': 'v' } } });
    expect(run('codex', 'Codex', CODEX_STYLE, { url: 'https://x/mcp', bearer_token_env_var: 'MISSING' }).result).toEqual({ kind: 'missing-env', names: ['MISSING'] });
    expect(run('codex', 'Codex', CODEX_STYLE, { command: 's', enabled: false }).result.kind).toBe('disabled');
  });

  it('Goose `cmd`/`envs`/`uri` with `streamable_http`; Mistral Vibe `transport` and `auth.headers`', () => {
    expect(run('goose', 'Goose', GOOSE_STYLE, { type: 'stdio', cmd: 'g', args: ['a'], envs: { A: 'b' } }).result)
      .toMatchObject({ launch: { command: 'g', args: ['a'], env: { A: 'b' } } });
    expect(run('goose', 'Goose', GOOSE_STYLE, { type: 'streamable_http', uri: 'https://x/mcp' }).result).toMatchObject({ launch: { transport: 'http', url: 'https://x/mcp' } });
    expect(run('goose', 'Goose', GOOSE_STYLE, { type: 'sse', uri: 'https://x/sse' }).result.kind).toBe('unsupported');
    const vibe = run('mistral-vibe', 'Mistral Vibe', VIBE_STYLE, { transport: 'streamable-http', url: 'https://x/mcp', auth: { type: 'static', headers: { H: 'v' } } });
    expect(vibe.result).toEqual({ kind: 'launch', launch: { transport: 'http', url: 'https://x/mcp', headers: { H: 'v' } } });
  });

  it('Cline writes a type: an entry without one is tried over HTTP then SSE, with a note', () => {
    const out = run('cline', 'Cline', CLINE_STYLE, { url: 'https://x/mcp' });
    expect(out.result).toMatchObject({ launch: { transport: 'http', sseFallback: true } });
    expect(out.notes).toEqual([expect.stringContaining('whether Cline does the same is not known')]);
  });

  it('Kilo: the OpenCode shape, named Kilo in messages, values literal', () => {
    expect(run('kilo', 'Kilo Code', KILO_STYLE, { type: 'local', command: ['k', '{env:K}'] }).result).toMatchObject({ launch: { command: 'k', args: ['{env:K}'] } });
    expect(run('kilo', 'Kilo Code', KILO_STYLE, { command: ['k'] }).result).toEqual({ kind: 'invalid', message: 'Kilo Code needs `type` "local" or "remote", the entry has none (Kilo Code rejects the whole file)' });
  });
});
