// Property tests over generated YAML host files: random other keys before and after the container,
// full-line comments (at the members' column, at column 0, after a last member) and trailing ones,
// blank and whitespace-only lines, LF/CRLF, 2/4-space indentation, lists indented under their key or
// flush, flow collections, literal block scalars, BOM, final newline or not. For Goose (`extensions` mapping) and Continue
// (`mcpServers` list), present, empty or absent:
//  - insert: the `yaml` package reads the result as the old value plus exactly our entry; every old
//    byte is still there, in order, with one run added; every comment is still there;
//  - remove after insert gives back the exact bytes;
//  - replace (re-pin args) reads as intended, and replacing back gives the inserted bytes again.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { applyTextEdits, DocumentEditError, type DocPath, type DocValue } from '../../../src/installers/document/types.js';
import { onlyInsertions } from '../corpus-util.js';
import { doc, readYaml, withEntry, yamlComments } from './util.js';

type V = DocValue;

// Strings every YAML reader takes as themselves when plain; the renderer prints them plain most of
// the time, and any other string as a JSON string, which is a valid double-quoted YAML scalar.
const WORDS = ['alpha', 'x y', 'é', '-y', 'a#b', 'https://h/p', 'pkg@1.0.0'];
const PLAIN = new Set([
  ...WORDS,
  ...['a', 'b', 'name', 'env', 'url', 'extensions', 'mcpServers', 'cmd', 'command', 'args', 'envs', 'enabled', 'type'],
  ...['stdio', 'npx', 'uvx', 'fs', 'git', 'db', 'web', 'A', 'TOKEN'],
]);
const str = fc.oneof(fc.constantFrom(...WORDS), fc.string({ maxLength: 6 }));
const key = fc.constantFrom('a', 'b', 'name', 'x y', 'é', 'env', 'url', 'k"q', 'yes', '1');
const scalar: fc.Arbitrary<V> = fc.oneof(str, fc.integer({ min: -999, max: 999 }), fc.boolean(), fc.constant(null));
const { value } = fc.letrec<{ value: V }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(key, tie('value'), { maxKeys: 3 }),
  ),
}));
const args = fc.array(str, { maxLength: 3 });
const envs = fc.dictionary(fc.constantFrom('A', 'TOKEN', 'yes'), str, { maxKeys: 2 });
const gooseServer = fc.record({ cmd: fc.constantFrom('npx', 'uvx'), args, envs, enabled: fc.boolean(), type: fc.constant('stdio') });
const continueServer = fc.record({ name: fc.constantFrom('fs', 'git', 'db'), command: fc.constantFrom('npx', 'uvx'), args, env: envs });

const layout = fc.record({
  eol: fc.constantFrom('\n', '\r\n'),
  unit: fc.constantFrom(2, 4),
  seqIndent: fc.boolean(),
  finalNewline: fc.boolean(),
  bom: fc.boolean(),
  seed: fc.integer({ min: 1, max: 2 ** 31 - 2 }),
});
type Layout = { eol: string; unit: number; seqIndent: boolean; finalNewline: boolean; bom: boolean; seed: number };

function isCollection(v: V): v is V[] | { [k: string]: V } {
  return v !== null && typeof v === 'object';
}

function isEmpty(v: V[] | { [k: string]: V }): boolean {
  return Array.isArray(v) ? v.length === 0 : Object.keys(v).length === 0;
}

