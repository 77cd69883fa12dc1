// Every real Goose and Continue config in fixtures/corpus (provenance in SOURCES.tsv): it parses
// clean; inserting our entry adds one run of bytes, keeps every comment and reads as the old value plus
// the entry; removing it gives the exact bytes back; re-pinning its args and pinning back does too; and
// each entry already there can be removed as one contiguous cut that leaves the rest as it was.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { applyTextEdits, type DocPath, type DocValue } from '../../../src/installers/document/types.js';
import { CORPUS_DIR, corpusFiles, onlyInsertions } from '../corpus-util.js';
import { doc, readYaml, withEntry, yamlComments } from './util.js';

interface Case {
  corpus: string;
  container: string;
  entry: { [key: string]: DocValue };
  /** Our entry's path, given the container's current value. */
  path: (current: unknown) => DocPath;
  /** The paths of the entries already there. */
  existing: (current: unknown) => DocPath[];
}

const goose: Case = {
  corpus: 'goose',
  container: 'extensions',
  entry: { name: 'patchbay', cmd: 'npx', args: ['-y', 'patchbay@0.2.0', 'mcp'], envs: {}, type: 'stdio', enabled: true, timeout: 300 },
  path: () => ['extensions', 'patchbay'],
  existing: (current) => Object.keys(current ?? {}).map((name) => ['extensions', name]),
};
const continueList = (corpus: string): Case => ({
  corpus,
  container: 'mcpServers',
  entry: { name: 'patchbay', command: 'npx', args: ['-y', 'patchbay@0.2.0', 'mcp'], env: { PATCHBAY_LOG: 'warn' } },
  path: (current) => ['mcpServers', Array.isArray(current) ? current.length : 0],
  existing: (current) => (Array.isArray(current) ? current.map((_, i) => ['mcpServers', i]) : []),
});
const CASES = [goose, continueList('continue'), continueList('continue-blocks')];

const sources = readFileSync(path.join(CORPUS_DIR, 'SOURCES.tsv'), 'utf8').split('\n').map((line) => line.split('\t')[0]);

for (const c of CASES) {
  describe(`${c.corpus} corpus`, () => {
    for (const { name, text } of corpusFiles(c.corpus)) {
      test(name, () => {
        expect(sources).toContain(`${c.corpus}/${name}`);
        const d = doc(text);
        expect(d.diagnostics).toEqual([]);
        const before = readYaml(text) as { [key: string]: unknown };
        expect(d.get([])).toEqual(before);
        const comments = yamlComments(text);

        const at = c.path(before[c.container]);
        const after = applyTextEdits(d.text, d.insert(at, c.entry));
        expect(readYaml(after)).toEqual(withEntry(before, at, c.entry));
        expect(onlyInsertions(d.text, after, 1)).toBe(true);
        expect(yamlComments(after)).toEqual(comments);
        const installed = doc(after);
        expect(applyTextEdits(after, installed.remove(at))).toBe(d.text);

        const args = [...at, 'args'];
        const repinned = applyTextEdits(after, installed.replace(args, ['-y', 'patchbay@0.3.0', 'mcp']));
        expect(readYaml(repinned)).toEqual(withEntry(before, at, { ...c.entry, args: ['-y', 'patchbay@0.3.0', 'mcp'] }));
        expect(applyTextEdits(repinned, doc(repinned).replace(args, c.entry.args as DocValue))).toBe(after);

        for (const old of c.existing(before[c.container])) {
          const cut = applyTextEdits(d.text, d.remove(old));
          expect(onlyInsertions(cut, d.text, 1)).toBe(true);
          const rest = readYaml(cut) as { [key: string]: unknown };
          const expected = structuredClone(before);
          const container = expected[c.container] as { [key: string]: unknown } | unknown[];
          if (Array.isArray(container)) container.splice(old[1] as number, 1);
          else delete container[old[1] as string];
          // The only entry of a container goes with it (the container reads as created with it).
          if (Array.isArray(container) ? container.length === 0 : Object.keys(container).length === 0) delete expected[c.container];
          expect(rest).toEqual(expected);
        }
      });
    }
  });
}
