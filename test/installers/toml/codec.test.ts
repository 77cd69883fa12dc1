// The TOML ConfigDocument rule by rule, with the exact text each edit must produce.
import { describe, expect, test } from 'vitest';
import { tomlCodec } from '../../../src/installers/toml/index.js';
import { after, editError, parse, realValue, roundTrip } from './util.js';

const ENTRY = { command: 'npx', args: ['-y', 'x@1.2.3'], env: { K: 'v' } };
const BLOCK = '[mcp_servers.github]\ncommand = "npx"\nargs = ["-y", "x@1.2.3"]\n\n[mcp_servers.github.env]\nK = "v"';

describe('reading', () => {
  const text = [
    'model = "o3"',
    'features.hooks = true',
    'when = 1979-05-27',
    '',
    '[mcp_servers.a]',
    'command = "x" # trailing',
    "args = ['lit', \"b\\tc\"]",
    'headers = { "X-Region" = "eu", n = 1.5 }',
    '',
    '[mcp_servers.a.env]',
    'K = "v"',
    '',
    '[[providers]]',
    'name = "p1"',
    '[providers.auth]',
    'type = "static"',
    '[[providers]]',
    'name = "p2"',
    '',
  ].join('\n');
  const doc = parse(text);

  test('get returns plain values (dates as their text), for every spelling', () => {
    expect(doc.diagnostics).toEqual([]);
    expect(doc.get([])).toEqual({
      model: 'o3',
      features: { hooks: true },
      when: '1979-05-27',
      mcp_servers: { a: { command: 'x', args: ['lit', 'b\tc'], headers: { 'X-Region': 'eu', n: 1.5 }, env: { K: 'v' } } },
      providers: [{ name: 'p1', auth: { type: 'static' } }, { name: 'p2' }],
    });
    expect(doc.get(['mcp_servers', 'a', 'args', 1])).toBe('b\tc');
    expect(doc.get(['providers', 1, 'name'])).toBe('p2');
    expect(doc.get(['mcp_servers', 'zzz'])).toBeUndefined();
    expect(doc.get(['model', 'x'])).toBeUndefined();
    expect(doc.get(['providers', 'name'])).toBeUndefined();
  });

  test('a "__proto__" key is an ordinary key, read and written as one', () => {
    const { inserted } = roundTrip('', ['mcp_servers', '__proto__'], { env: JSON.parse('{"__proto__": "x"}') });
    expect(inserted).toBe('[mcp_servers.__proto__]\n\n[mcp_servers.__proto__.env]\n__proto__ = "x"\n');
    const value = parse(inserted).get(['mcp_servers']) as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(JSON.stringify(value)).toBe('{"__proto__":{"env":{"__proto__":"x"}}}');
    // Nothing leaked into every object (the parser's own getStaticTOMLValue would do that here).
    expect(({} as Record<string, unknown>).env).toBeUndefined();
  });

  test('get hands out copies', () => {
    (doc.get(['mcp_servers', 'a', 'env']) as Record<string, unknown>).K = 'changed';
    expect(doc.get(['mcp_servers', 'a', 'env'])).toEqual({ K: 'v' });
  });

  test('position: 1-based line:column of the header, the key, or the value', () => {
    expect(doc.position(['mcp_servers', 'a'])).toEqual({ line: 5, column: 1 });
    expect(doc.position(['mcp_servers'])).toEqual({ line: 5, column: 1 }); // implied by [mcp_servers.a]
    expect(doc.position(['mcp_servers', 'a', 'command'])).toEqual({ line: 6, column: 1 });
    expect(doc.position(['mcp_servers', 'a', 'args', 1])).toEqual({ line: 7, column: 16 });
    expect(doc.position(['mcp_servers', 'a', 'headers', 'n'])).toEqual({ line: 8, column: 32 });
    expect(doc.position(['features'])).toEqual({ line: 2, column: 1 });
    expect(doc.position(['features', 'hooks'])).toEqual({ line: 2, column: 10 });
    expect(doc.position(['providers'])).toEqual({ line: 13, column: 1 });
    expect(doc.position(['providers', 1])).toEqual({ line: 17, column: 1 });
    expect(doc.position(['providers', 0, 'auth', 'type'])).toEqual({ line: 16, column: 1 });
    expect(doc.position(['nope'])).toBeUndefined();
  });

  test('a BOM is kept out of the text and of columns, and reported in style', () => {
    const bom = parse('\uFEFF[t]\nk = 1\n');
    expect(bom.text).toBe('[t]\nk = 1\n');
    expect(bom.style.bom).toBe(true);
    expect(bom.position(['t', 'k'])).toEqual({ line: 2, column: 1 });
    expect(after(bom, bom.insert(['mcp_servers', 'g'], { command: 'x' }))).toBe('[t]\nk = 1\n\n[mcp_servers.g]\ncommand = "x"\n');
  });

  test('style: the file\'s EOL and final newline; TOML has no indentation to match', () => {
    expect(parse('a = 1\r\nb = 2\r\n').style).toEqual({ eol: '\r\n', indentUnit: '', finalNewline: true, bom: false });
    expect(parse('a = 1\nb = 2').style).toEqual({ eol: '\n', indentUnit: '', finalNewline: false, bom: false });
  });

  test('empty: 0 bytes or whitespace only, not a comment', () => {
    expect(parse('').empty).toBe(true);
    expect(parse(' \t\r\n\n').empty).toBe(true);
    expect(parse('# just a comment\n').empty).toBe(false);
    expect(parse('\uFEFF').empty).toBe(true);
  });
});

