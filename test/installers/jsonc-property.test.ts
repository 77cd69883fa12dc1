// Property tests over generated JSONC documents: comments everywhere trivia may go, trailing commas,
// odd whitespace, CRLF, tabs, BOM, one-line and multi-line containers, with and without an existing
// `mcpServers`. Install then uninstall must give back the exact bytes; install must keep every other
// byte and value; the result must parse.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { insertAt, removeAt } from '../../src/installers/jsonc/edit.js';
import { parseDocument } from '../../src/installers/jsonc/parse.js';
import { detectFormat, joinBom, splitBom } from '../../src/installers/jsonc/text.js';
import { managedEntry } from '../../src/installers/entry.js';
import { commentsOf, onlyInsertions, parseLoose, withEntry } from './corpus-util.js';

type J = string | number | boolean | null | J[] | { [k: string]: J };

const key = fc.constantFrom('a', 'b', 'name', 'x y', 'é', 'servers', 'mcp', 'env', '$schema', 'k"q', 'url');
const scalar: fc.Arbitrary<J> = fc.oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.boolean(), fc.constant(null));
const { value } = fc.letrec<{ value: J }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(key, tie('value'), { maxKeys: 3 }),
  ),
}));
const server = fc.record({ command: fc.constantFrom('node', 'npx', 'uvx'), args: fc.array(fc.string({ maxLength: 5 }), { maxLength: 2 }) });
const doc = fc.record({
  others: fc.dictionary(key, value, { maxKeys: 4 }), // `key` never yields mcpServers
  servers: fc.option(fc.dictionary(fc.constantFrom('fs', 'git', 'db', 'web'), server, { maxKeys: 3 }), { nil: undefined }),
  serversFirst: fc.boolean(),
});

interface Style {
  eol: '\n' | '\r\n';
  unit: string;
  bom: boolean;
  finalNewline: boolean;
  seed: number;
}
const style = fc.record({
  eol: fc.constantFrom<'\n' | '\r\n'>('\n', '\r\n'),
  unit: fc.constantFrom('  ', '    ', '\t', ' '),
  bom: fc.boolean(),
  finalNewline: fc.boolean(),
  seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
});

/** Renders with random layout decisions from a seeded PRNG: comments, trailing commas, one-line objects. */
function render(v: J, s: Style): string {
  let state = s.seed;
  const rand = () => {
    state = (state * 48271) % 2147483647;
    return state / 2147483647;
  };
  const afterItem = () => {
    const r = rand();
    if (r < 0.12) return ` // note ${Math.floor(r * 100)}` + s.eol;
    if (r < 0.2) return ' /* c, "x": 1 */' + s.eol;
    return s.eol;
  };
  const go = (val: J, ind: string): string => {
    if (val === null || typeof val !== 'object') return JSON.stringify(val);
    const entries: [string | null, J][] = Array.isArray(val) ? val.map((x) => [null, x]) : Object.entries(val);
    const open = Array.isArray(val) ? '[' : '{';
    const close = Array.isArray(val) ? ']' : '}';
    if (entries.length === 0) return open + (rand() < 0.3 ? ' ' : '') + (rand() < 0.15 ? '/* empty */' : '') + close;
    const inner = ind + s.unit;
    const trailing = rand() < 0.25 ? ',' : '';
    const items = entries.map(([k, x]) => (k === null ? '' : JSON.stringify(k) + ': ') + go(x, inner));
    if (rand() < 0.3) return open + (rand() < 0.5 ? ' ' : '') + items.join(', ') + trailing + (rand() < 0.2 ? ' /* end */' : '') + close;
    let out = open + (rand() < 0.1 ? ' // open' : '') + s.eol;
    items.forEach((item, i) => {
      if (rand() < 0.1) out += inner + '// about the next one' + s.eol;
      if (rand() < 0.1) out += s.eol;
      out += inner + item + (i < items.length - 1 ? ',' : trailing) + afterItem();
    });
    return out + ind + close;
  };
  const text = (rand() < 0.2 ? `// header${s.eol}` : '') + go(v, '') + (s.finalNewline ? s.eol : '');
  return (s.bom ? '\uFEFF' : '') + text;
}

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
