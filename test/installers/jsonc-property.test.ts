// Property tests over generated JSONC documents: comments everywhere trivia may go, trailing commas,
// odd whitespace, CRLF, tabs, BOM, one-line and multi-line containers, with and without an existing
// `mcpServers`. Install then uninstall must give back the exact bytes; install must keep every other
// byte and value; the result must parse.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { insertAt, removeAt } from '../../src/installers/jsonc/edit.js';
import { parseDocument } from '../../src/installers/jsonc/parse.js';
import { detectFormat, joinBom, splitBom } from '../../src/installers/text/text.js';
import { managedEntry } from '../../src/installers/entry.js';
import { commentsOf, onlyInsertions, parseLoose, withEntry } from './corpus-util.js';
import { doc, render, style, type J } from './jsonc-gen.js';

function build(d: { others: Record<string, J>; servers: Record<string, J> | undefined; serversFirst: boolean }): J {
  const out: Record<string, J> = {};
  if (d.serversFirst && d.servers) out.mcpServers = d.servers;
  Object.assign(out, d.others);
  if (!d.serversFirst && d.servers) out.mcpServers = d.servers;
  return out;
}

// PB_PROPERTY_RUNS raises the run count for a deeper local search.
const RUNS = Number(process.env.PB_PROPERTY_RUNS ?? 400);
const ENTRY = managedEntry('mcpServers', '9.9.9', 'linux');
const KEYS = ['mcpServers', 'patchbay'];

function install(text: string): string {
  const split = splitBom(text);
  return joinBom({ bom: split.bom, body: insertAt(split.body, KEYS, ENTRY as J, detectFormat(text)) });
}
function uninstall(text: string): string {
  const split = splitBom(text);
  return joinBom({ bom: split.bom, body: removeAt(split.body, KEYS).body });
}

describe('JSONC edit core, generated documents', () => {
  test('the renderer produces valid JSONC that means the generated value', () => {
    fc.assert(fc.property(doc, style, (d, s) => {
      const text = render(build(d), s);
      const parsed = parseLoose(text);
      expect(parsed.errors).toEqual([]);
      expect(parsed.value).toEqual(build(d));
    }), { numRuns: 300 });
  });

  test('install keeps every byte and comment, adds exactly our entry, and the result parses', () => {
    fc.assert(fc.property(doc, style, (d, s) => {
      const text = render(build(d), s);
      const after = install(text);
      expect(onlyInsertions(text, after)).toBe(true);
      expect(commentsOf(after)).toEqual(commentsOf(text));
      const parsed = parseLoose(after);
      expect(parsed.errors).toEqual([]);
      expect(parsed.value).toEqual(withEntry(build(d), KEYS, ENTRY));
      expect(parseDocument(after, { strict: false }).diagnostics).toEqual([]);
      if (s.eol === '\r\n') expect(after.replace(/\r\n/g, '')).not.toContain('\n');
      if (s.bom) expect(after.startsWith('\uFEFF')).toBe(true);
      // No trailing comma is ever introduced: the count of trailing commas is unchanged.
      expect(trailingCommas(after)).toBe(trailingCommas(text));
    }), { numRuns: RUNS });
  });

  test('install then uninstall gives back the exact bytes', () => {
    fc.assert(fc.property(doc, style, (d, s) => {
      const text = render(build(d), s);
      expect(uninstall(install(text))).toBe(text);
    }), { numRuns: RUNS });
  });
});

function trailingCommas(text: string): number {
  return parseDocument(text, { strict: true }).diagnostics.filter((d) => d.message.includes('trailing comma')).length;
}
