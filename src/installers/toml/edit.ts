// The three edits on a parsed TOML document, as TextEdits. Entries are whole header tables: insert
// appends a block of lines, remove cuts the same block, replace rewrites a block or a value span in
// place. Any other spelling of the path (dotted keys, inline tables, inline arrays) is refused rather
// than rewritten, because rewriting it would touch bytes the user owns.
import { DocumentEditError, type DocPath, type DocValue, type TextEdit } from '../document/types.js';
import { lineColumn } from '../text/text.js';
import { definitionStart, pathKey, startsWith, type Definition, type Layout } from './layout.js';
import { contentEnd, cutSpan, isBlank, lineEnd, lineStart, tableTextEnd } from './lines.js';
import { isTable, printInline, printPath, printTableBlock } from './print.js';

export interface EditContext {
  /** The BOM-less text. */
  text: string;
  layout: Layout;
  eol: string;
}

const REWRITE_HINT = 'rewrite it as [table] headers (one [section] per entry), or edit this entry by hand';

function fail(ctx: EditContext, code: string, message: string, def?: Definition, hint?: string): never {
  throw new DocumentEditError(code, message, def ? lineColumn(ctx.text, definitionStart(def)) : undefined, hint);
}

const show = (path: DocPath) => printPath(path.map(String));

/** Only the last segment may be an index: a header cannot name an earlier [[array]] element. */
function checkPath(ctx: EditContext, path: DocPath): void {
  if (path.length === 0) fail(ctx, 'invalid-path', 'an empty path names the whole file, not an entry');
  if (path.slice(0, -1).some((s) => typeof s === 'number')) {
    fail(ctx, 'toml-unsupported-layout', `${JSON.stringify(path)} goes through an array element; only the last segment may be an index`);
  }
}

/** Refuse a path spelled with dotted keys or as an inline table: neither is a block of lines. */
function spellingProblem(ctx: EditContext, path: DocPath, def: Definition): void {
  if (def.how === 'dotted') {
    fail(ctx, 'toml-unsupported-layout', `${show(path)} is defined with dotted keys (${show(path)}.key = ...), which patchbay does not rewrite`, def, REWRITE_HINT);
  }
  if (def.how === 'value' && def.node.type === 'TOMLInlineTable') {
    fail(ctx, 'toml-unsupported-layout', `${show(path)} is defined as an inline table ({ ... }), which patchbay does not rewrite`, def, REWRITE_HINT);
  }
}

/**
 * Check that the container of `path` can take a new header table: every existing prefix must be a
 * table spelled with headers ([a] or implied by [a.b]); for a list, the container must be [[a]] blocks.
 */
function checkContainer(ctx: EditContext, path: DocPath): void {
  const list = typeof path[path.length - 1] === 'number';
  const containerLength = path.length - 1;
  for (let i = 1; i <= containerLength; i++) {
    const prefix = path.slice(0, i);
    const def = ctx.layout.defs.get(pathKey(prefix));
    if (def === undefined) return; // missing from here on: the new header creates it
    spellingProblem(ctx, prefix, def);
    const isContainer = i === containerLength;
    if (def.how === 'value') {
      if (list && isContainer && def.node.type === 'TOMLArray') {
        fail(ctx, 'toml-unsupported-layout', `${show(prefix)} is an inline array (${show(prefix)} = [...]), which patchbay does not rewrite`, def, `rewrite it as [[${show(prefix)}]] blocks, or edit it by hand`);
      }
      fail(ctx, 'invalid-shape', `${show(prefix)} is ${describeValue(def.node)}, not a table`, def, `patchbay needs ${show(prefix)} to be a table; fix or remove it`);
    }
    if (def.how === 'array-of-tables' && !(list && isContainer)) {
      fail(ctx, 'invalid-shape', `${show(prefix)} is a list ([[${show(prefix)}]]), not a table of named entries`, def, 'this host expects named [table] entries; fix or remove the [[...]] blocks');
    }
    if (def.how !== 'array-of-tables' && list && isContainer) {
      fail(ctx, 'invalid-shape', `${show(prefix)} is a table, not a list of [[${show(prefix)}]] blocks`, def, 'this host expects a list of [[...]] blocks; fix or remove the table');
    }
  }
}

function describeValue(node: { type: string; kind?: string }): string {
  if (node.type === 'TOMLArray') return 'an array';
  if (node.type === 'TOMLInlineTable') return 'an inline table';
  return node.kind === 'integer' ? 'an integer' : `a ${node.kind ?? 'value'}`;
}