describe('insert into a map container ([mcp_servers.<name>])', () => {
  test('goes right after the last table under mcp_servers, one blank line before it', () => {
    const text = 'model = "o3"\n\n[mcp_servers.a]\ncommand = "a"\n\n[mcp_servers.a.env]\nX = "1"\n\n[features]\nhooks = true\n';
    const { inserted, removed } = roundTrip(text, ['mcp_servers', 'github'], ENTRY);
    expect(inserted).toBe(`model = "o3"\n\n[mcp_servers.a]\ncommand = "a"\n\n[mcp_servers.a.env]\nX = "1"\n\n${BLOCK}\n\n[features]\nhooks = true\n`);
    expect(removed).toBe(text);
  });

  test('goes at the end when no table is under mcp_servers', () => {
    const text = 'model = "o3"\n\n[features]\nhooks = true\n';
    const { inserted, removed } = roundTrip(text, ['mcp_servers', 'github'], ENTRY);
    expect(inserted).toBe(`model = "o3"\n\n[features]\nhooks = true\n\n${BLOCK}\n`);
    expect(removed).toBe(text);
  });

  test('trailing blank lines and comments at the end of the file stay after the content they follow', () => {
    const text = '[features]\nhooks = true\n# the end\n\n\n';
    const { inserted, removed } = roundTrip(text, ['mcp_servers', 'github'], { command: 'x' });
    expect(inserted).toBe('[features]\nhooks = true\n# the end\n\n[mcp_servers.github]\ncommand = "x"\n\n\n');
    expect(removed).toBe(text);
  });

  test('a file without a final newline stays without one, and valid', () => {
    const text = '[mcp_servers.a]\ncommand = "a"';
    const { inserted, removed } = roundTrip(text, ['mcp_servers', 'github'], ENTRY);
    expect(inserted).toBe(`[mcp_servers.a]\ncommand = "a"\n\n${BLOCK}`);
    expect(removed).toBe(text);
    expect(realValue(inserted)).toEqual({ mcp_servers: { a: { command: 'a' }, github: ENTRY } });
  });

  test('CRLF files get CRLF lines', () => {
    const text = '# c\r\n[mcp_servers.a]\r\ncommand = "a"\r\n';
    const { inserted, removed } = roundTrip(text, ['mcp_servers', 'github'], ENTRY);
    expect(inserted).toBe(`# c\r\n[mcp_servers.a]\r\ncommand = "a"\r\n\r\n${BLOCK.replace(/\n/g, '\r\n')}\r\n`);
    expect(removed).toBe(text);
  });

  test.each([
    ['a 0-byte file', ''],
    ['a whitespace-only file', '\n \n'],
    ['spaces without a line break', '  '],
    ['a CRLF blank file', '\r\n'],
  ])('%s gets the block at the top and gives back the same bytes on remove', (_, text) => {
    const eol = text.includes('\r\n') ? '\r\n' : '\n';
    const { inserted, removed } = roundTrip(text, ['mcp_servers', 'github'], { command: 'x' });
    expect(inserted).toBe(`[mcp_servers.github]${eol}command = "x"${eol}${text}`);
    expect(removed).toBe(text);
  });

  test('comment lines under the last server stay with it; those leading into the next header stay with that', () => {
    const below = '[mcp_servers.a]\ncommand = "a"\n# args = ["old"]\n\n[features]\n';
    expect(roundTrip(below, ['mcp_servers', 'g'], { command: 'x' }).inserted).toBe(
      '[mcp_servers.a]\ncommand = "a"\n# args = ["old"]\n\n[mcp_servers.g]\ncommand = "x"\n\n[features]\n',
    );
    const leading = '[mcp_servers.a]\ncommand = "a"\n# about features\n[features]\n';
    const { inserted, removed } = roundTrip(leading, ['mcp_servers', 'g'], { command: 'x' });
    expect(inserted).toBe('[mcp_servers.a]\ncommand = "a"\n\n[mcp_servers.g]\ncommand = "x"\n# about features\n[features]\n');
    expect(removed).toBe(leading);
  });

  test('keys that need it are quoted; strings are basic strings with escapes', () => {
    const value = { command: 'C:\\tools\\"x".exe', args: ['tab\there', 'nl\nx', 'bell\u0007', 'del\u007f', 'ünï 😀'], env: { 'MY.VAR': 'a', 'with space': 'b', '': 'c' } };
    const { inserted, removed } = roundTrip('', ['mcp_servers', 'my.server'], value);
    expect(inserted).toBe(
      [
        '[mcp_servers."my.server"]',
        'command = "C:\\\\tools\\\\\\"x\\".exe"',
        'args = ["tab\\there", "nl\\nx", "bell\\u0007", "del\\u007F", "ünï 😀"]',
        '',
        '[mcp_servers."my.server".env]',
        '"MY.VAR" = "a"',
        '"with space" = "b"',
        '"" = "c"',
        '',
      ].join('\n'),
    );
    expect(realValue(inserted)).toEqual({ mcp_servers: { 'my.server': value } });
    expect(removed).toBe('');
  });

  test('numbers, booleans and arrays of scalars are TOML literals that read back as the same values', () => {
    const value = { i: 20, neg: -3, f: 1.5, big: 1e21, huge: 2 ** 64, negZero: -0, nan: NaN, inf: Infinity, ninf: -Infinity, on: true, off: false, none: [], nested: [[1, 2], ['a']] };
    const { inserted } = roundTrip('', ['t'], value);
    expect(inserted).toBe(
      '[t]\ni = 20\nneg = -3\nf = 1.5\nbig = 1e+21\nhuge = 18446744073709552000.0\nnegZero = -0.0\nnan = nan\ninf = inf\nninf = -inf\non = true\noff = false\nnone = []\nnested = [[1, 2], ["a"]]\n',
    );
    expect(realValue(inserted)).toEqual({ t: value });
  });

  test('nested objects become sub-tables after the table\'s own keys; a table of tables needs no header', () => {
    const value = { env: { K: 'v' }, command: 'x', tools: { search: { approval_mode: 'approve' } }, empty: {} };
    const { inserted, removed } = roundTrip('', ['mcp_servers', 's'], value);
    expect(inserted).toBe(
      '[mcp_servers.s]\ncommand = "x"\n\n[mcp_servers.s.env]\nK = "v"\n\n[mcp_servers.s.tools.search]\napproval_mode = "approve"\n\n[mcp_servers.s.empty]\n',
    );
    expect(realValue(inserted)).toEqual({ mcp_servers: { s: value } });
    expect(removed).toBe('');
  });

  test('an entry in the middle of the file, between other servers and other tables, removes exactly', () => {
    const text = '[mcp_servers.a]\ncommand = "a"\n[other]\nk = 1\n[mcp_servers.b]\ncommand = "b"\n[last]\n';
    const { inserted, removed } = roundTrip(text, ['mcp_servers', 'c'], { command: 'c' });
    expect(inserted).toBe('[mcp_servers.a]\ncommand = "a"\n[other]\nk = 1\n[mcp_servers.b]\ncommand = "b"\n\n[mcp_servers.c]\ncommand = "c"\n[last]\n');
    expect(removed).toBe(text);
  });

  test('a missing parent is created by the header alone', () => {
    const { inserted, removed } = roundTrip('[x]\n', ['amp', 'mcpServers', 'p'], { command: 'c' });
    expect(inserted).toBe('[x]\n\n[amp.mcpServers.p]\ncommand = "c"\n');
    expect(removed).toBe('[x]\n');
  });

  test('a [mcp_servers] header with keys of its own counts as under mcp_servers', () => {
    const text = '[mcp_servers]\n\n[x]\n';
    expect(roundTrip(text, ['mcp_servers', 'g'], { command: 'c' }).inserted).toBe('[mcp_servers]\n\n[mcp_servers.g]\ncommand = "c"\n\n[x]\n');
  });

  test('a name that exists (as a table, implied by a sub-table, or as a value) is entry-exists at its position', () => {
    expect(editError(() => parse('[x]\n[mcp_servers.github]\n').insert(['mcp_servers', 'github'], ENTRY))).toEqual({ code: 'entry-exists', position: { line: 2, column: 1 } });
    expect(editError(() => parse('[mcp_servers.github.env]\n').insert(['mcp_servers', 'github'], ENTRY))).toEqual({ code: 'entry-exists', position: { line: 1, column: 1 } });
    expect(editError(() => parse('[mcp_servers]\ngithub = "x"\n').insert(['mcp_servers', 'github'], ENTRY))).toEqual({ code: 'entry-exists', position: { line: 2, column: 1 } });
  });

  test.each([
    ['null', { command: null }],
    ['an array of tables', { args: [{ a: 1 }] }],
    ['an array holding a table deeper down', { args: [[{ a: 1 }]] }],
    ['a lone surrogate', { command: 'x\uD800y' }],
  ])('a value holding %s is toml-unsupported-value', (_, value) => {
    expect(editError(() => parse('').insert(['mcp_servers', 'g'], value))).toEqual({ code: 'toml-unsupported-value' });
  });

  test('an entry must be an object, and only the last path segment may be an index', () => {
    expect(editError(() => parse('').insert(['mcp_servers', 'g'], 'x'))).toEqual({ code: 'toml-unsupported-value' });
    expect(editError(() => parse('').insert([], {}))).toEqual({ code: 'invalid-path' });
    expect(editError(() => parse('[[a]]\n').insert(['a', 0, 'b'], {}))).toEqual({ code: 'toml-unsupported-layout' });
  });
});

