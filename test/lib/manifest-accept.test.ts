// accept-v3.ts reads the common v3 manifest without zod. It must never accept what ManifestV3Schema refuses,
// and what it accepts must parse to exactly zod's output (same keys, same order). Generated manifests,
// valid ones and ones with one thing wrong, are run through both.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { acceptV3 } from '../../src/core/manifest/accept-v3.js';
import { ManifestV3Schema } from '../../src/core/manifest/schema.js';
import { parseManifest } from '../../src/core/manifest/manifest.js';

const host = fc.constantFrom('claude-code', 'cursor', 'opencode', 'codex', 'kilo', 'vscode', 'not-a-host');
const hosts = fc.array(host, { minLength: 0, maxLength: 4 });
const str = fc.oneof(fc.constantFrom('', 'x', '1.2.3', '^1.0.0', '${env:TOKEN}', 'a b'), fc.string({ maxLength: 6 }));
const strs = fc.array(str, { maxLength: 3 });
const smap = fc.dictionary(fc.constantFrom('A', 'B', 'Authorization'), str, { maxKeys: 2 });
const junk = fc.oneof(fc.constant(null), fc.integer(), fc.boolean(), fc.constant([]), fc.constant({}), str);
const url = fc.constantFrom('https://example.com/mcp', 'http://127.0.0.1:8080/x?y=1#z', 'ftp://x', 'not a url', 'https://ex ample.com', 'https://[::1]/', 'https://例え.jp/');
const placement = fc.record(
  { hosts, scope: fc.constantFrom('project', 'user', 'global'), registry: fc.record({ name: str, version: str, via: fc.constantFrom('npm', 'oci', 'docker'), vars: smap }, { requiredKeys: ['name', 'version', 'via'] }) },
  { requiredKeys: ['hosts'] },
);
const launch = fc.oneof(
  fc.record({ npm: str, version: fc.constantFrom('1.2.3', '1.2.3-rc.1+b', '^1.2.3', ''), range: str, runtimeArgs: strs, args: strs, env: smap }, { requiredKeys: ['npm', 'version'] }),
  fc.record({ pypi: str, version: str, runtimeArgs: strs, args: strs, env: smap }, { requiredKeys: ['pypi'] }),
  fc.record({ url, transport: fc.constantFrom('http', 'sse', 'ws'), headers: smap }, { requiredKeys: ['url'] }),
  fc.record({ command: str, args: strs, env: smap }, { requiredKeys: ['command'] }),
);
/** One thing off, sometimes: an unknown key, a member of the wrong type, two launch kinds at once. */
const mutate = <T extends object>(value: T) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant(value) },
    { weight: 1, arbitrary: fc.record({ k: fc.constantFrom('extra', 'npm', 'command', 'url', 'hosts', 'args', 'env'), v: junk }).map(({ k, v }) => ({ ...value, [k]: v })) },
  );
const serverArb = fc.tuple(launch, placement).chain(([l, p]) => mutate({ ...l, ...p }));
const manifest = fc
  .record(
    { $schema: str, manifestVersion: fc.constantFrom(3, 3, 3, 2), hosts, scope: fc.constantFrom('project', 'user', 'x'), servers: fc.dictionary(fc.constantFrom('fs', 'gh', 'a b', '', 'patchbay'), serverArb, { maxKeys: 3 }) },
    { requiredKeys: ['manifestVersion'] },
  )
  .chain(mutate);

describe('acceptV3 against ManifestV3Schema', () => {
  test('accepted ⇒ zod accepts, with the same output, keys in the same order', () => {
    let accepted = 0;
    fc.assert(
      fc.property(manifest, (raw) => {
        const fast = acceptV3(raw);
        if (fast === undefined) return;
        accepted++;
        const zod = ManifestV3Schema.safeParse(raw);
        expect(zod.success, JSON.stringify(raw)).toBe(true);
        expect(JSON.stringify(fast)).toBe(JSON.stringify(zod.data));
      }),
      { numRuns: 3000 },
    );
    // The generator must reach the fast path often, or this property proves nothing.
    expect(accepted).toBeGreaterThan(100);
  });

  test('the manifest patchbay writes is read without zod, and a wrong one still gets zod\'s worded error', async () => {
    const written = { $schema: 'https://unpkg.com/patchbay-mcp@0.3.0/schema/patchbay.schema.json', manifestVersion: 3, servers: { fs: { command: 'node', args: ['fs.js'], hosts: ['kilo'] } } };
    expect(acceptV3(written)).toEqual(written);
    await expect(parseManifest(JSON.stringify(written), '/p/patchbay.jsonc')).resolves.toMatchObject({ format: 3, servers: { fs: { hosts: ['kilo'] } } });
    const wrong = JSON.stringify({ ...written, servers: { fs: { command: 'node', hosts: ['kilo', 'kilo'] } } }, null, 2);
    expect(acceptV3(JSON.parse(wrong))).toBeUndefined();
    await expect(parseManifest(wrong, '/p/patchbay.jsonc')).rejects.toThrow(/servers\.fs\.hosts: must not list a host twice/);
  });
});
