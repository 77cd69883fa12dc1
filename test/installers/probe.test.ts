// The version probe (src/installers/probe.ts) against real processes: plain node:child_process, no
// shell, the exact environment it is given, a failed exit as 'failed', and a grandchild that keeps
// the output pipe open does not hold the probe past the child's own exit.
import { describe, expect, test } from 'vitest';
import { cmdShimInvocation, createProbe } from '../../src/installers/probe.js';

const node = process.execPath;
const env = { PATH: process.env.PATH };

describe('createProbe', () => {
  test('answers stdout without the final line break, and only the first call spawns', async () => {
    const probe = createProbe(env);
    const first = probe(node, ['-e', 'process.stdout.write("1.2.3 (Thing)\\r\\nsecond\\n")']);
    expect(probe(node, ['-e', 'process.stdout.write("1.2.3 (Thing)\\r\\nsecond\\n")'])).toBe(first);
    expect(await first).toEqual({ ok: true, stdout: '1.2.3 (Thing)\r\nsecond' });
  });

  test('passes exactly the given environment, never process.env', async () => {
    const probe = createProbe({ PATH: process.env.PATH, ONLY_THIS: 'yes' });
    const r = await probe(node, ['-e', 'console.log(Object.keys(process.env).filter((k) => k === "ONLY_THIS" || k === "HOME").join(","))']);
    expect(r).toEqual({ ok: true, stdout: 'ONLY_THIS' });
  });

  test('a non-zero exit is failed, with the first line it printed', async () => {
    const r = await createProbe(env)(node, ['-e', 'console.error("boom\\nmore"); process.exit(3)']);
    expect(r).toMatchObject({ ok: false, reason: 'failed' });
    expect(r.ok ? '' : r.message).toMatch(/exit code 3.*boom/);
  });

  test('not on PATH (or an empty PATH) is not-found and spawns nothing', async () => {
    expect(await createProbe({ PATH: '' })('node', ['--version'])).toMatchObject({ ok: false, reason: 'not-found' });
    expect(await createProbe(env)('patchbay-no-such-binary-xyz', ['--version'])).toMatchObject({ ok: false, reason: 'not-found' });
  });

  test('a path that does not exist is not-found (ENOENT from the spawn itself)', async () => {
    expect(await createProbe(env)('/no/such/dir/tool', ['--version'])).toMatchObject({ ok: false, reason: 'not-found' });
  });

  test('a grandchild holding stdout open does not keep the probe waiting after the child exits', async () => {
    const script = [
      "const { spawn } = require('node:child_process');",
      // The grandchild inherits stdout and lives 8 s; the child prints its version and exits.
      "spawn(process.execPath, ['-e', 'setTimeout(() => {}, 8000)'], { stdio: ['ignore', 'inherit', 'inherit'], detached: true }).unref();",
      "console.log('9.9.9');",
    ].join('\n');
    const started = Date.now();
    const r = await createProbe(env)(node, ['-e', script]);
    expect(r).toEqual({ ok: true, stdout: '9.9.9' });
    expect(Date.now() - started).toBeLessThan(6_000);
  });

  test('Windows: a .cmd shim runs through cmd.exe with a quoted, caret-escaped command line', () => {
    const [file, argv, verbatim] = cmdShimInvocation('C:\\Program Files\\nodejs\\claude.cmd', ['--version', 'a&b'], { ComSpec: 'C:\\Windows\\system32\\cmd.exe' });
    expect(file).toBe('C:\\Windows\\system32\\cmd.exe');
    expect(verbatim).toBe(true);
    expect(argv).toEqual(['/d', '/s', '/c', '"C:\\Program^ Files\\nodejs\\claude.cmd ^"--version^" ^"a^&b^""']);
  });
});