/** The lines of the header tables that spell `path` (its own and its sub-tables'). */
function tableGroup(ctx: EditContext, path: DocPath, def: Definition): { start: number; end: number } {
  const { tables } = ctx.layout;
  const firstIndex = tables.findIndex((t) => startsWith(t.resolvedKey, path));
  const count = tables.filter((t) => startsWith(t.resolvedKey, path)).length;
  const span = tables.slice(firstIndex, firstIndex + count);
  const first = span[0];
  const last = span[span.length - 1];
  // They must be consecutive: with another table between them, cutting "the entry" would cut it too.
  if (first === undefined || last === undefined || !span.every((t) => startsWith(t.resolvedKey, path))) {
    fail(ctx, 'toml-unsupported-layout', `the tables of ${show(path)} are not together (another table sits between them), so they cannot be cut as one block`, def, 'move its [sub.tables] right below it');
  }
  return { start: lineStart(ctx.text, first.range[0]), end: lineEnd(ctx.text, last.range[1]) };
}

function existing(ctx: EditContext, path: DocPath): Definition {
  checkPath(ctx, path);
  const def = ctx.layout.defs.get(pathKey(path));
  if (def === undefined) fail(ctx, 'entry-missing', `${show(path)} is not in this file`);
  return def;
}

function asTable(value: DocValue, path: DocPath): { [key: string]: DocValue } {
  if (!isTable(value)) throw new DocumentEditError('toml-unsupported-value', `${show(path)} is written as a [table], so its value must be an object`);
  return value;
}

const headerPath = (path: DocPath) => path.filter((s): s is string => typeof s === 'string');

export function planInsert(ctx: EditContext, path: DocPath, value: DocValue): TextEdit[] {
  checkPath(ctx, path);
  const table = asTable(value, path);
  checkContainer(ctx, path);
  const container = path.slice(0, -1);
  const last = path[path.length - 1];
  if (typeof last === 'number') {
    const length = ctx.layout.tables.filter((t) => t.kind === 'array' && t.resolvedKey.length === path.length && startsWith(t.resolvedKey, container)).length;
    if (last !== length) fail(ctx, 'invalid-path', `a new [[${show(container)}]] block can only be appended: index ${last}, but the list has ${length}`);
  } else {
    const def = ctx.layout.defs.get(pathKey(path));
    if (def !== undefined) {
      spellingProblem(ctx, path, def);
      fail(ctx, 'entry-exists', `${show(path)} is already in this file`, def, 'replace or remove it instead');
    }
  }
  const block = printTableBlock(headerPath(path), table, typeof last === 'number', ctx.eol);
  const { text, eol } = ctx;
  if (isBlank(text)) return [{ offset: 0, length: 0, content: block + eol }];
  // After the last table under the container keeps a host's entries together; else at the end.
  const anchor = ctx.layout.tables.findLast((t) => startsWith(t.resolvedKey, container));
  const offset = anchor ? tableTextEnd(text, lineEnd(text, anchor.range[1])) : contentEnd(text);
  return [{ offset, length: 0, content: eol + eol + block }];
}

export function planRemove(ctx: EditContext, path: DocPath): TextEdit[] {
  const def = existing(ctx, path);
  spellingProblem(ctx, path, def);
  if (def.how === 'value' || def.how === 'array-of-tables') {
    fail(ctx, 'toml-unsupported-layout', `${show(path)} is not a [table] entry; patchbay removes whole tables only`, def);
  }
  const { start, end } = tableGroup(ctx, path, def);
  const [from, to] = cutSpan(ctx.text, start, end);
  return [{ offset: from, length: to - from, content: '' }];
}

export function planReplace(ctx: EditContext, path: DocPath, value: DocValue): TextEdit[] {
  const def = existing(ctx, path);
  if (def.how === 'value') {
    // A value span, inline tables included: rewriting `{ ... }` in place stays within its bytes.
    const [from, to] = def.node.range;
    return [{ offset: from, length: to - from, content: printInline(value) }];
  }
  spellingProblem(ctx, path, def);
  if (def.how === 'array-of-tables') {
    fail(ctx, 'toml-unsupported-layout', `${show(path)} is a whole list of [[${show(path)}]] blocks; replace its elements one by one`, def);
  }
  const table = asTable(value, path);
  const { start, end } = tableGroup(ctx, path, def);
  const block = printTableBlock(headerPath(path), table, def.how === 'array-element', ctx.eol);
  return [{ offset: start, length: end - start, content: block }];
}
