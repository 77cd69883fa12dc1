// The library's fromServerJson: a published server.json → the spec plan() takes, by the CLI's rules.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromServerJson } from '../../src/lib/index.js';
import { REPO_ROOT } from '../helpers/cli-sandbox.js';

const corpus = (file: string) => readFile(path.join(REPO_ROOT, 'fixtures', 'corpus', 'server-json', file), 'utf8').then((t) => JSON.parse(t) as unknown);

describe('fromServerJson', () => {
  it('renders the first runnable package, pinned, secrets as references', async () => {
    const spec = fromServerJson(await corpus('003-upstash-context7.json'));
    expect(spec).toMatchObject({ npm: '@upstash/context7-mcp', version: expect.stringMatching(/^\d+\.\d+\.\d+/), registry: { name: 'io.github.upstash/context7', via: 'npm' } });
  });
  it('lists the required inputs it lacks, then takes them', async () => {
    const json = await corpus('029-browserbase-mcp-server-browserbase.json');
    expect(() => fromServerJson(json)).toThrow(expect.objectContaining({ code: 'input-required', details: expect.objectContaining({ inputs: [expect.objectContaining({ kind: 'env', name: 'BROWSERBASE_PROJECT_ID' })] }) }));
    const spec = fromServerJson(json, { env: { BROWSERBASE_PROJECT_ID: 'proj-1' } });
    expect(spec).toMatchObject({ env: { BROWSERBASE_PROJECT_ID: 'proj-1', BROWSERBASE_API_KEY: '${env:BROWSERBASE_API_KEY}' } });
  });
  it('refuses a malformed entry with a pointer, and a template', async () => {
    const jellyfin = await corpus('015-Toastyice-JellyfinMCP.json');
    expect(() => fromServerJson(jellyfin)).toThrow(expect.objectContaining({ code: 'registry-malformed', details: expect.objectContaining({ pointer: '/packages/0/environmentVariables/0' }) }));
    expect(() => fromServerJson({ name: 'io.x/y', version: '${VERSION}' })).toThrow(expect.objectContaining({ code: 'registry-template' }));
  });
});
