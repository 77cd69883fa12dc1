// The performance rewrites of the JSONC reader must not change a single answer. Each fast path is
// compared with the straightforward implementation it replaced (kept here as the reference):
//  - fast.ts (one pass, lazy subtrees) vs jsonc-parser's parseTree + the scanner's comments and
//    trailing commas + the recursive duplicate-key walk, on generated JSONC and on mutations of it
//    (which are mostly malformed: then the fast path must step aside);
//  - detectFormat / detectIndentUnit vs the regex and split versions;
//  - lineLocator vs lineColumn.
import fc from 'fast-check';
import { createScanner, getNodeValue, parseTree, type Node, type ParseError } from 'jsonc-parser';
import { describe, expect, test } from 'vitest';
import { fastParse } from '../../src/installers/jsonc/fast.js';
import { buildLevel, type Building } from '../../src/installers/jsonc/level.js';
import { nodeValue } from '../../src/installers/jsonc/value.js';
import { parseDocument, parsedBody } from '../../src/installers/jsonc/parse.js';
import { detectFormat, lineColumn, lineLocator } from '../../src/installers/text/text.js';

type J = string | number | boolean | null | J[] | { [k: string]: J };

const key = fc.constantFrom('a', 'b', 'a', 'x y', 'é', 'k"q', 'tab\there', '\\', 'u\u0001', '😀', '');
const scalar: fc.Arbitrary<J> = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.constantFrom('line\nbreak', 'quote"', 'back\\slash', '/*not a comment*/', '// nor this', '\u2028', '😀é'),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);
const { value } = fc.letrec<{ value: J }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 4 }),
    // Entries as a list, so duplicate keys can occur.
    fc.array(fc.tuple(key, tie('value')), { maxLength: 4 }).map((es) => ({ __entries: es }) as unknown as J),
  ),
}));

/** Renders with comments, trailing commas, odd spacing and number spellings, from a seed. */
function render(v: J, seed: number): string {
  let state = seed;
  const rand = () => {
    state = (state * 48271) % 2147483647;
    return state / 2147483647;
  };
  const ws = () => [' ', '', '\n', '\r\n', '\t', ' /* c */ ', ' // c\n', '\n  '][Math.floor(rand() * 8)] as string;
  const num = (x: number) => {
    const t = JSON.stringify(x);
    return rand() < 0.2 && Number.isSafeInteger(x) ? `${t}e0` : rand() < 0.1 ? t.replace('e+', 'E+') : t;
  };
  const str = (x: string) => (rand() < 0.3 ? JSON.stringify(x).replace(/[a-z]/, (c) => `\\u00${c.charCodeAt(0).toString(16)}`) : JSON.stringify(x));
  const go = (val: J): string => {
    if (val === null || typeof val === 'boolean') return JSON.stringify(val);
    if (typeof val === 'number') return num(val);
    if (typeof val === 'string') return str(val);
    const trailing = rand() < 0.3 ? `,${ws()}` : '';
    if (Array.isArray(val)) return `[${ws()}${val.map((x) => go(x) + ws()).join(`,${ws()}`)}${val.length ? trailing : ''}]`;
    const entries = (val as unknown as { __entries: [string, J][] }).__entries;
    return `{${ws()}${entries.map(([k, x]) => `${str(k)}${ws()}:${ws()}${go(x)}${ws()}`).join(`,${ws()}`)}${entries.length ? trailing : ''}}`;
  };
  return `${ws()}${go(v)}${ws()}`;
}

const topLevel = fc.array(fc.tuple(key, value), { maxLength: 5 }).map((es) => ({ __entries: es }) as unknown as J);

/** The tree as plain data, every lazy child built, parents checked on the way. */
function plain(node: Node, parent?: Node): unknown {
  if (parent !== undefined) expect(node.parent).toBe(parent);
  const n = node as Node & { colonOffset?: number };
  return {
    type: n.type,
    offset: n.offset,
    length: n.length,
    ...('value' in n ? { value: n.value } : {}),
    ...(n.colonOffset !== undefined ? { colonOffset: n.colonOffset } : {}),
    ...(n.children ? { children: n.children.map((c) => plain(c, node)) } : {}),
  };
}

/** What parse.ts did before the fast path: the scanner's comments and trailing commas. */
function scannerTrivia(body: string): { comments: Array<[number, number]>; trailingCommas: number[] } {
  const scanner = createScanner(body, false);
  const comments: Array<[number, number]> = [];
  const trailingCommas: number[] = [];
  let pending = -1;
  for (let k = scanner.scan(); k !== 17; k = scanner.scan()) {
    if (k === 12 || k === 13) comments.push([scanner.getTokenOffset(), scanner.getTokenOffset() + scanner.getTokenLength()]);
    else if (k === 15 || k === 14) continue;
    else if (k === 5) pending = scanner.getTokenOffset();
    else if (k === 2 || k === 4) {
      if (pending >= 0) trailingCommas.push(pending);
      pending = -1;
    } else pending = -1;
  }
  return { comments, trailingCommas };
}

