// The YAML document's edits with exact expected bytes: Goose's `extensions` mapping, Continue's
// `mcpServers` list (indented and flush), created containers, empty files, no final newline, CRLF,
// BOM, flow style, comments, and remove as the exact inverse of insert.
import { describe, expect, test } from 'vitest';
import { yamlCodec } from '../../../src/installers/yaml/index.js';
import { doc, inserted, removed, replaced } from './util.js';

const github = {
  name: 'github',
  cmd: 'npx',
  args: ['-y', '@modelcontextprotocol/server-github@1.2.3'],
  envs: { GITHUB_TOKEN: '${GITHUB_TOKEN}' },
  type: 'stdio',
  enabled: true,
  timeout: 300,
};

const GOOSE = `GOOSE_PROVIDER: google
extensions:
  fetch:
    args:
    - mcp-server-fetch
    cmd: uvx
    enabled: false
    envs: {}
    type: stdio
GOOSE_MODEL: gemini-2.0-flash
`;

describe('insert into a Goose extensions mapping', () => {
  test('appends after the last member, at its column, lists flush like the file', () => {
    const after = inserted(GOOSE, ['extensions', 'github'], github);
    expect(after).toBe(`GOOSE_PROVIDER: google
extensions:
  fetch:
    args:
    - mcp-server-fetch
    cmd: uvx
    enabled: false
    envs: {}
    type: stdio
  github:
    name: github
    cmd: npx
    args:
    - -y
    - "@modelcontextprotocol/server-github@1.2.3"
    envs:
      GITHUB_TOKEN: \${GITHUB_TOKEN}
    type: stdio
    enabled: true
    timeout: 300
GOOSE_MODEL: gemini-2.0-flash
`);
    expect(removed(after, ['extensions', 'github'])).toBe(GOOSE);
  });

  test('4-space files get 4-space members', () => {
    const text = 'extensions:\n    fetch:\n        cmd: uvx\n';
    const after = inserted(text, ['extensions', 'github'], { cmd: 'npx', envs: { A: 'b' } });
    expect(after).toBe('extensions:\n    fetch:\n        cmd: uvx\n    github:\n        cmd: npx\n        envs:\n            A: b\n');
    expect(removed(after, ['extensions', 'github'])).toBe(text);
  });

  test('creates a missing extensions key at the end of the file', () => {
    const text = 'GOOSE_PROVIDER: google\n';
    const after = inserted(text, ['extensions', 'github'], { cmd: 'npx', args: ['a'] });
    expect(after).toBe('GOOSE_PROVIDER: google\nextensions:\n  github:\n    cmd: npx\n    args:\n      - a\n');
    expect(removed(after, ['extensions', 'github'])).toBe(text);
  });

  test('a file without a final newline keeps having none', () => {
    const text = 'extensions:\n  fetch:\n    cmd: uvx';
    const after = inserted(text, ['extensions', 'github'], { cmd: 'npx' });
    expect(after).toBe('extensions:\n  fetch:\n    cmd: uvx\n  github:\n    cmd: npx');
    expect(removed(after, ['extensions', 'github'])).toBe(text);
    const created = inserted('a: 1', ['extensions', 'github'], { cmd: 'npx' });
    expect(created).toBe('a: 1\nextensions:\n  github:\n    cmd: npx');
    expect(removed(created, ['extensions', 'github'])).toBe('a: 1');
  });

  test('CRLF files get CRLF lines', () => {
    const text = 'extensions:\r\n  fetch:\r\n    cmd: uvx\r\nb: 1\r\n';
    const after = inserted(text, ['extensions', 'github'], { cmd: 'npx', args: ['x'] });
    expect(after).toBe('extensions:\r\n  fetch:\r\n    cmd: uvx\r\n  github:\r\n    cmd: npx\r\n    args:\r\n      - x\r\nb: 1\r\n');
    expect(removed(after, ['extensions', 'github'])).toBe(text);
  });

  test('a trailing comment stays on its line; deeper comment lines after the last member stay with it', () => {
    const text = 'extensions:\n  fetch:\n    cmd: uvx  # pinned\n    # enabled: true\n\n  # next: the big one\nb: 1\n';
    const after = inserted(text, ['extensions', 'github'], { cmd: 'npx' });
    expect(after).toBe('extensions:\n  fetch:\n    cmd: uvx  # pinned\n    # enabled: true\n  github:\n    cmd: npx\n\n  # next: the big one\nb: 1\n');
    expect(removed(after, ['extensions', 'github'])).toBe(text);
  });

  test('an empty flow mapping is filled in flow style and emptied again', () => {
    const text = 'extensions: {}  # none yet\n';
    const after = inserted(text, ['extensions', 'github'], { cmd: 'npx', args: ['-y', '@x/y'], envs: {} });
    expect(after).toBe('extensions: {github: {cmd: npx, args: [-y, "@x/y"], envs: {}}}  # none yet\n');
    expect(removed(after, ['extensions', 'github'])).toBe(text);
  });

  test('a non-empty flow mapping gets `, name: value` after its last member', () => {
    const text = 'extensions: {fetch: {cmd: uvx},}\n';
    const after = inserted(text, ['extensions', 'github'], { cmd: 'npx' });
    expect(after).toBe('extensions: {fetch: {cmd: uvx}, github: {cmd: npx},}\n');
    expect(removed(after, ['extensions', 'github'])).toBe(text);
    expect(removed('extensions: {github: {cmd: npx}, fetch: 1}\n', ['extensions', 'github'])).toBe('extensions: {fetch: 1}\n');
  });

  test('inserting into the envs of an existing entry', () => {
    const after = inserted(GOOSE, ['extensions', 'fetch', 'envs', 'TOKEN'], 'yes');
    expect(after).toBe(GOOSE.replace('envs: {}', 'envs: {TOKEN: "yes"}'));
  });
});

