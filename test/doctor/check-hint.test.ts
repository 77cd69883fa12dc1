// The MCP server does not run doctor (it spawns nothing but --version probes); its `check` answer
// tells agents that a person can, without changing the answer's status.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { resolveEnvironment } from '../../src/server/context.js';
import { check } from '../../src/server/tools/check.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'pb-doctor-check-'));
  await mkdir(path.join(root, 'project'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

it('check points at `patchbay doctor` with an info diagnostic; a clean project stays ok', async () => {
  const home = path.join(root, 'home');
  const environment = resolveEnvironment({ cwd: path.join(root, 'project'), env: { HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), PATCHBAY_STATE_DIR: path.join(root, 'state'), PATH: '' } });
  const answer = await check(environment, { hosts: ['cursor'], scope: 'project' });
  expect(answer.status).toBe('ok');
  expect(answer.data).toMatchObject({ errors: 0, warnings: 0 });
  expect(answer.diagnostics).toEqual([expect.objectContaining({ code: 'servers-not-started', severity: 'info', hint: expect.stringContaining('patchbay doctor') })]);
});