/** The recursive duplicate-key walk parse.ts used. */
function walkDuplicates(node: Node, path: (string | number)[], out: Array<{ name: string; offset: number; path: (string | number)[] }>): void {
  if (node.type === 'object') {
    const seen = new Set<string>();
    for (const prop of node.children ?? []) {
      const [k, v] = prop.children ?? [];
      if (!k) continue;
      const name = String(k.value);
      if (seen.has(name)) out.push({ name, offset: k.offset, path: [...path, name] });
      seen.add(name);
      if (v) walkDuplicates(v, [...path, name], out);
    }
  } else if (node.type === 'array') (node.children ?? []).forEach((c, i) => walkDuplicates(c, [...path, i], out));
}

function compareWithJsonc(body: string): 'fast' | 'fallback' {
  const fast = fastParse(body);
  const errors: ParseError[] = [];
  const tree = parseTree(body, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: false });
  if (!fast) return 'fallback';
  // Whatever the fast path accepts, jsonc-parser accepts without a single error, as an object...
  expect(errors, JSON.stringify(body)).toEqual([]);
  expect(tree?.type).toBe('object');
  // ...and the tree, the trivia and the duplicates are the same.
  expect(plain(fast.root)).toEqual(plain(tree as Node));
  expect('parent' in fast.root).toBe('parent' in (tree as Node));
  expect({ comments: fast.comments, trailingCommas: fast.trailingCommas }).toEqual(scannerTrivia(body));
  const dups: Array<{ name: string; offset: number; path: (string | number)[] }> = [];
  walkDuplicates(tree as Node, [], dups);
  expect(fast.duplicates).toEqual(dups);
  return 'fast';
}

describe('fastParse is parseTree, where it answers at all', () => {
  test('generated JSONC: always answers, and identically', () => {
    fc.assert(
      fc.property(topLevel, fc.integer({ min: 1, max: 2 ** 31 - 2 }), (v, seed) => {
        const body = render(v, seed);
        expect(compareWithJsonc(body), JSON.stringify(body)).toBe('fast');
      }),
      { numRuns: 1500 },
    );
  });

  test('nested levels are built by level.ts itself (parseTree is only its fallback)', () => {
    fc.assert(
      fc.property(topLevel, fc.integer({ min: 1, max: 2 ** 31 - 2 }), (v, seed) => {
        const body = render(v, seed);
        const fast = fastParse(body);
        expect(fast).toBeDefined();
        const stack: Node[] = [...(fast!.root.children ?? [])];
        while (stack.length > 0) {
          const n = stack.pop() as Node;
          if (n.type === 'object' || n.type === 'array') {
            if (n.parent !== fast!.root) expect(buildLevel(body, n as Building), JSON.stringify(body.slice(n.offset, n.offset + n.length))).toBeDefined();
          }
          stack.push(...(n.children ?? []));
        }
      }),
      { numRuns: 500 },
    );
  });

  test('nodeValue (JSON.parse of the blanked text) is getNodeValue, prototypes included', () => {
    fc.assert(
      fc.property(topLevel, fc.integer({ min: 1, max: 2 ** 31 - 2 }), (v, seed) => {
        const body = render(v, seed);
        const doc = parseDocument(body, { strict: false });
        if (doc.diagnostics.some((d) => d.severity === 'error') || !doc.root) return; // duplicate keys: get() refuses those
        expect(doc.trailingCommas).toBeDefined();
        const reference = parseTree(body, [], { allowTrailingComma: true }) as Node;
        expect(nodeValue(doc, doc.root, 0)).toStrictEqual(getNodeValue(reference));
        for (const prop of doc.root.children ?? []) {
          const [k, val] = prop.children ?? [];
          expect(nodeValue(doc, val as Node, 0)).toStrictEqual(getNodeValue(findChild(reference, String(k?.value)) as Node));
        }
      }),
      { numRuns: 1000 },
    );
    function findChild(root: Node, key: string): Node | undefined {
      return root.children?.find((p) => p.children?.[0]?.value === key)?.children?.[1];
    }
    const proto = parseDocument('{"a": {"__proto__": {"x": 1}, "constructor": [] /* c */, }}', { strict: false });
    const value = nodeValue(proto, proto.root!, 0) as Record<string, Record<string, unknown>>;
    expect(Object.getPrototypeOf(value.a)).toBeNull();
    expect(Object.keys(value.a!)).toEqual(['__proto__', 'constructor']);
  });

  test('mutated JSONC (mostly malformed): identical when it answers, steps aside otherwise', () => {
    const alphabet = fc.constantFrom('{', '}', '[', ']', '"', '\\', '/', '*', ',', ':', '\n', '\r', '\t', ' ', '0', '1', '-', '+', '.', 'e', 'E', 't', 'u', 'n', 'l', 'x', '\u0000', '\u00a0', '\f');
    let fast = 0;
    fc.assert(
      fc.property(topLevel, fc.integer({ min: 1, max: 2 ** 31 - 2 }), fc.array(fc.tuple(fc.nat(), fc.nat(3), alphabet), { minLength: 1, maxLength: 3 }), (v, seed, edits) => {
        let body = render(v, seed);
        for (const [at, del, ch] of edits) {
          const p = at % (body.length + 1);
          body = body.slice(0, p) + ch + body.slice(p + del);
        }
        if (compareWithJsonc(body) === 'fast') fast++;
      }),
      { numRuns: 3000 },
    );
    // Some mutations stay valid (a space, a digit): the comparison above did run on those.
    expect(fast).toBeGreaterThan(0);
  });

  test('near misses, at the top and nested: identical when it answers, steps aside otherwise', () => {
    const tokens = [
      '1', '-0', '0.5', '1e5', '1E+5', '-1.5e-3', '1e999', '+1', '01', '-01', '1.', '.5', '1e', '1e+', '-', '--1', '0x1', '1_0', 'NaN', 'Infinity',
      'true', 'false', 'null', 'tru', 'truex', 'nul', 'True', 'null1', 'true/', 'true/**/',
      '"a"', '"\\t"', '"\t"', '"\\x"', '"\\u12"', '"\\u12zz"', '"\\u00e9"', '"\\/"', "'a'", '"a\nb"', '"a\rb"', '"\u0000"', '"\u007f"', '"\u2028"', '"unterminated',
      '[]', '[1,]', '[,]', '[1,,2]', '[,1]', '{}', '{,}', '{"x":1,}', '{"x" 1}', '{"x":}', '{:1}', '{"x":1]', '[1}', '{"x":1,"x":2}', '/**/1', '1 2', '1/', '1/*', '1//\n',
    ];
    let fast = 0;
    for (const t of tokens) {
      for (const body of [`{"a": ${t}}`, `{"a": [${t}]}`, `{"a": {"b": ${t}}}`, `{"a": ${t}, "b": 2}`, `// c\n{"a":${t}}\n`]) {
        if (compareWithJsonc(body) === 'fast') fast++;
      }
    }
    for (const body of ['{"a":1}/', '{"a":1} x', '{/ "a":1}', '{"a":1}}', '{"a":1}{}', '["a"]', '"a"', '1', '{"a":1} // end', '{"a":1} /* end', '\uFEFF{}', '{}\u00a0', '\f{}']) {
      if (compareWithJsonc(body) === 'fast') fast++;
    }
    expect(fast).toBeGreaterThan(50);
  });

  test('lazy containers build their children once, and parseDocument hands the tree to the editor', () => {
    const body = '{ "big": { "x": [1, 2, {"y": true}] }, "mcpServers": {} }';
    const doc = parseDocument(body, { strict: true });
    const big = doc.root!.children![0]!.children![1]!;
    const first = big.children;
    expect(big.children).toBe(first);
    expect(first![0]!.children![1]!.children![2]!.children![0]!.children![0]!.value).toBe('y');
    expect(parsedBody(body)).toBe(doc);
    expect(parsedBody(`${body} `)).toBeUndefined();
  });
});

