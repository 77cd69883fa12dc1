// parser.ts against toml-eslint-parser (a validating TOML 1.0 parser, kept as the test oracle): each
// snippet is accepted by both or refused by both, and where accepted both read the same value. The
// snippets walk TOML 1.0's grammar and its table rules, valid and invalid, as toml-test groups them.
import { getStaticTOMLValue, parseTOML } from 'toml-eslint-parser';
import { describe, expect, it } from 'vitest';
import { parseTomlText } from '../../../src/installers/toml/parser.js';
import { documentValue } from '../../../src/installers/toml/value.js';

function oracle(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: getStaticTOMLValue(parseTOML(text, { tomlVersion: '1.0.0' })) };
  } catch {
    return { ok: false };
  }
}

function mine(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: documentValue(parseTomlText(text)) };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}

/** Dates compare as the oracle's Date against our text; everything else as is. */
function normalize(value: unknown): unknown {
  if (value instanceof Date) return 'date';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}|^\d{2}:\d{2}:\d{2}/.test(value)) return 'date';
  if (Array.isArray(value)) return value.map(normalize);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalize(v)]));
  if (typeof value === 'bigint') return Number(value);
  return value;
}

const VALID = [
  'a = 1', 'a = -0', 'a = +17', 'a = 1_000', 'a = 0xDEAD_beef', 'a = 0o755', 'a = 0b1101', 'a = 3.14', 'a = -0.01', 'a = 5e+22', 'a = 1e06', 'a = -2E-2',
  'a = 6.626e-34', 'a = 224_617.445_991', 'a = inf', 'a = -inf', 'a = +nan', 'a = true', 'a = false',
  'a = 1979-05-27T07:32:00Z', 'a = 1979-05-27T00:32:00-07:00', 'a = 1979-05-27 07:32:00.999999', 'a = 1979-05-27', 'a = 07:32:00', 'a = 00:32:00.5', 'a = 2000-02-29',
  'a = "basic \\"quoted\\" \\u00e9 \\U0001F600 \\t"', "a = 'C:\\Users\\nodejs'", 'a = """\nRoses\nViolets"""', 'a = """one \\\n    two"""', "a = '''\nraw \\n '''",
  'a = """""five quotes"""""', "a = ''''four'''", 'a = ""', "a = ''",
  'a = [1, 2, 3]', 'a = [ "x", [1, 2], { b = 1 } ]', 'a = [\n  1, # one\n  2,\n]', 'a = []', 'a = [ [ ], [ [ ] ] ]',
  'a = { b = 1, c = "x" }', 'a = {}', 'a = { b.c = 1, b.d = 2 }', 'name = { first = "Tom", last = "Preston-Werner" }',
  '"quoted key" = 1', "'literal key' = 2", '"" = 3', 'a.b.c = 1', 'a . b = 1', 'site."google.com" = true', '1234 = "x"', '3.14159 = "pi"',
  '[table]\nkey = 1', '[a.b.c]\nx = 1', '[ a . "b" ]\nx = 1', '[x.y.z.w]\n[x]', '[a]\nb.c = 1\n[a.b.d]\ne = 1',
  '[fruit]\napple.color = "red"\napple.taste.sweet = true\n[fruit.apple.texture]\nsmooth = true',
  '[[products]]\nname = "Hammer"\n[[products]]\n[[products]]\nname = "Nail"',
  '[[fruits]]\nname = "apple"\n[fruits.physical]\ncolor = "red"\n[[fruits.varieties]]\nname = "red delicious"\n[[fruits]]\nname = "banana"\n[[fruits.varieties]]\nname = "plantain"',
  'a = 1 # comment\n# another\n\n', '\ufeffa = 1'.slice(1), 'a = 1\r\nb = 2\r\n', '# only a comment', '', 'a = "\t tab"',
  'a.b = 1\n[a.c]\nd = 2', '[a]\n[a.b]\n[a.c]',
];

const INVALID = [
  'a = ', 'a = 01', 'a = 1__0', 'a = _1', 'a = 1_', 'a = +0x1', 'a = 0xG', 'a = 1.', 'a = .5', 'a = 1e', 'a = 1.e5', 'a = infinity', 'a = True',
  'a = 1979-13-01', 'a = 1979-02-30', 'a = 1999-02-29', 'a = 07:32', 'a = 25:00:00', 'a = 1979-05-27T07:32:00+25:00',
  'a = "unterminated', 'a = "bad \\x escape"', 'a = "\\uD800"', 'a = """unterminated', "a = 'new\nline'", 'a = "new\nline"',
  'a = [1, 2', 'a = [1 2]', 'a = [,]', 'a = { b = 1, }', 'a = { b = 1\n}', 'a = { b = 1 c = 2 }', 'a = bare',
  'a = 1 b = 2', '= 1', 'a b = 1', 'a. = 1', '[a', '[a]]', '[[a]', '[]', 'a = 1\na = 2', '[a]\n[a]', '[a]\nb = 1\n[a]',
  'a = { b = 1 }\na.c = 2', 'a = { b = 1 }\n[a]', 'a = [1]\n[[a]]', '[[a]]\n[a]', '[a]\n[[a]]', 'a.b = 1\n[a.b]', 'a = 1\na.b = 2',
  '[a.b]\nc = 1\n[a]\nb.d = 2', '[a.b.c]\nz = 9\n[a]\nb.c.t = 1', 'a = "ctrl \u0001"', '# ctrl \u0001 in a comment', 'a = 1\rb = 2',
  '[ a ] b = 1', 'a = { b = { c = 1 }, b.d = 2 }', 'a = 1979-05-27T', '"a\nb" = 1', 'a = 0x', 'a = --1', 'a = 1.0.0',
];

describe('parser.ts agrees with toml-eslint-parser', () => {
  it.each(VALID)('accepts %j and reads the same value', (text) => {
    const expected = oracle(text);
    expect(expected.ok, 'the oracle accepts it').toBe(true);
    const got = mine(text);
    expect(got.ok, got.ok ? '' : got.message).toBe(true);
    if (got.ok && expected.ok) expect(normalize(got.value)).toEqual(normalize(expected.value));
  });
  it.each(INVALID)('refuses %j', (text) => {
    expect(oracle(text).ok, 'the oracle refuses it').toBe(false);
    expect(mine(text).ok).toBe(false);
  });
  it('keeps a key named __proto__ as an own key', () => {
    const got = mine('[x.__proto__]\ny = 1');
    expect(got.ok).toBe(true);
    if (got.ok) expect(Object.hasOwn((got.value as Record<string, object>).x as object, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).y).toBeUndefined();
  });
  it('gives each table its resolved path and range', () => {
    const program = parseTomlText('[[a]]\nx = 1\n[a.b]\ny = 2\n[[a]]\n');
    const tables = program.items.filter((i) => i.type === 'TOMLTable');
    expect(tables.map((t) => t.type === 'TOMLTable' && t.resolvedKey)).toEqual([['a', 0], ['a', 0, 'b'], ['a', 1]]);
    expect(tables.map((t) => t.range)).toEqual([[0, 11], [12, 23], [24, 29]]);
  });
});
