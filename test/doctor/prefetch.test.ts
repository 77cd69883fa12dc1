// Which package an npx/uvx launch fetches, and the no-op that fetches it the same way (its flags,
// env and cwd kept): pure. The real fetch against real npm is test/e2e/doctor-cold-start.test.ts.
import { describe, expect, it } from 'vitest';
import { prefetchOf } from '../../src/doctor/prefetch.js';
import type { StdioLaunch } from '../../src/doctor/types.js';

const launch = (command: string, args: string[]): StdioLaunch => ({ transport: 'stdio', command, args, env: { K: 'v' }, cwd: '/p', windowsWrapper: false });

describe('prefetchOf', () => {
  it('npx: the first positional after the flags; flags kept as written; `--package` lists win', () => {
    expect(prefetchOf(launch('npx', ['--yes', '--registry', 'http://r/', 'srv@1.2.3', '--port', '1']))).toEqual({
      kind: 'npm',
      specs: ['srv@1.2.3'],
      launch: launch('npx', ['--yes', '--registry', 'http://r/', '--package=srv@1.2.3', '--', 'node', '-e', '']),
    });
    expect(prefetchOf(launch('/usr/bin/npx', ['-y', '-p', 'a@1', '--package=b@2', 'a-bin']))?.specs).toEqual(['a@1', 'b@2']);
    expect(prefetchOf(launch('npx.cmd', ['--', 'srv@1']))?.specs).toEqual(['srv@1']);
  });

  it('uvx: the package (or --from), fetched with a no-op python', () => {
    expect(prefetchOf(launch('uvx', ['mcp-server-fetch==2025.4.7']))).toMatchObject({ kind: 'pypi', specs: ['mcp-server-fetch==2025.4.7'], launch: { args: ['--from', 'mcp-server-fetch==2025.4.7', 'python', '-c', ''] } });
    expect(prefetchOf(launch('uvx', ['--python', '3.12', '--from', 'pkg==1', 'pkg-cli']))?.launch.args).toEqual(['--python', '3.12', '--from', 'pkg==1', 'python', '-c', '']);
  });

  it('nothing to fetch: other commands, npx -c, npx with no package', () => {
    expect(prefetchOf(launch('node', ['server.mjs']))).toBeUndefined();
    expect(prefetchOf(launch('npx', ['-c', 'echo hi']))).toBeUndefined();
    expect(prefetchOf(launch('npx', ['--yes']))).toBeUndefined();
  });
});
