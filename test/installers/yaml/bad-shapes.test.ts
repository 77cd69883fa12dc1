// Files and edits the YAML document must refuse, with the exact stable code and 1-based position.
// File-level problems are diagnostics (and every edit then refuses with the same code and place);
// edit-level ones are DocumentEditErrors. Nothing here may produce an edit.
import { describe, expect, test } from 'vitest';
import { DocumentEditError, type DocPath, type DocValue } from '../../../src/installers/document/types.js';
import { yamlCodec } from '../../../src/installers/yaml/index.js';
import { doc } from './util.js';

type Op = { op: 'insert' | 'replace'; path: DocPath; value: DocValue } | { op: 'remove'; path: DocPath };

interface Row {
  what: string;
  text: string;
  edit: Op;
  code: string;
  at: [line: number, column: number];
}

const ADD_GITHUB: Op = { op: 'insert', path: ['extensions', 'github'], value: { cmd: 'npx' } };

// The file itself is refused: a diagnostic, and the edit refuses with it.
const FILES: Row[] = [
  { what: 'an unclosed flow list', text: 'a: 1\nextensions: [x\nb: 2\n', edit: ADD_GITHUB, code: 'parse-error', at: [3, 1] },
  { what: 'a tab in the indentation', text: 'extensions:\n\tgithub: {}\n', edit: ADD_GITHUB, code: 'parse-error', at: [2, 1] },
  { what: 'an alias to no anchor', text: 'a: *nowhere\n', edit: ADD_GITHUB, code: 'parse-error', at: [1, 4] },
  { what: 'a YAML 1.1 merge of a scalar', text: '%YAML 1.1\n---\nbase: &b 1\nx:\n  <<: *b\n', edit: ADD_GITHUB, code: 'parse-error', at: [3, 1] },
  { what: 'a duplicate top-level key', text: 'extensions: {}\nname: x\nextensions: {}\n', edit: ADD_GITHUB, code: 'duplicate-key', at: [3, 1] },
  { what: 'a duplicate entry', text: 'extensions:\n  a: 1\n  b: 2\n  a: 3\n', edit: ADD_GITHUB, code: 'duplicate-key', at: [4, 3] },
  { what: 'two documents', text: 'a: 1\n---\nb: 2\n', edit: ADD_GITHUB, code: 'yaml-multi-document', at: [2, 1] },
  { what: 'a list at the top level', text: '# servers\n- a\n- b\n', edit: ADD_GITHUB, code: 'invalid-shape', at: [2, 1] },
  { what: 'a scalar at the top level', text: 'just text\n', edit: { op: 'remove', path: ['a'] }, code: 'invalid-shape', at: [1, 1] },
];