describe('a list container ([[mcp_servers]], Mistral Vibe)', () => {
  const text = [
    'active_model = "m"',
    '',
    '[[mcp_servers]]',
    'name = "a"',
    'transport = "stdio"',
    '',
    '[[mcp_servers]]',
    'name = "b"',
    'url = "https://b"',
    '',
    '[mcp_servers.auth]',
    'type = "static"',
    '',
    '[[providers]]',
    'name = "p"',
    '',
  ].join('\n');
  const entry = { name: 'c', transport: 'stdio', command: 'npx', args: ['-y', 'c@1'], auth: { type: 'static' } };

  test('get returns the array', () => {
    expect(parse(text).get(['mcp_servers'])).toEqual([{ name: 'a', transport: 'stdio' }, { name: 'b', url: 'https://b', auth: { type: 'static' } }]);
  });

  test('insert at the length appends a block after the last element and its sub-tables; remove takes it back', () => {
    const { inserted, removed } = roundTrip(text, ['mcp_servers', 2], entry);
    expect(inserted).toBe(
      text.replace(
        'type = "static"\n',
        'type = "static"\n\n[[mcp_servers]]\nname = "c"\ntransport = "stdio"\ncommand = "npx"\nargs = ["-y", "c@1"]\n\n[mcp_servers.auth]\ntype = "static"\n',
      ),
    );
    expect(realValue(inserted)).toEqual({ ...(realValue(text) as object), mcp_servers: [...(parse(text).get(['mcp_servers']) as unknown[]), entry] });
    expect(removed).toBe(text);
  });

  test('the first element of a missing list goes at the end', () => {
    const { inserted, removed } = roundTrip('a = 1\n', ['mcp_servers', 0], { name: 'x' });
    expect(inserted).toBe('a = 1\n\n[[mcp_servers]]\nname = "x"\n');
    expect(removed).toBe('a = 1\n');
  });

  test('remove cuts one element with its sub-table; the others stay byte for byte', () => {
    const doc = parse(text);
    expect(after(doc, doc.remove(['mcp_servers', 1]))).toBe(text.replace('\n[[mcp_servers]]\nname = "b"\nurl = "https://b"\n\n[mcp_servers.auth]\ntype = "static"\n', ''));
    expect(after(doc, doc.remove(['mcp_servers', 0]))).toBe(text.replace('\n[[mcp_servers]]\nname = "a"\ntransport = "stdio"\n', ''));
  });

  test('an index other than the length is invalid-path', () => {
    expect(editError(() => parse(text).insert(['mcp_servers', 1], entry))).toEqual({ code: 'invalid-path' });
    expect(editError(() => parse(text).insert(['mcp_servers', 3], entry))).toEqual({ code: 'invalid-path' });
  });
});

