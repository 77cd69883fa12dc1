// Scalars: plain when every YAML reader gets the same string back, double-quoted otherwise. Each row
// is checked twice: the exact text, and that the `yaml` package reads it back as the value under
// YAML 1.1 and 1.2 in the context it was printed for.
import { parse } from 'yaml';
import { describe, expect, test } from 'vitest';
import { printScalar, type ScalarContext, type ScalarValue } from '../../../src/installers/yaml/scalar.js';

const BLOCK_VALUES: Array<[ScalarValue, string]> = [
  ['npx', 'npx'],
  ['-y', '-y'],
  ['--stdio', '--stdio'],
  ['x y', 'x y'],
  ['a#b', 'a#b'],
  ["it's", "it's"],
  ['${GITHUB_TOKEN}', '${GITHUB_TOKEN}'],
  ['https://example.com/a?b=c', 'https://example.com/a?b=c'],
  ['C:\\Users\\me', 'C:\\Users\\me'],
  ['héllo 🧠', 'héllo 🧠'],
  // Would read as other types in 1.1 or 1.2:
  ['yes', '"yes"'],
  ['No', '"No"'],
  ['on', '"on"'],
  ['y', '"y"'],
  ['true', '"true"'],
  ['null', '"null"'],
  ['Null', '"Null"'],
  ['~', '"~"'],
  ['1', '"1"'],
  ['1.0', '"1.0"'],
  ['.5', '".5"'],
  ['0x1F', '"0x1F"'],
  ['017', '"017"'],
  ['0o17', '"0o17"'],
  ['1_000', '"1_000"'],
  ['1:20', '"1:20"'],
  ['2001-12-14', '"2001-12-14"'],
  ['.inf', '".inf"'],
  ['.NaN', '".NaN"'],
  // Indicators, separators, spaces, line breaks, non-printables:
  ['', '""'],
  [' x', '" x"'],
  ['x ', '"x "'],
  ['@x/y', '"@x/y"'],
  ['`x', '"`x"'],
  [': x', '": x"'],
  ['a: b', '"a: b"'],
  ['a #b', '"a #b"'],
  ['a:', '"a:"'],
  ['- y', '"- y"'],
  ['-', '"-"'],
  ['?x', '"?x"'],
  ['&a', '"&a"'],
  ['*a', '"*a"'],
  ['!t', '"!t"'],
  ['%x', '"%x"'],
  ['|', '"|"'],
  ['>', '">"'],
  ['#x', '"#x"'],
  ['"q"', '"\\"q\\""'],
  ["'q'", '"\'q\'"'],
  ['[a]', '"[a]"'],
  ['{a}', '"{a}"'],
  ['a\nb', '"a\\nb"'],
  ['a\tb', '"a\\tb"'],
  ['back\\slash "q"', 'back\\slash "q"'],
  ['\u0085x', '"\\u0085x"'],
  ['a\u2028b', '"a\\u2028b"'],
  ['\u0007', '"\\u0007"'],
  // Other types:
  [300, '300'],
  [-1.5, '-1.5'],
  [1e21, '1.0e+21'],
  [5e-7, '5.0e-7'],
  [-0, '-0'],
  [true, 'true'],
  [false, 'false'],
  [null, 'null'],
];

function readsBack(text: string, context: ScalarContext, version: '1.1' | '1.2'): unknown {
  const probe = { 'block-key': `${text}: 0`, 'block-value': `k: ${text}`, 'flow-key': `{${text}: 0}`, 'flow-value': `[${text}]` }[context];
  const value = parse(probe, { version, mapAsMap: true }) as Map<unknown, unknown> | unknown[];
  if (Array.isArray(value)) return value[0];
  return context.endsWith('key') ? [...value.keys()][0] : value.get('k');
}

describe('block values', () => {
  test.each(BLOCK_VALUES)('%j prints as %s and reads back', (value, text) => {
    expect(printScalar(value, 'block-value')).toBe(text);
    for (const version of ['1.1', '1.2'] as const) expect(readsBack(text, 'block-value', version)).toStrictEqual(value);
  });

  test('NaN and infinities use YAML’s own spellings', () => {
    expect(printScalar(NaN, 'block-value')).toBe('.nan');
    expect(printScalar(Infinity, 'block-value')).toBe('.inf');
    expect(printScalar(-Infinity, 'block-value')).toBe('-.inf');
    expect(readsBack('-.inf', 'block-value', '1.1')).toBe(-Infinity);
  });
});

describe('keys and flow style', () => {
  test.each<[string, ScalarContext, string]>([
    ['github', 'block-key', 'github'],
    ['x y', 'block-key', 'x y'],
    ['1', 'block-key', '"1"'],
    ['true', 'block-key', '"true"'],
    // A merge key in YAML 1.1:
    ['<<', 'block-key', '"<<"'],
    ['a,b', 'block-value', 'a,b'],
    ['a,b', 'flow-value', '"a,b"'],
    ['a,b', 'flow-key', '"a,b"'],
    ['x]', 'flow-value', '"x]"'],
    ['-y', 'flow-value', '-y'],
    ['@x', 'flow-key', '"@x"'],
    ['mcp-server-git', 'flow-key', 'mcp-server-git'],
  ])('%j as %s prints as %s and reads back', (value, context, text) => {
    expect(printScalar(value, context)).toBe(text);
    for (const version of ['1.1', '1.2'] as const) expect(readsBack(text, context, version)).toBe(value);
  });
});