/** Block YAML for `entries` with layout decisions from a seeded PRNG; returns the comments it wrote, in order. */
function render(entries: Array<[string, V]>, s: Layout): { text: string; comments: string[] } {
  let state = s.seed;
  const rand = () => {
    state = (state * 48271) % 2147483647;
    return state / 2147483647;
  };
  const comments: string[] = [];
  const comment = () => {
    const c = `# c${comments.length} x: y`;
    comments.push(c);
    return c;
  };
  const lines: string[] = [];
  const scalarText = (v: V): string => {
    if (typeof v === 'string') return PLAIN.has(v) && rand() < 0.8 ? v : JSON.stringify(v);
    if (v === null) return rand() < 0.5 ? 'null' : '~';
    return String(v);
  };
  const trailing = () => (rand() < 0.2 ? '  ' + comment() : '');
  const decor = (col: number) => {
    // A whitespace-only line: one space, less than any block scalar's indentation (which would
    // otherwise keep the spaces as content).
    if (rand() < 0.12) lines.push(rand() < 0.5 ? '' : ' ');
    if (rand() < 0.15) lines.push(' '.repeat(rand() < 0.6 ? col : 0) + comment());
  };
  const pair = (k: string, v: V, col: number) => {
    const head = ' '.repeat(col) + scalarText(k) + ':';
    if (typeof v === 'string' && /^\S(.*\S)?$/.test(v) && rand() < 0.15) {
      // A literal block scalar, "strip" chomped so that it holds exactly `v`.
      lines.push(head + ' |-' + trailing(), ' '.repeat(col + s.unit) + v);
    } else if (!isCollection(v)) lines.push(head + ' ' + scalarText(v) + trailing());
    else if (isEmpty(v) || rand() < 0.1) lines.push(head + ' ' + JSON.stringify(v) + trailing());
    else {
      lines.push(head + trailing());
      if (Array.isArray(v)) {
        v.forEach((x) => item(x, col + (s.seqIndent ? s.unit : 0)));
        after(col + (s.seqIndent ? s.unit : 0));
      } else members(v, col + s.unit, true);
    }
  };
  // Comment lines after a collection's last member, at the members' column: deeper than the
  // parent's members, so they read as belonging to that last member.
  const after = (col: number) => {
    if (rand() < 0.15) lines.push(' '.repeat(col) + comment());
  };
  const members = (obj: { [k: string]: V }, col: number, decorFirst: boolean) => {
    Object.entries(obj).forEach(([k, v], i) => {
      if (i > 0 || decorFirst) decor(col);
      pair(k, v, col);
    });
    after(col);
  };
  const item = (v: V, col: number) => {
    decor(col);
    const dash = ' '.repeat(col) + '- ';
    if (!isCollection(v) || isEmpty(v) || Array.isArray(v)) {
      lines.push(dash + (isCollection(v) ? JSON.stringify(v) : scalarText(v)) + trailing());
      return;
    }
    // A mapping item starts on the dash line: `- name: x`, then its other keys under `name`.
    const start = lines.length;
    members(v, col + 2, false);
    lines[start] = dash + (lines[start] as string).slice(col + 2);
  };
  if (rand() < 0.3) lines.push(comment());
  for (const [k, v] of entries) {
    decor(0);
    pair(k, v, 0);
  }
  if (rand() < 0.2) lines.push(comment());
  const text = lines.join(s.eol) + (s.finalNewline ? s.eol : '');
  return { text: (s.bom ? '\uFEFF' : '') + text, comments };
}

interface Host {
  name: string;
  container: string;
  generated: fc.Arbitrary<V | undefined>;
  entry: fc.Arbitrary<{ [k: string]: V }>;
  /** The path of our entry, given the container's current value. */
  path: (current: V | undefined) => DocPath;
}

const HOSTS: Host[] = [
  {
    name: 'goose',
    container: 'extensions',
    generated: fc.option(fc.dictionary(fc.constantFrom('fs', 'git', 'db', 'web'), gooseServer, { maxKeys: 3 }), { nil: undefined }),
    entry: gooseServer.map((e) => ({ name: 'patchbay', ...e, timeout: 300 })),
    path: () => ['extensions', 'patchbay'],
  },
  {
    name: 'continue',
    container: 'mcpServers',
    generated: fc.option(fc.array(continueServer, { maxLength: 3 }), { nil: undefined }),
    entry: continueServer.map((e) => ({ ...e, name: 'patchbay' })),
    path: (current) => ['mcpServers', Array.isArray(current) ? current.length : 0],
  },
];