describe('empty and comment-only files', () => {
  test.each([
    ['0 bytes', '', 'extensions:\n  github:\n    cmd: npx\n'],
    ['blank lines', '\n\n', '\n\nextensions:\n  github:\n    cmd: npx\n'],
    ['spaces, no newline', '  ', '  \nextensions:\n  github:\n    cmd: npx'],
    ['a comment only', '# goose config\n', '# goose config\nextensions:\n  github:\n    cmd: npx\n'],
    ['a comment, no newline', '# goose config', '# goose config\nextensions:\n  github:\n    cmd: npx'],
    ['a document start', '---\n', '---\nextensions:\n  github:\n    cmd: npx\n'],
  ])('%s', (_name, text, expected) => {
    const after = inserted(text, ['extensions', 'github'], { cmd: 'npx' });
    expect(after).toBe(expected);
    expect(removed(after, ['extensions', 'github'])).toBe(text);
  });

  test('empty means whitespace only', () => {
    expect(doc('').empty).toBe(true);
    expect(doc(' \r\n\t\n').empty).toBe(true);
    expect(doc('# c\n').empty).toBe(false);
    expect(doc('').style.finalNewline).toBe(true);
  });

  test('a BOM is kept out of the text and reported in the style', () => {
    const d = doc('\uFEFFa: 1\n');
    expect(d.text).toBe('a: 1\n');
    expect(d.style.bom).toBe(true);
    expect(inserted('\uFEFFa: 1\n', ['b'], 2)).toBe('a: 1\nb: 2\n');
  });
});

const CONTINUE = `name: my config
version: 0.0.1
mcpServers:
  - name: fs
    command: npx
    args:
      - -y
      - server-fs
models: []
`;