describe('replace', () => {
  const text = '# servers\n[mcp_servers.github]\ncommand = "npx" # pinned\nargs = ["-y", "x@1.2.3"]\nheaders = { a = "1" }\n\n[mcp_servers.github.env]\nK = "v"\n\n[other]\nk = 1\n';

  test('a value span in place (re-pinning args), comments around it kept', () => {
    const doc = parse(text);
    expect(after(doc, doc.replace(['mcp_servers', 'github', 'args'], ['-y', 'x@2.0.0']))).toBe(text.replace('"x@1.2.3"', '"x@2.0.0"'));
    expect(after(doc, doc.replace(['mcp_servers', 'github', 'command'], 'bunx'))).toBe(text.replace('"npx"', '"bunx"'));
  });

  test('an inline table or a member of one is a value span too', () => {
    const doc = parse(text);
    expect(after(doc, doc.replace(['mcp_servers', 'github', 'headers'], { b: '2', 'x y': true }))).toBe(text.replace('{ a = "1" }', '{ b = "2", "x y" = true }'));
    expect(after(doc, doc.replace(['mcp_servers', 'github', 'headers', 'a'], 'z'))).toBe(text.replace('{ a = "1" }', '{ a = "z" }'));
  });

  test('a whole table block (with its sub-tables) in place', () => {
    const doc = parse(text);
    expect(after(doc, doc.replace(['mcp_servers', 'github'], { command: 'uvx', env: { L: 'w' } }))).toBe(
      '# servers\n[mcp_servers.github]\ncommand = "uvx"\n\n[mcp_servers.github.env]\nL = "w"\n\n[other]\nk = 1\n',
    );
  });

  test('a [[list]] element in place', () => {
    const list = '[[mcp_servers]]\nname = "a"\n\n[[mcp_servers]]\nname = "b"\n[mcp_servers.auth]\nt = 1\n';
    const doc = parse(list);
    expect(after(doc, doc.replace(['mcp_servers', 1], { name: 'b', url: 'u' }))).toBe('[[mcp_servers]]\nname = "a"\n\n[[mcp_servers]]\nname = "b"\nurl = "u"\n');
  });

  test('a missing path is entry-missing; a table replaced by a non-object is toml-unsupported-value', () => {
    expect(editError(() => parse(text).replace(['mcp_servers', 'nope'], {}))).toEqual({ code: 'entry-missing' });
    expect(editError(() => parse(text).replace(['mcp_servers', 'github'], 'x'))).toEqual({ code: 'toml-unsupported-value' });
  });
});

describe('create', () => {
  test('root keys first, then tables, one blank line between blocks, final newline', () => {
    expect(tomlCodec.create({ mcp_servers: { github: ENTRY }, model: 'o3' })).toBe(`model = "o3"\n\n${BLOCK}\n`);
  });

  test('in the asked style: CRLF, no final newline', () => {
    expect(tomlCodec.create({ mcp_servers: { github: ENTRY } }, { eol: '\r\n', finalNewline: false })).toBe(BLOCK.replace(/\n/g, '\r\n'));
  });

  test('a root list of tables is written as [[name]] blocks (a new Mistral Vibe file)', () => {
    expect(tomlCodec.create({ mcp_servers: [{ name: 'a', auth: { t: 1 } }, { name: 'b' }] })).toBe('[[mcp_servers]]\nname = "a"\n\n[mcp_servers.auth]\nt = 1\n\n[[mcp_servers]]\nname = "b"\n');
  });

  test('nothing to hold is an empty file; what create writes parses back to the same value', () => {
    expect(tomlCodec.create({})).toBe('');
    const value = { a: 1, t: { s: 'x', u: { v: [true] } }, l: [{ n: 'x' }] };
    expect(realValue(tomlCodec.create(value))).toEqual(value);
  });
});
