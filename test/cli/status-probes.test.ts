// `patchbay status` (human) prints no host versions or detection reasons, so it runs no host binary's
// `--version` — except OpenCode's, whose version picks the config dialect it checks. `status --json`
// reports versions and still probes every binary. Each fake binary logs its runs to a file.
import { chmod, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../helpers/cli-sandbox.js';

let sb: Sandbox;
let log: string;
beforeEach(async () => {
  sb = await createSandbox();
  log = path.join(sb.root, 'probes.log');
  for (const [name, version] of [['claude', '2.1.332 (Claude Code)'], ['cursor', '1.0.0'], ['gemini', '0.9.0'], ['opencode', '1.18.33']] as const) {
    const file = path.join(sb.bin, name);
    await writeFile(file, `#!/bin/sh\necho "${name} $*" >> '${log}'\necho '${version}'\n`);
    await chmod(file, 0o755);
  }
});
afterEach(async () => {
  await sb.cleanup();
});

const probed = async (): Promise<string[]> => (await readFile(log, 'utf8').catch(() => '')).split('\n').filter(Boolean).sort();
const HOSTS = 'opencode,claude-code,cursor,gemini';

describe('status runs host binaries only where what it prints depends on them', () => {
  it('human status probes OpenCode only; --json probes every host binary and reports the versions', async () => {
    expect((await sb.run(['init', '--yes', '--host', HOSTS])).code).toBe(0);
    await rm(log, { force: true });

    const human = await sb.run(['status', '--host', HOSTS]);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain('Every selected host is current.');
    expect(await probed()).toEqual(['opencode --version']);

    await rm(log, { force: true });
    const json = await sb.run(['status', '--json', '--host', HOSTS]);
    expect(json.code).toBe(0);
    expect(await probed()).toEqual(['claude --version', 'cursor --version', 'gemini --version', 'opencode --version']);
    const hosts = (JSON.parse(json.stdout) as { hosts: { host: string; version?: string; detected: boolean }[] }).hosts;
    expect(Object.fromEntries(hosts.map((h) => [h.host, h.version]))).toEqual({ opencode: '1.18.33', 'claude-code': '2.1.332', cursor: '1.0.0', gemini: '0.9.0' });
  });

  it('without --host (the hosts init recorded) human status runs no host binary at all', async () => {
    expect((await sb.run(['init', '--yes', '--host', 'claude-code,gemini'])).code).toBe(0);
    await rm(log, { force: true });
    const human = await sb.run(['status']);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain('claude-code');
    // The recorded hosts (claude-code, gemini) need no probe; 0.2 scanned every host and asked opencode.
    expect(await probed()).toEqual([]);
  });
});
