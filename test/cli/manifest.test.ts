import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadManifest, parseManifest, renderManifest } from '../../src/core/manifest/manifest.js';
import { lineColumn } from '../../src/installers/text/text.js';
import { manifestJsonSchema, pinnedVersion, schemaUrl } from '../../src/core/manifest/schema.js';
import { manifestServers } from '../../src/core/manifest/pin.js';
import { selfSpec } from '../../src/installers/entry.js';
import { isPatchbayError, type PatchbayError } from '../../src/errors.js';

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

  it('parses a valid JSONC manifest (comments, trailing commas) and reads the pin', async () => {
    const manifest = await parseManifest(GOOD, '/p/patchbay.jsonc');
    expect(manifest.hosts).toEqual(['opencode', 'cursor']);
    expect(pinnedVersion(manifest)).toBe('0.1.0');
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
    expect((await loadManifest(dir))?.manifest.scope).toBe('project');
    await writeFile(path.join(dir, 'patchbay.jsonc'), '{"hosts": []}');
    await expect(loadManifest(dir)).rejects.toMatchObject({ code: 'manifest-invalid' });
  });

  it('renders a new manifest that validates and names the shipped schema', async () => {
    const text = renderManifest({ hosts: ['claude-code'], scope: 'user', servers: { patchbay: selfSpec('1.2.3') } }, null);
    const manifest = await parseManifest(text, '/p/patchbay.jsonc');
    expect(manifest).toMatchObject({ hosts: ['claude-code'], scope: 'user', $schema: schemaUrl('1.2.3') });
    expect(pinnedVersion(manifest)).toBe('1.2.3');
  });

  it('edits an existing manifest in place, keeping comments, and is a no-op when nothing changes', async () => {
    const legacy = await parseManifest(GOOD, '/p/patchbay.jsonc');
    // 0.1's raw npx entry reads as the npm source it is.
    expect(manifestServers(legacy)).toEqual({ patchbay: selfSpec('0.1.0') });
    const v2 = renderManifest({ hosts: ['opencode', 'cursor'], scope: 'project', servers: { patchbay: selfSpec('0.1.0') } }, GOOD);
    expect(v2).toBe(GOOD.replace('{ "command": "npx", "args": ["--yes", "patchbay-mcp@0.1.0", "mcp"] }', '{ "npm": "patchbay-mcp", "version": "0.1.0", "args": ["mcp"] }'));
    expect(renderManifest({ hosts: ['opencode', 'cursor'], scope: 'project', servers: { patchbay: selfSpec('0.1.0') } }, v2)).toBe(v2);
    const edited = renderManifest({ hosts: ['opencode'], scope: 'user', servers: { patchbay: selfSpec('0.2.0'), fs: { npm: 'fs-mcp', version: '1.0.0' } } }, v2);
    expect(edited).toContain('// hosts we want');
    expect(await parseManifest(edited, '/p/patchbay.jsonc')).toMatchObject({ hosts: ['opencode'], scope: 'user', servers: { fs: { npm: 'fs-mcp', version: '1.0.0' } } });
    expect(pinnedVersion(await parseManifest(edited, '/p/patchbay.jsonc'))).toBe('0.2.0');
  });

  it('reads a BOM-prefixed manifest (editors on Windows write one) and refuses a duplicate key at its position', async () => {
    expect(await parseManifest(`\uFEFF${GOOD}`, '/p/patchbay.jsonc')).toMatchObject({ hosts: ['opencode', 'cursor'] });
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
