// The read-only YAML reader (src/installers/yaml/simple-read.ts) must give exactly what the `yaml`
// package gives through YamlDocument, or step aside. Every check below compares the two on the same
// text: the value, the position of every node, the style, no diagnostics; and counts how often the
// reader answered, so a reader that always steps aside fails too.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { PlanningOverlay } from '../../../src/installers/document/overlay.js';
import { DocumentEditError, type DocPath } from '../../../src/installers/document/types.js';
import { yamlCodec as lazyYamlCodec } from '../../../src/installers/lazy-codecs.js';
import { YamlDocument } from '../../../src/installers/yaml/document.js';
import { yamlCodec } from '../../../src/installers/yaml/index.js';
import { simpleYamlDocument } from '../../../src/installers/yaml/simple-document.js';
import { corpusFiles } from '../corpus-util.js';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Every path of a plain value, the root first. */
function pathsOf(v: unknown, prefix: DocPath = []): DocPath[] {
  const out: DocPath[] = [prefix];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...pathsOf(x, [...prefix, i])));
  else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) out.push(...pathsOf(x, [...prefix, k]));
  return out;
}

/** 'simple' when the reader answered (and agreed with the package in every respect), 'full' when it stepped aside. */
function compare(text: string): 'simple' | 'full' {
  const simple = simpleYamlDocument(text);
  if (simple === undefined) return 'full';
  const full = new YamlDocument(text);
  expect(full.diagnostics, text).toEqual([]);
  expect(simple.diagnostics).toEqual([]);
  const value = full.get([]);
  expect(simple.get([]), text).toStrictEqual(value);
  for (const p of pathsOf(value)) {
    expect(simple.position(p), `${JSON.stringify(p)} in ${JSON.stringify(text)}`).toEqual(full.position(p));
    expect(simple.get(p)).toStrictEqual(full.get(p));
  }
  for (const missing of [['nope'], ['nope', 0], [0], [...(pathsOf(value).at(-1) ?? []), 'deeper']] as DocPath[]) {
    expect(simple.get(missing)).toStrictEqual(full.get(missing));
    expect(simple.position(missing)).toEqual(full.position(missing));
  }
  expect(simple.style, text).toEqual(full.style);
  expect(simple.text).toBe(full.text);
  expect(simple.empty).toBe(full.empty);
  return 'simple';
}

