// Every real TOML/YAML config in fixtures/corpus, through the HOST (not just the codec): init adds
// patchbay's entry as pure insertions keeping every comment, the host's own parser reading reads the
// old value plus exactly our entry, a second init plans nothing, status is current, and uninstall gives
// back the exact original bytes.
import path from 'node:path';
import { getStaticTOMLValue, parseTOML } from 'toml-eslint-parser';
import { describe, expect, test } from 'vitest';
import { inspectHosts, managedEntry, planAction } from '../../src/installers/index.js';
import type { DocPath } from '../../src/installers/document/types.js';
import type { Scope } from '../../src/installers/types.js';
import { CORPUS_EXTRA } from './host-coverage.js';
import { LIBRECHAT_STYLE } from '../../src/installers/hosts/json-styles.js';
import { afterText, applyChange, makeEnv, put, V } from './helpers.js';
import { corpusFiles, onlyInsertions } from './corpus-util.js';
import { comments as tomlComments } from './toml/util.js';
import { readYaml, withEntry, yamlComments } from './yaml/util.js';

interface Case {
  host: string;
  corpus: string;
  scope: Scope;
  /** Where the file goes, relative to the test root. */
  file: string;
  format: 'toml' | 'yaml';
  /** Our entry's path and value, given the parsed original. */
  entry: (original: Record<string, unknown>) => { path: DocPath; value: unknown };
}

const self = (style: string, name?: string) => ({ ...(name ? { name } : {}), ...managedEntry(style, V, 'linux') });
const listEnd = (o: Record<string, unknown>, key: string) => (Array.isArray(o[key]) ? (o[key] as unknown[]).length : 0);

const CASES: Case[] = [
  { host: 'codex', corpus: 'codex', scope: 'user', file: 'home/.codex/config.toml', format: 'toml', entry: () => ({ path: ['mcp_servers', 'patchbay'], value: self('codex') }) },
  { host: 'codex', corpus: 'codex', scope: 'project', file: 'project/.codex/config.toml', format: 'toml', entry: () => ({ path: ['mcp_servers', 'patchbay'], value: self('codex') }) },
  { host: 'grok', corpus: 'grok', scope: 'project', file: 'project/.grok/config.toml', format: 'toml', entry: () => ({ path: ['mcp_servers', 'patchbay'], value: self('grok') }) },
  // Grok and Codex files are the same shape: each host's corpus through the other host too.
  { host: 'grok', corpus: 'codex', scope: 'user', file: 'home/.grok/config.toml', format: 'toml', entry: () => ({ path: ['mcp_servers', 'patchbay'], value: self('grok') }) },
  { host: 'mistral-vibe', corpus: 'mistral-vibe', scope: 'user', file: 'home/.vibe/config.toml', format: 'toml', entry: (o) => ({ path: ['mcp_servers', listEnd(o, 'mcp_servers')], value: self('mistral-vibe', 'patchbay') }) },
  { host: 'goose', corpus: 'goose', scope: 'user', file: 'home/.config/goose/config.yaml', format: 'yaml', entry: () => ({ path: ['extensions', 'patchbay'], value: self('goose', 'patchbay') }) },
  { host: 'continue', corpus: 'continue', scope: 'user', file: 'home/.continue/config.yaml', format: 'yaml', entry: (o) => ({ path: ['mcpServers', listEnd(o, 'mcpServers')], value: self('continue', 'patchbay') }) },
  { host: 'librechat', corpus: 'librechat', scope: 'project', file: 'project/librechat.yaml', format: 'yaml', entry: () => ({ path: ['mcpServers', 'patchbay'], value: managedEntry(LIBRECHAT_STYLE, V, 'linux') }) },
  { host: 'continue', corpus: 'continue-blocks', scope: 'user', file: 'home/.continue/config.yaml', format: 'yaml', entry: (o) => ({ path: ['mcpServers', listEnd(o, 'mcpServers')], value: self('continue', 'patchbay') }) },
];

test('every TOML/YAML host host-coverage.ts names runs here with its corpus folder', () => {
  const here = Object.entries(CORPUS_EXTRA).filter(([id]) => !['claude-code', 'cursor', 'opencode', 'generic'].includes(id));
  for (const [id, corpus] of here) expect(CASES.some((c) => c.host === id && c.corpus === corpus), id).toBe(true);
});

const readToml = (text: string) => getStaticTOMLValue(parseTOML(text.replace(/^\uFEFF/, ''))) as Record<string, unknown>;

for (const c of CASES) {
  describe(`${c.host} (${c.scope}) with the ${c.corpus} corpus`, () => {
    const files = corpusFiles(c.corpus);
    test('is there', () => expect(files.length).toBeGreaterThan(0));
    for (const { name, text } of files) {
      test(name, async () => {
        const env = await makeEnv();
        try {
          const file = path.join(env.root, c.file);
          await put(file, text);
          const req = { hosts: [c.host], scope: c.scope, version: V };
          const init = await planAction(env.ctx, { action: 'init', ...req });
          expect(init.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
          expect(init.plan.changes).toHaveLength(1);
          const after = afterText(init.plan.changes[0]);

          const read = c.format === 'toml' ? readToml : (t: string) => readYaml(t) as Record<string, unknown>;
          const comments = c.format === 'toml' ? tomlComments : yamlComments;
          expect(comments(after)).toEqual(comments(text));
          expect(onlyInsertions(text, after)).toBe(true);
          if (text.includes('\r\n')) expect(after.replace(/\r\n/g, '')).not.toContain('\n');
          const original = read(text);
          const { path: at, value } = c.entry(original);
          expect(read(after)).toEqual(withEntry(original, at, value));

          await applyChange(init.plan.changes[0]!);
          const again = await planAction(env.ctx, { action: 'init', ...req });
          expect(again.plan.changes).toEqual([]);
          const [report] = await inspectHosts(env.ctx, req);
          expect(report?.files[0]?.state).toBe('current');

          const un = await planAction(env.ctx, { action: 'uninstall', ...req });
          expect(un.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
          expect(afterText(un.plan.changes[0])).toBe(text);
        } finally {
          await env.cleanup();
        }
      });
    }
  });
}

describe('a Continue block from the corpus next to ours', () => {
  for (const { name, text } of corpusFiles('continue-blocks')) {
    test(`${name} is left alone; our block is created beside it and deleted again`, async () => {
      const env = await makeEnv();
      try {
        await put(path.join(env.projectDir, '.continue', 'mcpServers', 'network-security.yaml'), text);
        const req = { hosts: ['continue'], scope: 'project' as const, version: V };
        const init = await planAction(env.ctx, { action: 'init', ...req });
        expect(init.plan.changes.map((ch) => path.relative(env.projectDir, ch.path))).toEqual([path.join('.continue', 'mcpServers', 'patchbay.yaml')]);
        await applyChange(init.plan.changes[0]!);
        const un = await planAction(env.ctx, { action: 'uninstall', ...req });
        expect(un.plan.changes.map((ch) => ch.after)).toEqual(['delete']);
      } finally {
        await env.cleanup();
      }
    });
  }
});