/** detectFormat as it was: regex counts and a split per line. */
function referenceFormat(text: string) {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const crlf = (body.match(/\r\n/g) ?? []).length;
  const lf = (body.match(/\n/g) ?? []).length - crlf;
  let tabLines = 0;
  let spaceLines = 0;
  let minSpaces = Infinity;
  for (const line of body.split(/\r?\n/)) {
    const m = /^([ \t]+)["}\]]/.exec(line);
    if (!m || m[1] === undefined) continue;
    if (m[1].startsWith('\t')) tabLines++;
    else {
      spaceLines++;
      const n = /^ */.exec(m[1])?.[0].length ?? 0;
      if (n > 0 && n < minSpaces) minSpaces = n;
    }
  }
  const indentUnit = tabLines > spaceLines ? '\t' : minSpaces === Infinity ? '  ' : ' '.repeat(Math.min(Math.max(minSpaces, 1), 8));
  return { eol: crlf > 0 && crlf >= lf ? '\r\n' : '\n', indentUnit, finalNewline: /\n$/.test(body), bom: text.startsWith('\uFEFF') };
}

describe('text helpers', () => {
  const texty = fc.array(fc.constantFrom(' ', '  ', '\t', '\n', '\r\n', '\r', '"', '}', ']', 'a', '{', '\uFEFF'), { maxLength: 60 }).map((cs) => cs.join(''));

  test('detectFormat matches the regex/split version', () => {
    fc.assert(
      fc.property(texty, (text) => {
        expect(detectFormat(text)).toEqual(referenceFormat(text));
      }),
      { numRuns: 5000 },
    );
  });

  test('lineLocator matches lineColumn at every offset', () => {
    fc.assert(
      fc.property(texty, (text) => {
        const at = lineLocator(text);
        for (let o = 0; o <= text.length + 1; o++) expect(at(o)).toEqual(lineColumn(text, o));
      }),
      { numRuns: 2000 },
    );
  });
});
