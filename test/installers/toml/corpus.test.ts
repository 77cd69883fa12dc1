// Every real config.toml in fixtures/corpus (Codex, Grok: [mcp_servers.<name>]; Mistral Vibe:
// [[mcp_servers]]): it parses clean, a new server goes in as one pure insertion that the real parser
// reads back (our entry added, nothing else changed, every comment kept), and removing it gives back
// the original bytes.
import { describe, expect, test } from 'vitest';
import type { DocPath, DocValue } from '../../../src/installers/document/types.js';
import { corpusFiles } from '../corpus-util.js';
import { after, comments, editError, parse, realValue } from './util.js';

const CODEX_ENTRY = { command: 'npx', args: ['-y', 'patchbay@0.1.0', 'serve'], env: { PATCHBAY_LOG: 'warn' } };
const VIBE_ENTRY = { name: 'patchbay', transport: 'stdio', command: 'npx', args: ['-y', 'patchbay@0.1.0', 'serve'] };

const HOSTS: Array<{ host: string; path: (current: DocValue | undefined) => DocPath; entry: DocValue }> = [
  { host: 'codex', path: () => ['mcp_servers', 'patchbay'], entry: CODEX_ENTRY },
  { host: 'grok', path: () => ['mcp_servers', 'patchbay'], entry: CODEX_ENTRY },
  { host: 'mistral-vibe', path: (current) => ['mcp_servers', Array.isArray(current) ? current.length : 0], entry: VIBE_ENTRY },
];

function withEntry(value: unknown, path: DocPath, entry: DocValue): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  const [container, key] = path as [string, string | number];
  const servers = (copy[container] ??= typeof key === 'number' ? [] : {}) as Record<string | number, unknown>;
  servers[key] = entry;
  return copy;
}

for (const { host, path: pathFor, entry } of HOSTS) {
  describe(`${host} corpus`, () => {
    const files = corpusFiles(host);
    test('is there', () => expect(files.length).toBeGreaterThan(0));

    for (const { name, text } of files) {
      test(name, () => {
        const doc = parse(text);
        expect(doc.diagnostics).toEqual([]);
        expect(doc.get([])).toEqual(realValue(text));
        const path = pathFor(doc.get(['mcp_servers']));

        const edits = doc.insert(path, entry);
        expect(edits).toHaveLength(1);
        expect(edits[0]?.length).toBe(0); // nothing of the user's is replaced
        const inserted = after(doc, edits);
        expect(realValue(inserted)).toEqual(withEntry(realValue(text), path, entry));
        expect(comments(inserted)).toEqual(comments(text));

        const again = parse(inserted);
        expect(again.get(path)).toEqual(entry);
        expect(editError(() => again.insert(path, entry)).code).toBe(typeof path[1] === 'number' ? 'invalid-path' : 'entry-exists');
        expect(after(again, again.remove(path))).toBe(text);
      });
    }
  });
}