describe('insert into a Continue mcpServers list', () => {
  const entry = { name: 'github', command: 'npx', args: ['-y', 'pkg@1.0.0'], env: { TOKEN: 'yes' } };

  test('indented list: a `- name:` item at the dash column of its siblings', () => {
    const after = inserted(CONTINUE, ['mcpServers', 1], entry);
    expect(after).toBe(CONTINUE.replace('models: []\n', '') + `  - name: github
    command: npx
    args:
      - -y
      - pkg@1.0.0
    env:
      TOKEN: "yes"
models: []
`);
    expect(removed(after, ['mcpServers', 1])).toBe(CONTINUE);
  });

  test('flush list: items and nested lists flush with their keys', () => {
    const text = 'mcpServers:\n- name: fs\n  command: npx\n  args:\n  - server-fs\n';
    const after = inserted(text, ['mcpServers', 1], entry);
    expect(after).toBe(text + '- name: github\n  command: npx\n  args:\n  - -y\n  - pkg@1.0.0\n  env:\n    TOKEN: "yes"\n');
    expect(removed(after, ['mcpServers', 1])).toBe(text);
  });

  test('a missing list is created at the end; an empty flow list is filled in flow style', () => {
    const created = inserted('name: cfg\n', ['mcpServers', 0], { name: 'x', command: 'y' });
    // `y` is a boolean in YAML 1.1, so it is quoted.
    expect(created).toBe('name: cfg\nmcpServers:\n  - name: x\n    command: "y"\n');
    expect(removed(created, ['mcpServers', 0])).toBe('name: cfg\n');
    const filled = inserted('mcpServers: []\n', ['mcpServers', 0], { name: 'x' });
    expect(filled).toBe('mcpServers: [{name: x}]\n');
    expect(removed(filled, ['mcpServers', 0])).toBe('mcpServers: []\n');
  });

  test('removing a middle item takes its lines and nothing else', () => {
    const text = 'mcpServers:\n  - name: a\n  # about b\n  - name: b\n    command: x\n  - name: c\n';
    expect(removed(text, ['mcpServers', 1])).toBe('mcpServers:\n  - name: a\n  # about b\n  - name: c\n');
  });

  test('a new item inside an existing item’s map, and the whole new item when the item is new', () => {
    const text = 'mcpServers:\n  - name: a\n';
    const inner = inserted(text, ['mcpServers', 0, 'env', 'X'], 'v');
    expect(inner).toBe('mcpServers:\n  - name: a\n    env:\n      X: v\n');
    expect(removed(inner, ['mcpServers', 0, 'env', 'X'])).toBe(text);
    const whole = inserted(text, ['mcpServers', 1, 'env', 'X'], 'v');
    expect(whole).toBe('mcpServers:\n  - name: a\n  - env:\n      X: v\n');
    expect(removed(whole, ['mcpServers', 1, 'env', 'X'])).toBe(text);
  });
});

describe('remove', () => {
  test('a container that holds a comment is the user’s: it stays, as an empty container', () => {
    expect(removed('extensions: # mine\n  github:\n    cmd: x\nz: 1\n', ['extensions', 'github'])).toBe('extensions: {} # mine\nz: 1\n');
    expect(removed('mcpServers:\n  # none for now\n  - name: x\n', ['mcpServers', 0])).toBe('mcpServers: []\n  # none for now\n');
    expect(removed('env:\n  # c\n  X: 1', ['env', 'X'])).toBe('env: {}\n  # c');
  });

  test('`{}` right where the cut starts is one edit, not two edits touching at one offset', () => {
    // The comment on X's own line goes with X, but still marks `env` as the user's.
    expect(doc('env:\n  X: 1 # c').remove(['env', 'X'])).toEqual([{ offset: 4, length: 11, content: ' {}' }]);
  });

  test('a container holding only the member, without comments, goes with it (it reads as created with it)', () => {
    expect(removed('a: 1\nextensions:\n  github:\n    cmd: x\n', ['extensions', 'github'])).toBe('a: 1\n');
  });

  test('an absent member gives no edits', () => {
    expect(doc(GOOSE).remove(['extensions', 'nope'])).toEqual([]);
    expect(doc(GOOSE).remove(['nothing', 'here'])).toEqual([]);
  });

  test('the comments inside a removed member go with it, the ones around it stay', () => {
    const text = 'extensions:\n  # a first\n  a:\n    cmd: x # inline\n    # inside a\n    envs: {}\n  b:\n    cmd: y\n';
    expect(removed(text, ['extensions', 'a'])).toBe('extensions:\n  # a first\n  b:\n    cmd: y\n');
  });
});