// The file is fine, the edit is not possible there.
const EDITS: Row[] = [
  { what: 'extensions is a number', text: 'extensions: 3\n', edit: ADD_GITHUB, code: 'invalid-shape', at: [1, 1] },
  { what: 'extensions is empty (null)', text: 'a: 1\nextensions:\n', edit: ADD_GITHUB, code: 'invalid-shape', at: [2, 1] },
  { what: 'extensions is a list', text: 'extensions:\n  - a\n', edit: ADD_GITHUB, code: 'invalid-shape', at: [1, 1] },
  { what: 'mcpServers is a mapping', text: 'mcpServers:\n  fs: {}\n', edit: { op: 'insert', path: ['mcpServers', 0], value: { name: 'x' } }, code: 'invalid-shape', at: [1, 1] },
  { what: 'a list where the path needs a mapping', text: 'mcpServers:\n  - name: a\n', edit: { op: 'replace', path: ['mcpServers', 'a'], value: 1 }, code: 'invalid-shape', at: [1, 1] },
  { what: 'a list at the top level of a new file', text: '', edit: { op: 'insert', path: [0], value: 'x' }, code: 'invalid-shape', at: [1, 1] },
  { what: 'an anchor on the container', text: 'extensions: &e\n  a: 1\n', edit: ADD_GITHUB, code: 'yaml-unsupported-layout', at: [1, 1] },
  { what: 'a tag on the container', text: 'extensions: !!map\n  a: 1\n', edit: ADD_GITHUB, code: 'yaml-unsupported-layout', at: [1, 1] },
  { what: 'the container is an alias', text: 'base: &b {a: 1}\nextensions: *b\n', edit: ADD_GITHUB, code: 'yaml-unsupported-layout', at: [2, 1] },
  { what: 'an anchor on the top level', text: '--- &top\nextensions: {}\n', edit: ADD_GITHUB, code: 'yaml-unsupported-layout', at: [2, 1] },
  { what: 'the entry exists', text: 'extensions:\n  fetch: {}\n  github: {}\n', edit: ADD_GITHUB, code: 'entry-exists', at: [3, 3] },
  { what: 'the entry exists, quoted', text: 'extensions: {"github": {}}\n', edit: ADD_GITHUB, code: 'entry-exists', at: [1, 14] },
  { what: 'a list index that exists', text: 'mcpServers:\n  - name: a\n', edit: { op: 'insert', path: ['mcpServers', 0], value: { name: 'x' } }, code: 'entry-exists', at: [2, 5] },
  { what: 'a list index past the end', text: 'mcpServers:\n  - name: a\n', edit: { op: 'insert', path: ['mcpServers', 5], value: { name: 'x' } }, code: 'invalid-path', at: [2, 3] },
  { what: 'a new list not starting at 0', text: 'a: 1\n', edit: { op: 'insert', path: ['mcpServers', 0, 'args', 2], value: 'x' }, code: 'invalid-path', at: [1, 1] },
  { what: 'an empty path', text: 'a: 1\n', edit: { op: 'insert', path: [], value: 'x' }, code: 'invalid-path', at: [1, 1] },
  { what: 'a new container inside flow style', text: 'name: x\nrest: {a: 1}\n', edit: { op: 'insert', path: ['rest', 'extensions', 'github'], value: 1 }, code: 'yaml-unsupported-layout', at: [2, 7] },
  { what: 'a list whose first item has an anchor', text: 'mcpServers:\n  - &a {name: x}\n', edit: { op: 'insert', path: ['mcpServers', 1], value: { name: 'y' } }, code: 'yaml-unsupported-layout', at: [2, 3] },
  { what: 'an end marker after which a line starts a new document', text: '---\n...\n', edit: ADD_GITHUB, code: 'yaml-unsupported-layout', at: [3, 1] },
  { what: 'removing an anchored entry', text: 'extensions:\n  github: &g\n    cmd: x\n', edit: { op: 'remove', path: ['extensions', 'github'] }, code: 'yaml-unsupported-layout', at: [2, 3] },
  { what: 'removing an entry that defines an anchor inside', text: 'extensions:\n  github:\n    args: &a [x]\n', edit: { op: 'remove', path: ['extensions', 'github'] }, code: 'yaml-unsupported-layout', at: [2, 3] },
  { what: 'removing a tagged entry', text: 'extensions:\n  github: !!map\n    cmd: x\n', edit: { op: 'remove', path: ['extensions', 'github'] }, code: 'yaml-unsupported-layout', at: [2, 3] },
  { what: 'replacing an alias', text: 'v: &v 1\nextensions:\n  github: *v\n', edit: { op: 'replace', path: ['extensions', 'github'], value: 2 }, code: 'yaml-unsupported-layout', at: [3, 3] },
  { what: 'removing the first key of a `- key:` item', text: 'mcpServers:\n  - name: a\n    command: b\n', edit: { op: 'remove', path: ['mcpServers', 0, 'name'] }, code: 'yaml-unsupported-layout', at: [2, 5] },
  { what: 'emptying a list item’s mapping whose key is below its `-`', text: 'l:\n  - # c\n    X: 1\n', edit: { op: 'remove', path: ['l', 0, 'X'] }, code: 'yaml-unsupported-layout', at: [3, 5] },
  { what: 'removing next to a comment inside flow style', text: 'args: [a, # why\n  b]\n', edit: { op: 'remove', path: ['args', 1] }, code: 'yaml-unsupported-layout', at: [2, 3] },
  { what: 'replacing past a comment after the colon', text: 'args: # pinned\n  - x\n', edit: { op: 'replace', path: ['args'], value: 'y' }, code: 'yaml-unsupported-layout', at: [1, 1] },
  { what: 'replacing an explicit key’s value', text: '? args\n: [x]\n', edit: { op: 'replace', path: ['args'], value: 'y' }, code: 'yaml-unsupported-layout', at: [1, 3] },
  { what: 'replacing an empty value inside flow style', text: 'e: {a, b: 1}\n', edit: { op: 'replace', path: ['e', 'a'], value: 2 }, code: 'yaml-unsupported-layout', at: [1, 5] },
  { what: 'replacing what is not there', text: 'extensions:\n  a: 1\n', edit: { op: 'replace', path: ['extensions', 'b'], value: 2 }, code: 'entry-missing', at: [1, 1] },
];

function run(text: string, edit: Op): unknown {
  const d = doc(text);
  try {
    return edit.op === 'remove' ? d.remove(edit.path) : d[edit.op](edit.path, edit.value);
  } catch (e) {
    return e;
  }
}

function expectRefusal(result: unknown, code: string, [line, column]: [number, number]): void {
  expect(result).toBeInstanceOf(DocumentEditError);
  const e = result as DocumentEditError;
  expect({ code: e.code, position: e.position }).toEqual({ code, position: { line, column } });
  expect(e.message.length).toBeGreaterThan(10);
}

describe('files the YAML document refuses', () => {
  test.each(FILES)('$what: $code at $at', ({ text, edit, code, at: [line, column] }) => {
    const d = yamlCodec.parse(text, { path: '/home/u/.config/goose/config.yaml' });
    const error = d.diagnostics.find((x) => x.severity === 'error');
    expect(error).toMatchObject({ code, line, column, path: '/home/u/.config/goose/config.yaml' });
    expect(error?.hint).toBeTruthy();
    expect(d.get([])).toBeUndefined();
    expectRefusal(run(text, edit), code, [line, column]);
  });
});

describe('edits the YAML document refuses', () => {
  test.each(EDITS)('$what: $code at $at', ({ text, edit, code, at }) => {
    expect(doc(text).diagnostics).toEqual([]);
    expectRefusal(run(text, edit), code, at);
  });
});