for (const host of HOSTS) {
  describe(`${host.name}: generated files`, () => {
    test('insert keeps every byte, comment and value; remove gives the exact bytes back; replace re-pins', () => {
      const files = fc.record({
        others: fc.dictionary(key, value, { maxKeys: 4 }),
        container: host.generated,
        at: fc.nat(4),
        entry: host.entry,
        layout,
      });
      fc.assert(
        fc.property(files, ({ others, container, at, entry, layout: s }) => {
          const entries = Object.entries(others);
          if (container !== undefined) entries.splice(Math.min(at, entries.length), 0, [host.container, container]);
          const { text, comments } = render(entries, s);
          const model = Object.fromEntries(entries);
          // The generator's own output reads as the model, with the comments it wrote.
          expect(readYaml(text)).toEqual(model);
          expect(yamlComments(text)).toEqual(comments);

          const d = doc(text);
          expect(d.diagnostics).toEqual([]);
          const path = host.path(container);
          const after = applyTextEdits(d.text, d.insert(path, entry));
          expect(readYaml(after)).toEqual(withEntry(model, path, entry));
          expect(onlyInsertions(d.text, after, 1)).toBe(true);
          expect(yamlComments(after)).toEqual(comments);

          const installed = doc(after);
          expect(applyTextEdits(after, installed.remove(path))).toBe(d.text);

          const argsPath = [...path, 'args'];
          const repinned = applyTextEdits(after, installed.replace(argsPath, ['-y', 'pkg@2.0.0']));
          expect(readYaml(repinned)).toEqual(withEntry(model, path, { ...entry, args: ['-y', 'pkg@2.0.0'] }));
          expect(yamlComments(repinned)).toEqual(comments);
          expect(applyTextEdits(repinned, doc(repinned).replace(argsPath, entry.args as V))).toBe(after);
        }),
        { numRuns: 250 },
      );
    });
  });
}

test('empty, blank and comment-only files: insert then remove gives the exact bytes back', () => {
  const blank = fc.constantFrom('', '\n', '  ', '\r\n\r\n', ' \n ', '# only\n', '# only', '---\n', '---\r\n# c\r\n');
  fc.assert(
    fc.property(blank, fc.boolean(), gooseServer, (body, bom, entry) => {
      const text = (bom ? '\uFEFF' : '') + body;
      const d = doc(text);
      expect(d.empty).toBe(/^[\s]*$/.test(body));
      const after = applyTextEdits(d.text, d.insert(['extensions', 'patchbay'], entry));
      expect(readYaml(after)).toEqual({ extensions: { patchbay: entry } });
      expect(applyTextEdits(after, doc(after).remove(['extensions', 'patchbay']))).toBe(body);
    }),
    { numRuns: 60 },
  );
});

test('arbitrary YAML-ish text: parse never throws; an edit is either right and undone exactly, or a DocumentEditError', () => {
  const token = fc.constantFrom(
    ...['extensions', 'mcpServers', 'a', 'b', ':', ': ', ' ', '  ', '\n', '\r\n', '\t', '- ', '-', '[', ']', '{', '}', ', '],
    ...['# c', '&x ', '*x', '!!str ', '!!map', '|', '|-', '>', '"q"', "'q'", '? ', '---', '...', '%YAML 1.1\n', '<<: ', '~', 'null'],
  );
  fc.assert(
    fc.property(fc.array(token, { maxLength: 30 }), fc.boolean(), (tokens, asList) => {
      const text = tokens.join('');
      const d = doc(text);
      if (d.diagnostics.length > 0) {
        expect(d.get([])).toBeUndefined();
        return;
      }
      const before = readYaml(text) as { [key: string]: unknown };
      const current = before === null || typeof before !== 'object' ? undefined : before.mcpServers;
      const path: DocPath = asList ? ['mcpServers', Array.isArray(current) ? current.length : 0] : ['extensions', 'patchbay'];
      const entry = { name: 'patchbay', command: 'npx', args: ['-y', 'yes'] };
      let edits;
      try {
        edits = d.insert(path, entry);
      } catch (e) {
        if (e instanceof DocumentEditError) return;
        throw e;
      }
      const after = applyTextEdits(d.text, edits);
      expect(readYaml(after)).toEqual(withEntry(before, path, entry));
      expect(applyTextEdits(after, doc(after).remove(path))).toBe(d.text);
    }),
    { numRuns: 2000 },
  );
});
