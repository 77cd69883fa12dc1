// One depth/size policy for every format (issue 24 item 1): TOML and YAML refuse what JSON refuses,
// with `too-deep` / `too-large` at line:column, before anything recursive sees the text; just under
// each limit a file still parses, so a limit set too low fails here as surely as a missing one.
import { describe, expect, it } from 'vitest';
import { tomlCodec } from '../../src/installers/toml/index.js';
import { yamlCodec } from '../../src/installers/yaml/index.js';
import { jsonCodec } from '../../src/installers/jsonc/document.js';
import { MAX_FILE_CHARS, MAX_NESTING, MAX_TOKEN_CHARS } from '../../src/installers/text/limits.js';

const toml = (text: string) => tomlCodec.parse(text, { path: '/p/config.toml' });
const yaml = (text: string) => yamlCodec.parse(text, { path: '/p/config.yaml' });
const errors = (doc: { diagnostics: readonly { code: string; severity: string; line?: number; column?: number; path?: string }[] }) => doc.diagnostics.filter((d) => d.severity === 'error');

describe('TOML', () => {
  it('arrays and inline tables nested past the limit: too-deep at the bracket that goes past it', () => {
    for (const [open, close] of [['[', ']'], ['{ a = ', ' }']] as const) {
      const deep = `[mcp_servers.a]\nargs = ${open.repeat(3000)}1${close.repeat(3000)}\n`;
      const [d] = errors(toml(deep));
      expect(d).toMatchObject({ code: 'too-deep', line: 2, path: '/p/config.toml' });
      expect(d?.column).toBe(8 + MAX_NESTING * open.length);
    }
    const ok = `[mcp_servers.a]\nargs = ${'['.repeat(MAX_NESTING - 1)}1${']'.repeat(MAX_NESTING - 1)}\n`;
    expect(errors(toml(ok))).toEqual([]);
  });
  it('brackets inside strings and comments do not count', () => {
    const text = `# ${'['.repeat(5000)}\na = "${'{'.repeat(5000)}"\nb = '${'['.repeat(5000)}'\nc = """\n${'['.repeat(5000)}\n"""\n`;
    expect(errors(toml(text))).toEqual([]);
    expect(toml(text).get(['a'])).toBe('{'.repeat(5000));
  });
  it('a string past the token limit is too-large where it starts; one at the limit parses', () => {
    const [d] = errors(toml(`[mcp_servers.a]\ncommand = "${'x'.repeat(200_000)}"\n`));
    expect(d).toMatchObject({ code: 'too-large', line: 2, column: 11 });
    const [m] = errors(toml(`a = '''\n${'y'.repeat(200_000)}'''\n`));
    expect(m).toMatchObject({ code: 'too-large', line: 1, column: 5 });
    const fits = `a = "${'x'.repeat(MAX_TOKEN_CHARS - 2)}"\n`;
    expect(errors(toml(fits))).toEqual([]);
  });
  it('a file past the format limit is too-large at 1:1', () => {
    const big = `a = 1\n${'# filler line of a big file\n'.repeat(Math.ceil(MAX_FILE_CHARS.toml / 28) + 1)}`;
    expect(errors(toml(big))[0]).toMatchObject({ code: 'too-large', line: 1, column: 1 });
  });
});

describe('YAML', () => {
  it('flow nesting past the limit: too-deep', () => {
    const [d] = errors(yaml(`extensions: ${'['.repeat(3000)}${']'.repeat(3000)}\n`));
    expect(d).toMatchObject({ code: 'too-deep', line: 1, path: '/p/config.yaml' });
  });
  it('block nesting past the limit: too-deep (not the parser\'s stack overflow as a parse error)', () => {
    const lines = ['extensions:'];
    for (let i = 1; i <= 2000; i++) lines.push(`${'  '.repeat(i)}a${i}:`);
    const [d] = errors(yaml(`${lines.join('\n')}\n`));
    expect(d?.code).toBe('too-deep');
    expect(d?.line).toBe(MAX_NESTING + 1);
  });
  it('sequences written at their key\'s indentation count as a level each', () => {
    const lines = ['extensions:'];
    for (let i = 0; i < 300; i++) lines.push(`${'  '.repeat(i)}- k${i}:`);
    expect(errors(yaml(`${lines.join('\n')}\n`))[0]?.code).toBe('too-deep');
  });
  it('just under the limit parses, and quotes, comments and block scalars are text', () => {
    const lines = ['extensions:'];
    for (let i = 1; i < MAX_NESTING - 1; i++) lines.push(`${'  '.repeat(i)}a${i}:`);
    expect(errors(yaml(`${lines.join('\n')}\n`))).toEqual([]);
    const text = `a: "${'['.repeat(3000)}"\nb: '${'{'.repeat(3000)}'\n# ${'['.repeat(3000)}\nc: |\n  ${'['.repeat(3000)}\n  "unclosed\nd: it's fine\ne: [1, 2]\n`;
    const doc = yaml(text);
    expect(errors(doc)).toEqual([]);
    expect(doc.get(['d'])).toBe("it's fine");
    expect(doc.get(['e'])).toEqual([1, 2]);
  });
  it('many sibling entries are not depth: 2,000 servers with sequences and mappings parse', () => {
    // A scanner that forgot to close a `key:` level grew one level per sibling (found by the bench).
    const parts = ['extensions:\n'];
    for (let i = 0; i < 2000; i++) parts.push(`  s${i}:\n    cmd: node\n    args:\n      - a${i}.js\n      - "${i}"\n    list:\n    - x\n    envs:\n      K_${i}: v\n`);
    expect(errors(yaml(parts.join('')))).toEqual([]);
  });
  it('a scalar past the token limit is too-large', () => {
    expect(errors(yaml(`a: ${'x'.repeat(200_000)}\n`))[0]?.code).toBe('too-large');
    expect(errors(yaml(`a: "${'x'.repeat(200_000)}"\n`))[0]?.code).toBe('too-large');
  });
  it('a duplicate key is reported by its whole name', () => {
    expect(errors(yaml('extensions:\n  a: 1\nextensions:\n  b: 2\n'))[0]).toMatchObject({ code: 'duplicate-key', line: 3, column: 1 });
    expect(yaml('extensions:\n  a: 1\nextensions:\n  b: 2\n').diagnostics[0]?.message).toMatch(/^duplicate key "extensions"/);
    expect(yaml('x:\n  "a b": 1\n  "a b": 2\n').diagnostics[0]?.message).toMatch(/^duplicate key "a b"/);
  });
});

describe('JSON', () => {
  it('keeps its own limits under the same policy', () => {
    const [d] = errors(jsonCodec('jsonc').parse(`{"a": ${'['.repeat(3000)}${']'.repeat(3000)}}`, { path: '/p/x.json' }));
    expect(d).toMatchObject({ code: 'too-deep', line: 1 });
    expect(MAX_FILE_CHARS.json).toBeGreaterThan(64 * 1024 * 1024); // 60 MB ~/.claude.json files are real
  });
});