describe('replace', () => {
  test('re-pinning a flush args list rewrites only that list', () => {
    const text = 'extensions:\n  github:\n    args:\n    - -y\n    - pkg@1.0.0\n    cmd: npx  # runner\n';
    expect(replaced(text, ['extensions', 'github', 'args'], ['-y', 'pkg@2.0.0'])).toBe(
      'extensions:\n  github:\n    args:\n    - -y\n    - pkg@2.0.0\n    cmd: npx  # runner\n',
    );
  });

  test('a scalar keeps its trailing comment', () => {
    expect(replaced('timeout: 300  # seconds\n', ['timeout'], 600)).toBe('timeout: 600  # seconds\n');
  });

  test('a flow list stays a flow list', () => {
    expect(replaced('args: [-y, pkg@1]\n', ['args'], ['-y', 'pkg@2'])).toBe('args: [-y, pkg@2]\n');
  });

  test('changing the kind of value rewrites from the colon', () => {
    const text = 'a:\n  args:\n    - x\n  b: 1\n';
    expect(replaced(text, ['a', 'args'], 'none')).toBe('a:\n  args: none\n  b: 1\n');
    expect(replaced(text, ['a', 'b'], { k: [1] })).toBe('a:\n  args:\n    - x\n  b:\n    k:\n      - 1\n');
    expect(replaced('a:\nb: 1\n', ['a'], 'x')).toBe('a: x\nb: 1\n');
  });

  test('a block scalar’s last line break stays for the line after it', () => {
    expect(replaced('description: |\n  two\n  lines\nname: x\n', ['description'], 'one')).toBe('description: one\nname: x\n');
    expect(replaced('l:\n  - a\n  - >-\n    folded\nn: 1\n', ['l'], ['b'])).toBe('l:\n  - b\nn: 1\n');
  });

  test('a list item, scalar or mapping', () => {
    const text = 'mcpServers:\n  - name: a\n    command: x\n  - plain\n';
    expect(replaced(text, ['mcpServers', 1], { name: 'b', command: 'y!' })).toBe('mcpServers:\n  - name: a\n    command: x\n  - name: b\n    command: y!\n');
    expect(replaced(text, ['mcpServers', 0], 'gone')).toBe('mcpServers:\n  - gone\n  - plain\n');
    expect(replaced('l:\n  -\n  - b\n', ['l', 0], 'a')).toBe('l:\n  - a\n  - b\n');
  });
});

describe('get and position', () => {
  const d = doc(CONTINUE);

  test('get returns plain values, undefined when absent', () => {
    expect(d.get(['mcpServers', 0, 'args'])).toEqual(['-y', 'server-fs']);
    expect(d.get(['mcpServers', 0])).toEqual({ name: 'fs', command: 'npx', args: ['-y', 'server-fs'] });
    expect(d.get(['mcpServers', 3])).toBeUndefined();
    expect(d.get(['mcpServers', 'fs'])).toBeUndefined();
    expect(d.get(['name', 'x'])).toBeUndefined();
    expect(d.get(['models'])).toEqual([]);
    expect(doc('a: [1\n').get(['a'])).toBeUndefined();
  });

  test('position is 1-based: a key, or a list item’s value', () => {
    expect(d.position(['mcpServers'])).toEqual({ line: 3, column: 1 });
    expect(d.position(['mcpServers', 0])).toEqual({ line: 4, column: 5 });
    expect(d.position(['mcpServers', 0, 'args', 1])).toEqual({ line: 8, column: 9 });
    expect(d.position(['nope'])).toBeUndefined();
    expect(d.position([])).toEqual({ line: 1, column: 1 });
  });

  test('style: line breaks and the indentation step are detected', () => {
    expect(doc('a:\r\n   b: 1\r\n').style).toEqual({ eol: '\r\n', indentUnit: '   ', finalNewline: true, bom: false });
    expect(doc('a: 1').style.finalNewline).toBe(false);
  });
});

describe('create', () => {
  test('block style, defaults LF, two spaces, final newline', () => {
    expect(yamlCodec.create({ extensions: { github: { cmd: 'npx', args: ['-y', 'pkg'], envs: {} } } })).toBe(
      'extensions:\n  github:\n    cmd: npx\n    args:\n      - -y\n      - pkg\n    envs: {}\n',
    );
  });

  test('the given style: CRLF, 4 spaces, BOM, no final newline; tabs become spaces', () => {
    expect(yamlCodec.create({ a: { b: [1] } }, { eol: '\r\n', indentUnit: '    ', bom: true, finalNewline: false })).toBe(
      '\uFEFFa:\r\n    b:\r\n        - 1',
    );
    expect(yamlCodec.create({ a: { b: 1 } }, { indentUnit: '\t' })).toBe('a:\n  b: 1\n');
    expect(yamlCodec.create({})).toBe('{}\n');
  });
});
