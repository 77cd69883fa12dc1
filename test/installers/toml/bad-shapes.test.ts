// Files patchbay must refuse, and how: the stable code and the 1-based line:column of the culprit.
// Parse problems come back as error Diagnostics; layout problems as a DocumentEditError from the edit.
import { describe, expect, test } from 'vitest';
import type { DocPath } from '../../../src/installers/document/types.js';
import { editError, parse } from './util.js';

const ENTRY = { command: 'npx', args: ['-y', 'x@1.2.3'] };

describe('parse refuses', () => {
  test.each([
    // A missing value is reported where it should start: here the line break.
    ['a key without a value', 'model = "o3"\nb = \n', 'parse-error', 2, 5],
    ['an unterminated string', '[t]\nx = "abc\n', 'parse-error', 2, 9],
    // The header's closing bracket is missing where its line ends.
    ['an unterminated header', '[mcp_servers.a\ncommand = "x"\n', 'parse-error', 1, 15],
    ['two statements on a line', '[t]\nx = 1 y = 2\n', 'parse-error', 2, 7],
    ['a newline inside an inline table (TOML 1.1 only)', 'h = { a = 1,\n b = 2 }\n', 'parse-error', 1, 13],
    // TOML has no lone-CR line break: refused at the CR (editors show it as a line end).
    ['a lone CR as a line break', '[t]\r\nx = 1\ry = 2\n', 'parse-error', 2, 6],
    ['columns in UTF-16 units after an emoji', 's = "😀😀" x\n', 'parse-error', 1, 12],
    ['a duplicate table', '[mcp_servers.a]\ncommand = "x"\n\n[mcp_servers.a]\ncommand = "y"\n', 'duplicate-key', 4, 14],
    ['a duplicate key', '[mcp_servers.a]\ncommand = "x"\ncommand = "y"\n', 'duplicate-key', 3, 1],
    ['a table that redefines a dotted key', 'mcp_servers.github.command = "x"\n[mcp_servers.github]\nargs = []\n', 'duplicate-key', 2, 14],
    ['a dotted key into an inline table', 'a = { b = 1 }\na.c = 2\n', 'duplicate-key', 2, 1],
  ])('%s', (_, text, code, line, column) => {
    const doc = parse(text);
    expect(doc.diagnostics).toEqual([expect.objectContaining({ code, severity: 'error', line, column, path: '/p/config.toml' })]);
    expect(doc.get([])).toBeUndefined();
    // An edit on a file that did not parse is refused with the same code and place.
    expect(editError(() => doc.insert(['mcp_servers', 'x'], ENTRY))).toEqual({ code, position: { line, column } });
  });
});

type Op = ['insert', DocPath] | ['remove', DocPath] | ['replace', DocPath, unknown];

describe('edits refuse', () => {
  test.each<[string, string, Op, string, { line: number; column: number } | undefined]>([
    ['a server written as an inline table', '[mcp_servers]\ngithub = { command = "x" }\n', ['insert', ['mcp_servers', 'github']], 'toml-unsupported-layout', { line: 2, column: 1 }],
    ['mcp_servers itself an inline table', 'model = "o3"\nmcp_servers = { github = { command = "x" } }\n', ['insert', ['mcp_servers', 'other']], 'toml-unsupported-layout', { line: 2, column: 1 }],
    ['a server defined by dotted keys under the root', 'mcp_servers.github.command = "x"\n', ['insert', ['mcp_servers', 'github']], 'toml-unsupported-layout', { line: 1, column: 1 }],
    ['mcp_servers defined by dotted keys, another name', 'mcp_servers.github.command = "x"\n\n[t]\n', ['insert', ['mcp_servers', 'other']], 'toml-unsupported-layout', { line: 1, column: 1 }],
    ['a server defined by dotted keys in [mcp_servers]', '[mcp_servers]\ngithub.command = "x"\n', ['insert', ['mcp_servers', 'github']], 'toml-unsupported-layout', { line: 2, column: 1 }],
    ['mcp_servers a string', 'mcp_servers = "none"\n', ['insert', ['mcp_servers', 'github']], 'invalid-shape', { line: 1, column: 1 }],
    ['a container that is an integer inside a table', '[x]\ny = 1\n', ['insert', ['x', 'y', 'z']], 'invalid-shape', { line: 2, column: 1 }],
    ['mcp_servers an inline array (map wanted)', 'mcp_servers = []\n', ['insert', ['mcp_servers', 'github']], 'invalid-shape', { line: 1, column: 1 }],
    ['mcp_servers an inline array (list wanted)', 'mcp_servers = [{ name = "a" }]\n', ['insert', ['mcp_servers', 1]], 'toml-unsupported-layout', { line: 1, column: 1 }],
    ['mcp_servers a list (map wanted)', 'a = 1\n[[mcp_servers]]\nname = "a"\n', ['insert', ['mcp_servers', 'github']], 'invalid-shape', { line: 2, column: 1 }],
    ['mcp_servers a table (list wanted)', '[mcp_servers.a]\ncommand = "x"\n', ['insert', ['mcp_servers', 0]], 'invalid-shape', { line: 1, column: 1 }],
    ['the name already there', '[mcp_servers.github]\ncommand = "x"\n', ['insert', ['mcp_servers', 'github']], 'entry-exists', { line: 1, column: 1 }],
    ['a server whose sub-tables are apart', '[mcp_servers.a]\ncommand = "x"\n[other]\n[mcp_servers.a.env]\nK = "v"\n', ['remove', ['mcp_servers', 'a']], 'toml-unsupported-layout', { line: 1, column: 1 }],
    ['a server with sub-tables on both sides of another table', '[mcp_servers.a]\n[other]\n[mcp_servers.a.env]\n[mcp_servers.a.x]\n', ['remove', ['mcp_servers', 'a']], 'toml-unsupported-layout', { line: 1, column: 1 }],
    ['removing an inline-table server', '[mcp_servers]\ngithub = { command = "x" }\n', ['remove', ['mcp_servers', 'github']], 'toml-unsupported-layout', { line: 2, column: 1 }],
    ['removing a dotted-key server', 'mcp_servers.github.command = "x"\n', ['remove', ['mcp_servers', 'github']], 'toml-unsupported-layout', { line: 1, column: 13 }],
    ['removing a key, not a table', '[mcp_servers.a]\ncommand = "x"\n', ['remove', ['mcp_servers', 'a', 'command']], 'toml-unsupported-layout', { line: 2, column: 1 }],
    ['removing a whole [[list]]', '[[mcp_servers]]\nname = "a"\n', ['remove', ['mcp_servers']], 'toml-unsupported-layout', { line: 1, column: 1 }],
    ['removing what is not there', '[mcp_servers.a]\n', ['remove', ['mcp_servers', 'b']], 'entry-missing', undefined],
    ['replacing a dotted-key server', '[mcp_servers]\ngithub.command = "x"\n', ['replace', ['mcp_servers', 'github'], ENTRY], 'toml-unsupported-layout', { line: 2, column: 1 }],
    ['replacing a whole [[list]]', '[[mcp_servers]]\nname = "a"\n', ['replace', ['mcp_servers'], []], 'toml-unsupported-layout', { line: 1, column: 1 }],
  ])('%s', (_, text, op, code, position) => {
    const doc = parse(text);
    expect(doc.diagnostics).toEqual([]);
    const run = () => (op[0] === 'insert' ? doc.insert(op[1], ENTRY) : op[0] === 'remove' ? doc.remove(op[1]) : doc.replace(op[1], op[2] as never));
    expect(editError(run)).toEqual(position ? { code, position } : { code });
  });
});
