import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadManifest, parseManifest, renderManifest } from '../../src/core/manifest/manifest.js';
import { lineColumn } from '../../src/installers/text/text.js';
import { manifestJsonSchema } from '../../src/core/manifest/schema.js';
import { schemaUrl, selfServerOf, type ManifestModel } from '../../src/core/manifest/pin.js';
import { selfSpec } from '../../src/installers/entry.js';
import { isPatchbayError, type PatchbayError } from '../../src/errors.js';

/** The version patchbay's own server is pinned to in a manifest. */
function pinnedVersion(model: ManifestModel): string | undefined {
  return selfServerOf(model.servers)?.[1].spec.version;
}

async function invalid(text: string): Promise<PatchbayError> {
  try {
    await parseManifest(text, '/p/patchbay.jsonc');
  } catch (error) {
    if (isPatchbayError(error, 'manifest-invalid')) return error;
    throw error;
  }
  throw new Error('expected manifest-invalid');
}

const GOOD = `{
  // hosts we want
  "hosts": ["opencode", "cursor"],
  "scope": "project",
  "servers": { "patchbay": { "command": "npx", "args": ["--yes", "patchbay-mcp@0.1.0", "mcp"] } },
}
`;

describe('manifest', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'pb-manifest-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('parses a valid v2 JSONC manifest (comments, trailing commas): every server gets its one host list', async () => {
    const model = await parseManifest(GOOD, '/p/patchbay.jsonc');
    expect(model.format).toBe(2);
    expect(model.defaults).toEqual({ hosts: ['opencode', 'cursor'], scope: 'project' });
    expect(model.servers.patchbay).toEqual({ spec: selfSpec('0.1.0'), hosts: ['opencode', 'cursor'], scope: 'project' });
    expect(pinnedVersion(model)).toBe('0.1.0');
  });

  it('parses a v3 manifest: each server its own hosts and scope, defaults optional', async () => {
    const v3 = `{
  "manifestVersion": 3,
  "servers": {
    "fs": { "npm": "fs-mcp", "version": "1.0.0", "hosts": ["cursor"] },
    "mem": { "npm": "mem-mcp", "version": "2.0.0", "hosts": ["claude-code", "vscode"], "scope": "user" },
  },
}`;
    const model = await parseManifest(v3, '/p/patchbay.jsonc');
    expect(model).toEqual({
      format: 3,
      defaults: {},
      servers: {
        fs: { spec: { npm: 'fs-mcp', version: '1.0.0' }, hosts: ['cursor'], scope: 'project' },
        mem: { spec: { npm: 'mem-mcp', version: '2.0.0' }, hosts: ['claude-code', 'vscode'], scope: 'user' },
      },
    });
  });

  it('refuses a v3 server without hosts, with an empty or repeated host list, or an unknown manifestVersion', async () => {
    const server = (extra: string) => `{ "manifestVersion": 3, "servers": { "fs": { "npm": "fs-mcp", "version": "1.0.0"${extra} } } }`;
    expect((await invalid(server(''))).details.pointer).toBe('/servers/fs/hosts');
    expect((await invalid(server(', "hosts": []'))).details.pointer).toBe('/servers/fs/hosts');
    expect((await invalid(server(', "hosts": ["cursor", "cursor"]'))).details.pointer).toBe('/servers/fs/hosts');
    expect((await invalid(server(', "hosts": ["vim"]'))).details.pointer).toBe('/servers/fs/hosts/0');
    expect((await invalid('{ "manifestVersion": 4, "servers": {} }')).details.pointer).toBe('/manifestVersion');
  });

  it('reports a syntax error with its line and column', async () => {
    const error = await invalid('{\n  "hosts": ["opencode",\n  "scope" "user"\n}');
    expect(error.details.line).toBe(3);
    expect(error.details.column).toBeGreaterThan(1);
  });

  it('points a schema violation at the offending value', async () => {
    const text = GOOD.replace('"cursor"', '"vim"');
    const error = await invalid(text);
    expect(error.details.line).toBe(3);
    expect(error.details.column).toBe(text.split('\n')[2]!.indexOf('"vim"') + 1);
    expect(error.details.pointer).toBe('/hosts/1');
    expect(error.message).toContain('hosts.1');
  });

  it('points a bad scope at its key, an unknown key at the object, and a bad pin at the arg', async () => {
    expect((await invalid(GOOD.replace('"project"', '"global"'))).details.line).toBe(4);
    expect((await invalid(GOOD.replace('"scope"', '"extra": 1,\n  "scope"'))).details.line).toBe(1);
    expect((await invalid(GOOD.replace('patchbay-mcp@0.1.0', 'patchbay@latest'))).details.line).toBe(5);
  });

  it('loadManifest returns null when there is no manifest and validates one that exists', async () => {
    expect(await loadManifest(dir)).toBeNull();
    await writeFile(path.join(dir, 'patchbay.jsonc'), GOOD);
    expect((await loadManifest(dir))?.model.defaults.scope).toBe('project');
    await writeFile(path.join(dir, 'patchbay.jsonc'), '{"hosts": []}');
    await expect(loadManifest(dir)).rejects.toMatchObject({ code: 'manifest-invalid' });
  });

  it('renders a new v3 manifest that validates and names the schema of its own pin', async () => {
    const text = renderManifest({ defaults: {}, servers: { patchbay: { spec: selfSpec('1.2.3'), hosts: ['claude-code'], scope: 'user' } } }, null);
    expect(text).toContain(`"$schema": "${schemaUrl('1.2.3')}"`);
    expect(text).toContain('"manifestVersion": 3');
    const model = await parseManifest(text, '/p/patchbay.jsonc');
    expect(model.servers.patchbay).toEqual({ spec: selfSpec('1.2.3'), hosts: ['claude-code'], scope: 'user' });
    expect(pinnedVersion(model)).toBe('1.2.3');
  });

  it('rewrites a v2 manifest as v3 in place, keeping comments, and is a no-op when nothing changes', async () => {
    const legacy = await parseManifest(GOOD, '/p/patchbay.jsonc');
    const v3 = renderManifest({ defaults: legacy.defaults, servers: legacy.servers }, GOOD);
    expect(v3).toContain('// hosts we want');
    // 0.1's raw npx entry becomes the npm source it is, with the v2 host list as its own.
    const model = await parseManifest(v3, '/p/patchbay.jsonc');
    expect(model.format).toBe(3);
    expect(model).toEqual({ ...legacy, format: 3 });
    expect(renderManifest({ defaults: model.defaults, servers: model.servers }, v3)).toBe(v3);
    const edited = renderManifest({
      defaults: model.defaults,
      servers: { ...model.servers, fs: { spec: { npm: 'fs-mcp', version: '1.0.0' }, hosts: ['cursor'], scope: 'project' } },
    }, v3);
    expect(edited).toContain('// hosts we want');
    expect(edited.startsWith(v3.slice(0, v3.indexOf('"servers"')))).toBe(true);
    expect((await parseManifest(edited, '/p/patchbay.jsonc')).servers.fs).toEqual({ spec: { npm: 'fs-mcp', version: '1.0.0' }, hosts: ['cursor'], scope: 'project' });
  });

  it('a server whose hosts change keeps a comment inside it; one whose launch changes is replaced', async () => {
    const text = `{
  "manifestVersion": 3,
  "servers": {
    "fs": {
      // the team's file server
      "npm": "fs-mcp", "version": "1.0.0",
      "hosts": ["cursor"]
    }
  }
}
`;
    const moreHosts = renderManifest({ defaults: {}, servers: { fs: { spec: { npm: 'fs-mcp', version: '1.0.0' }, hosts: ['cursor', 'vscode'], scope: 'project' } } }, text);
    expect(moreHosts).toBe(text.replace('"hosts": ["cursor"]', '"hosts": ["cursor", "vscode"]'));
    const repinned = renderManifest({ defaults: {}, servers: { fs: { spec: { npm: 'fs-mcp', version: '1.1.0' }, hosts: ['cursor'], scope: 'project' } } }, text);
    expect((await parseManifest(repinned, '/p/patchbay.jsonc')).servers.fs?.spec).toEqual({ npm: 'fs-mcp', version: '1.1.0' });
  });

  it('reads a BOM-prefixed manifest (editors on Windows write one) and refuses a duplicate key at its position', async () => {
    expect((await parseManifest(`\uFEFF${GOOD}`, '/p/patchbay.jsonc')).defaults.hosts).toEqual(['opencode', 'cursor']);
    const dup = await invalid(GOOD.replace('"scope": "project",', '"scope": "project",\n  "scope": "user",'));
    expect(dup.message).toContain('duplicate key');
    expect(dup.details.line).toBe(GOOD.split('\n').findIndex((l) => l.includes('"scope"')) + 2);
  });

  it('lineColumn is 1-based', async () => {
    expect(lineColumn('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });

  it('the shipped schema/patchbay.schema.json is generated from the zod schema', async () => {
    const shipped = JSON.parse(readFileSync(new URL('../../schema/patchbay.schema.json', import.meta.url), 'utf8'));
    expect(shipped).toEqual(manifestJsonSchema());
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(pkg.files).toContain('schema/patchbay.schema.json');
  });
});
