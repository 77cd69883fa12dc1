// Property test over every catalog JSON host, through the whole host path (planAction on real temp
// files): generated documents in what the host reads (strict JSON, comments without trailing commas,
// or JSONC), with and without the host's container. Install keeps every byte and comment and adds
// exactly our entry at the host's container; a second install plans nothing; uninstall gives back
// the exact bytes.
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { hostRecord, planAction } from '../../src/installers/index.js';
import { managedEntry } from '../../src/installers/entry.js';
import { JSON_HOSTS } from '../../src/installers/hosts/json-catalog.js';
import { CLAUDE_STYLE, CURSOR_STYLE, GENERIC_STYLE, OPENCODE_V2_STYLE, type EntryStyle } from '../../src/installers/shapes.js';
import type { JsonTolerance } from '../../src/installers/jsonc/document.js';
import { JSON_PROPERTY_EXTRA } from './host-coverage.js';
import { afterText, applyChange, makeEnv, put, V } from './helpers.js';
import { commentsOf, onlyInsertions, parseLoose, withEntry } from './corpus-util.js';
import { render, server, style, value, type J } from './jsonc-gen.js';

// PB_PROPERTY_RUNS raises the run count; per host, since each run writes real files.
const RUNS = Math.max(10, Math.floor(Number(process.env.PB_PROPERTY_RUNS ?? 400) / 16));
const key = fc.constantFrom('a', 'b', 'name', 'x y', 'é', 'env', '$schema', 'k"q', 'url', 'amp.tools.disable');

interface PropertyHost { id: string; tolerance: JsonTolerance; container: readonly string[]; style: EntryStyle; projectFiles: readonly string[]; opencodeVersion?: string }

/** The JSON hosts that are modules, not catalog records (the same property, their own layout). */
const MODULE_HOSTS: PropertyHost[] = [
  { id: 'claude-code', tolerance: 'strict', container: ['mcpServers'], style: CLAUDE_STYLE, projectFiles: ['.mcp.json'] },
  { id: 'cursor', tolerance: 'jsonc', container: ['mcpServers'], style: CURSOR_STYLE, projectFiles: ['.cursor/mcp.json'] },
  { id: 'generic', tolerance: 'strict', container: ['mcpServers'], style: GENERIC_STYLE, projectFiles: [] },
  { id: 'opencode', tolerance: 'jsonc', container: ['mcp', 'servers'], style: OPENCODE_V2_STYLE, projectFiles: ['opencode.jsonc'], opencodeVersion: '2.0.0' },
];
if (JSON.stringify(MODULE_HOSTS.map((h) => h.id)) !== JSON.stringify(JSON_PROPERTY_EXTRA)) throw new Error('host-coverage.ts JSON_PROPERTY_EXTRA must list MODULE_HOSTS');

for (const h of [...JSON_HOSTS, ...MODULE_HOSTS] as PropertyHost[]) {
  describe(`generated ${h.tolerance} documents: ${h.id}`, () => {
    const scope = h.projectFiles.length > 0 ? 'project' : 'user';
    const docs = fc.record({
      others: fc.dictionary(key, value, { maxKeys: 3 }),
      servers: fc.option(fc.dictionary(fc.constantFrom('fs', 'git', 'db'), server, { maxKeys: 2 }), { nil: undefined }),
      first: fc.boolean(),
    });
    test('install keeps every byte, is idempotent, and uninstall restores the exact bytes', async () => {
      await fc.assert(fc.asyncProperty(docs, style, async (d, s) => {
        const data: Record<string, J> = {};
        const container = h.container.reduceRight<J>((inner, k) => ({ [k]: inner }), (d.servers ?? {}) as J) as Record<string, J>;
        if (d.servers && d.first) Object.assign(data, container);
        for (const [k, v] of Object.entries(d.others)) if (!(k in data)) data[k] = v;
        if (d.servers && !d.first) Object.assign(data, container);
        const text = render(data, s, h.tolerance);
        const env = await makeEnv();
        try {
          const file = scope === 'project' ? path.join(env.projectDir, h.projectFiles[0] as string) : (hostRecord(h.id).files(env.ctx, 'user')?.[0] as string);
          await put(file, text);
          const req = { hosts: [h.id], scope, version: V, ...(h.opencodeVersion ? { opencodeVersion: h.opencodeVersion } : {}) } as const;
          const init = await planAction(env.ctx, { action: 'init', ...req });
          expect(init.diagnostics).toEqual([]);
          const after = afterText(init.plan.changes[0]);
          expect(onlyInsertions(text, after)).toBe(true);
          expect(commentsOf(after)).toEqual(commentsOf(text));
          expect(parseLoose(after).value).toEqual(withEntry(data, [...h.container, 'patchbay'], managedEntry(h.style, V, 'linux')));
          await applyChange(init.plan.changes[0]!);
          expect((await planAction(env.ctx, { action: 'init', ...req })).plan.changes).toEqual([]);
          const un = await planAction(env.ctx, { action: 'uninstall', ...req });
          expect(un.diagnostics).toEqual([]);
          // A file that held nothing but the bare skeleton (BOM aside) goes, as a file patchbay created
          // would: the core's rule (host-core.ts uninstall), not this host's.
          if (un.plan.changes[0]?.after === 'delete') {
            expect(parseLoose(text).value).toEqual(hostRecord(h.id).skeleton);
            expect(commentsOf(text)).toEqual([]);
          } else expect(afterText(un.plan.changes[0])).toBe(text);
        } finally {
          await env.cleanup();
        }
      }), { numRuns: RUNS });
    });
  });
}