describe('the read-only YAML reader agrees with the yaml package', () => {
  test('on every YAML file of the corpus, and reads the files Goose wrote', () => {
    const tally = { simple: [] as string[], full: [] as string[] };
    for (const host of ['goose', 'continue', 'continue-blocks']) {
      for (const { name, text } of corpusFiles(host)) tally[compare(text)].push(`${host}/${name}`);
    }
    // Goose writes its config itself (serde_yaml): plain block YAML, which the reader must take.
    expect(tally.simple.filter((n) => n.startsWith('goose/'))).toEqual(corpusFiles('goose').map((f) => `goose/${f.name}`));
    // The Continue files use anchors and block scalars: the package reads those.
    expect(tally.full.length).toBeGreaterThan(0);
  });

  test('on the files patchbay writes for Goose and Continue', () => {
    const goose = yamlCodec.create({
      extensions: { patchbay: { name: 'patchbay', type: 'stdio', cmd: 'npx', args: ['--yes', 'patchbay-mcp@0.2.0', 'mcp'], enabled: true, timeout: 300, envs: {}, env_keys: [] } },
    }, { indentUnit: '  ' });
    const cont = yamlCodec.create({
      name: 'Local Config', version: '1.0.0', schema: 'v1',
      mcpServers: [{ name: 'patchbay', command: 'npx', args: ['--yes', 'patchbay-mcp@0.2.0', 'mcp'], env: { TOKEN: '${{ secrets.TOKEN }}' } }],
    });
    for (const text of [goose, cont, goose.replace(/\n/g, '\r\n'), `\uFEFF${cont}`, cont.replace(/\n$/, '')]) expect(compare(text), text).toBe('simple');
  });

  test.each([
    ['a:\n b: 1\n', ' '],
    ['a:\n    b: 1\n', '    '],
    ['a:\n  b: 1\nc:\n    d: 1\n', '  '],
    ['a:\n    b: 1\nc:\n   d: 1\ne:\n   f: 1\n', '   '],
    ['a:\n- x\nb:\n   c: 1\n', '   '],
    ['a: 1\n', '  '],
    ['s:\n  - k: 1\n    m:\n        n: 2\n', '    '],
  ])('reads the indentation step of %j as the package does', (text, unit) => {
    expect(compare(text)).toBe('simple');
    expect(simpleYamlDocument(text)?.style.indentUnit).toBe(unit);
  });

  test('on YAML the package writes from generated values', () => {
    const word = fc.constantFrom('npx', 'patchbay-mcp@0.2.0', '--yes', 'yes', 'No', 'null', '~', '0o17', '0x1F', '012', '1e3', '.5', '-.inf', '.NaN', '2.1.0', '1_000', 'a: b', 'a #b', 'a#b', "it's", 'é', '😀', '', ' lead', 'trail ', '@x', '%x', '-', '- x', '?x', ':x', 'x:', '[a]', '{}', 'tab\there', 'line\nbreak', 'q"uote', '\\');
    const scalar = fc.oneof(word, fc.integer({ min: -2000, max: 2000 }), fc.double({ noNaN: true }), fc.boolean(), fc.constant(null));
    const key = fc.constantFrom('a', 'b', 'name', 'x y', 'é', 'env', 'http://x', 'k"q', "it's", 'yes', '1', 'null', '-k');
    const { value } = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, scalar, fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(key, tie('value'), { maxKeys: 3 })),
    }));
    const tally = { simple: 0, full: 0 };
    fc.assert(
      fc.property(fc.dictionary(key, value, { minKeys: 1, maxKeys: 4 }), fc.constantFrom('  ', '    '), (v, indentUnit) => {
        tally[compare(yamlCodec.create(v as never, { indentUnit }))]++;
      }),
      { numRuns: 400 },
    );
    // Keys the package quotes (`"1"`, `"null"`) and sequences in sequences send the rest to the package.
    expect(tally.simple).toBeGreaterThan(60);
    expect(tally.full).toBeGreaterThan(10);
  });

  // Block layouts people write: any indentation step, sequences flush or indented under their key,
  // items holding mappings on the dash's line or below it, comments and blank lines between lines and
  // after values, trailing spaces, quoted and plain spellings of the same strings.
  type Tree = string | Tree[] | { [k: string]: Tree };
  const leaf = fc.constantFrom('npx', '--yes', 'a b', '"dq"', "'sq'", '"es\\c\"\u00e9"', "'it''s'", '1', '-2', '1.5', 'true', 'null', '~', '', '[]', '{}', '2.1.0', 'x#y', 'http://h:1/p');
  const treeKey = fc.constantFrom('a', 'b', 'cmd', 'args', 'env', 'x y', 'é', 'k:v', 'it\'s');
  const { tree } = fc.letrec<{ tree: Tree }>((tie) => ({
    tree: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('tree'), { minLength: 1, maxLength: 3 }), fc.dictionary(treeKey, tie('tree'), { minKeys: 1, maxKeys: 3 })),
  }));
  function renderTree(top: { [k: string]: Tree }, seed: number, eol: string): string {
    let state = seed;
    const rand = () => (state = (state * 48271) % 2147483647) / 2147483647;
    const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
    const unit = pick([1, 2, 3, 4]);
    const out: string[] = [];
    const tail = () => pick(['', '', '', ' ', '  # c', ' #c']);
    const between = () => { if (rand() < 0.15) out.push(pick(['', '# own line', '      # deep comment', '   '])); };
    const isBlock = (t: Tree) => typeof t !== 'string';
    const map = (m: { [k: string]: Tree }, col: number, first?: string) => {
      Object.entries(m).forEach(([k, v], i) => {
        const lead = i === 0 && first !== undefined ? first : ' '.repeat(col);
        between();
        if (!isBlock(v)) out.push(`${lead}${k}: ${v as string}${(v as string) === '' ? '' : tail()}`);
        else {
          out.push(`${lead}${k}:${pick(['', ' # c'])}`);
          if (Array.isArray(v)) seq(v, rand() < 0.4 ? col : col + unit);
          else map(v as { [k: string]: Tree }, col + unit);
        }
      });
    };
    const seq = (items: Tree[], col: number) => {
      for (const item of items) {
        between();
        const dash = `${' '.repeat(col)}-${pick([' ', ' ', '   '])}`;
        if (!isBlock(item)) out.push(`${dash}${item as string}${tail()}`);
        else if (Array.isArray(item)) {
          out.push(`${' '.repeat(col)}-`);
          seq(item, col + unit);
        } else if (rand() < 0.6) map(item as { [k: string]: Tree }, dash.length, dash);
        else {
          out.push(`${' '.repeat(col)}-`);
          map(item as { [k: string]: Tree }, col + unit);
        }
      }
    };
    map(top, 0);
    return out.join(eol) + pick([eol, '']);
  }

  test('on generated block layouts', () => {
    const tally = { simple: 0, full: 0 };
    fc.assert(
      fc.property(fc.dictionary(treeKey, tree, { minKeys: 1, maxKeys: 4 }), fc.integer({ min: 1, max: 2 ** 31 - 2 }), fc.constantFrom('\n', '\r\n'), (top, seed, eol) => {
        tally[compare(renderTree(top, seed, eol))]++;
      }),
      { numRuns: 1500 },
    );
    // Empty items (`-` with nothing under it) and deep comments after a scalar step aside.
    expect(tally.simple).toBeGreaterThan(500);
  });

  // Hand-written layouts: odd indentation, flush and indented sequences, items holding mappings,
  // comments everywhere, trailing spaces, CRLF, and values the core schema types.
  const piece = fc.constantFrom(
    'a: 1', 'b: x', 'c:', 'd: "q\\"x\\u00e9"', "e: 'it''s'", 'f: []', 'g: {}', 'h: # note', 'i: v # note', 'j: v#not', 'k:#x', 'l: 1.50', 'm: +12', 'n: -0',
    'o: 0o14', 'p: .inf', 'q: True', 'r: ~', 's: "a" x', 't: [1]', 'u: &a 1', 'v: *a', 'w: !!str 1', 'x: |', '  body', 'y: >-', 'z: a: b', '1: one', '"q": 1',
    '- 1', '- a', '-', '- b: 1', '  c: 2', '- - x', '-   d: 3', '- # c', '# comment', '   # indented comment', '', '   ', '---', '...', '%YAML 1.2',
    'a: 2', 'key with spaces: v', 'url: http://x:80/y', 'empty: ""', 'sp: a  b   ', 'ctrl: a\u0007', '\tt: 1', 'nel: a\u0085b', 'cr: a\rb', '<<: {}', '__proto__: 1',
  );
  const line = fc.tuple(fc.constantFrom(0, 0, 2, 2, 4, 6, 1, 3), piece).map(([n, p]) => ' '.repeat(n) + p);
  const file = fc.tuple(fc.array(line, { minLength: 1, maxLength: 12 }), fc.constantFrom('\n', '\r\n'), fc.boolean(), fc.boolean()).map(
    ([lines, eol, finalEol, bom]) => (bom ? '\uFEFF' : '') + lines.join(eol) + (finalEol ? eol : ''),
  );

  test('on generated hand-written layouts', () => {
    const tally = { simple: 0, full: 0 };
    fc.assert(fc.property(file, (text) => void tally[compare(text)]++), { numRuns: 3000 });
    // Random lines are mostly not YAML at all: the point is that what the reader takes, it reads right.
    expect(tally.simple).toBeGreaterThan(20);
    expect(tally.full).toBeGreaterThan(2000);
  });

  test.each([
    ['an anchor', 'a: &x 1\nb: 2\n'],
    ['an alias', 'a: 1\nb: *x\n'],
    ['a tag', 'a: !!str 1\n'],
    ['a block scalar', 'a: |\n  text\n'],
    ['a folded scalar', 'a: >\n  text\n'],
    ['a flow sequence with content', 'a: [x, y]\n'],
    ['a flow mapping with content', 'a: {x: 1}\n'],
    ['a plain scalar over two lines', 'a: one\n  two\n'],
    ['a quoted scalar over two lines', 'a: "one\n  two"\n'],
    ['tab indentation', 'a:\n\tb: 1\n'],
    ['a document marker', '---\na: 1\n'],
    ['a directive', '%YAML 1.1\n---\na: yes\n'],
    ['a duplicate key', 'a: 1\na: 2\n'],
    ['a number as key', '1: one\n'],
    ['a quoted key', '"a": 1\n'],
    ['a complex key', '? a\n: 1\n'],
    ['a merge key', 'base: {}\n<<: {}\n'],
    ['a sequence in a sequence item', 'a:\n  - - x\n'],
    ['an empty sequence item', 'a:\n  -\n  - x\n'],
    ['an empty file', ''],
    ['comments only', '# nothing\n'],
    ['a top-level sequence', '- a\n'],
    ['an indented top level', '  a: 1\n'],
    ['a lone carriage return', 'a: 1\rb: 2\n'],
    ['an escape the reader does not decode', 'a: "\\N"\n'],
    ['a key longer than YAML allows', `${'k'.repeat(1025)}: 1\n`],
    ['deeper nesting than the limits allow', Array.from({ length: 300 }, (_, i) => `${' '.repeat(i)}k:`).join('\n') + ' 1\n'],
  ])('steps aside for %s', (_what, text) => {
    expect(simpleYamlDocument(text)).toBeUndefined();
  });

  test('a document it reads refuses every edit, as a programming error (not a refusal about the file)', () => {
    const doc = simpleYamlDocument('extensions:\n  a:\n    cmd: npx\n') as NonNullable<ReturnType<typeof simpleYamlDocument>>;
    expect(doc.get(['extensions', 'a', 'cmd'])).toBe('npx');
    for (const edit of [() => doc.insert(['extensions', 'b'], {}), () => doc.remove(['extensions', 'a']), () => doc.replace(['extensions', 'a'], {})]) {
      let caught: unknown;
      try {
        edit();
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(Error);
      expect(caught).not.toBeInstanceOf(DocumentEditError);
      expect((caught as Error).message).toMatch(/^internal: a YAML document read for inspection/);
    }
  });
});

describe('an inspect-only overlay', () => {
  test('reads plain YAML through the reader, other YAML through the package, and refuses edits', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'patchbay-simple-yaml-'));
    try {
      const plainFile = path.join(dir, 'plain.yaml');
      const anchored = path.join(dir, 'anchored.yaml');
      await writeFile(plainFile, 'extensions:\n  a:\n    cmd: npx\n');
      await writeFile(anchored, 'base: &b\n  cmd: npx\nextensions:\n  a: *b\n');
      const inspect = new PlanningOverlay(undefined, { inspectOnly: true });
      const plainDoc = await inspect.document(plainFile, lazyYamlCodec);
      expect(plainDoc.get(['extensions', 'a', 'cmd'])).toBe('npx');
      expect(() => plainDoc.insert(['extensions', 'b'], {})).toThrow(/read for inspection/);
      const anchoredDoc = await inspect.document(anchored, lazyYamlCodec);
      expect(anchoredDoc.get(['extensions', 'a'])).toEqual({ cmd: 'npx' });
      expect(anchoredDoc).toBeInstanceOf(YamlDocument);
      await expect(inspect.edit(plainFile, [], 'x')).rejects.toMatchObject({ code: 'internal', message: expect.stringMatching(/inspect-only overlay/) });
      await expect(inspect.replaceText(plainFile, 'a: 1\n', 'x')).rejects.toThrow(/inspect-only overlay/);
      await expect(inspect.delete(plainFile, 'x')).rejects.toThrow(/inspect-only overlay/);
      // A planning overlay parses with the package, so its documents can be edited.
      const planning = new PlanningOverlay();
      expect(await planning.document(plainFile, lazyYamlCodec)).toBeInstanceOf(YamlDocument);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
