// Byte-minimal edits of JSON/JSONC text. Why not jsonc-parser's modify() with formatting options:
// its formatter re-formats every whole line the edit touches, so inserting into a one-line object
// rewrites the user's other entries, and removing a last member also deletes any comment between
// it and its predecessor. Here every edit is one (or, for a comment after the last member, two)
// insertions of text we printed, and removal is the exact inverse of what insertion produced, so
// install followed by uninstall gives back the original bytes. Nothing is recorded between the two;
// the inverse is recognized from the text:
//  - insertion after a last member L: `,` + EOL + indent + member, right after L (a comma that was
//    already there, a JSONC trailing comma, ends up after our member). If L is followed on its line by
//    a comment and no comma, the comma goes after L and the member after the comment, so the comment
//    stays with L.
//  - insertion into an EMPTY container: `{"name": value}` (compact, right after the brace).
//  - containers we create are printed by print.ts: multi-line, or compact `{ "x": ... }` with a space.
//  - removal climbs from our member through parents that would become empty and hold no comment and
//    whose sole member does not start right after `{` (the mark of a container that existed empty):
//    those were created by the install, so the topmost of them is removed instead.
// Trailing commas are never added. Only a container that held nothing but our member and no comment is
// ever pruned; one that pre-existed EMPTY is recognized by the compact insertion and kept.
import { createScanner, findNodeAtLocation, type Node } from 'jsonc-parser';
import { Token as SyntaxKind } from './tokens.js';
import { parseDocument, parsedBody, hasCommentIn, type ParsedDocument } from './parse.js';
import { lineIndent, lineStartOf, startsLine, type TextFormat } from '../text/text.js';
import { nest, printCompact, printValue, type JsonValue } from './print.js';

interface Splice {
  start: number;
  end: number;
  text: string;
}

function applySplices(body: string, splices: Splice[]): string {
  const sorted = [...splices].sort((a, b) => b.start - a.start);
  let out = body;
  for (const s of sorted) out = out.slice(0, s.start) + s.text + out.slice(s.end);
  return out;
}

function analyze(body: string): ParsedDocument & { root: Node } {
  // The caller usually edits the body loadFile just parsed: reuse that tree instead of parsing again.
  const doc = parsedBody(body) ?? parseDocument(body, { strict: false });
  if (!doc.root || doc.root.type !== 'object' || doc.diagnostics.some((d) => d.severity === 'error')) {
    throw new Error('internal: edit on a document that does not parse as an object');
  }
  return doc as ParsedDocument & { root: Node };
}

/** The object node at `path`, or undefined. */
export function objectAt(root: Node, path: readonly string[]): Node | undefined {
  const node = path.length === 0 ? root : findNodeAtLocation(root, [...path]);
  return node?.type === 'object' ? node : undefined;
}

/** A complete new file holding `value` (an object), in `format`'s style. */
export function freshDocument(value: JsonValue, format: Pick<TextFormat, 'eol' | 'indentUnit'>): string {
  return printValue(value, { base: '', unit: format.indentUnit, eol: format.eol }) + format.eol;
}

/**
 * Insert `value` at `path` (last segment is the new key) into a BOM-less body whose root is an object.
 * Missing intermediate objects are created; an existing non-object on the path or an existing key is
 * the caller's bug (callers validate shapes first) and throws.
 */
export function insertAt(body: string, path: readonly string[], value: JsonValue, format: TextFormat): string {
  const doc = analyze(body);
  let container = doc.root;
  let depth = 0;
  while (depth < path.length - 1) {
    const child = findNodeAtLocation(container, [path[depth] as string]);
    if (child === undefined) break;
    if (child.type !== 'object') throw new Error(`internal: ${path.slice(0, depth + 1).join('.')} is not an object`);
    container = child;
    depth++;
  }
  const key = path[depth] as string;
  if (findNodeAtLocation(container, [key]) !== undefined) throw new Error(`internal: ${path.join('.')} already exists`);
  const inserted = nest(path.slice(depth + 1), value);
  const members = container.children ?? [];
  const last = members[members.length - 1];

  if (!last) {
    return applySplices(body, [{ start: container.offset + 1, end: container.offset + 1, text: JSON.stringify(key) + ': ' + printCompact(inserted) }]);
  }
  const lastEnd = last.offset + last.length;
  if (!startsLine(body, last.offset)) {
    return applySplices(body, [{ start: lastEnd, end: lastEnd, text: ', ' + JSON.stringify(key) + ': ' + printCompact(inserted) }]);
  }
  const indent = lineIndent(body, last.offset);
  const member = format.eol + indent + JSON.stringify(key) + ': ' + printValue(inserted, { base: indent, unit: format.indentUnit, eol: format.eol });
  const lineEnd = sameLineCommentEnd(body, lastEnd, doc);
  if (lineEnd !== undefined) {
    return applySplices(body, [
      { start: lastEnd, end: lastEnd, text: ',' },
      { start: lineEnd, end: lineEnd, text: member },
    ]);
  }
  return applySplices(body, [{ start: lastEnd, end: lastEnd, text: ',' + member }]);
}

/**
 * When `offset` (the end of a last member) is followed on its line by comments only, then a line break,
 * returns the offset of that line break; otherwise undefined (a comma follows, or code, or nothing).
 */
function sameLineCommentEnd(body: string, offset: number, doc: ParsedDocument): number | undefined {
  let i = offset;
  let sawComment = false;
  for (;;) {
    while (body[i] === ' ' || body[i] === '\t') i++;
    const comment = doc.comments.find(([s]) => s === i);
    if (comment) {
      const text = body.slice(comment[0], comment[1]);
      if (/[\r\n]/.test(text.replace(/[\r\n]+$/, ''))) return undefined; // a block comment spanning lines
      sawComment = true;
      i = comment[1];
      // A line comment's token excludes the line break.
      continue;
    }
    if (sawComment && (body[i] === '\n' || body[i] === '\r')) return i;
    return undefined;
  }
}

/** Offset of the first comma token at or after `from`, skipping trivia; -1 when the next token is not a comma. */
function nextCommaAfter(body: string, from: number): number {
  const scanner = createScanner(body, false);
  scanner.setPosition(from);
  for (let kind = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
    if (kind === SyntaxKind.Trivia || kind === SyntaxKind.LineBreakTrivia || kind === SyntaxKind.LineCommentTrivia || kind === SyntaxKind.BlockCommentTrivia) continue;
    return kind === SyntaxKind.CommaToken ? scanner.getTokenOffset() : -1;
  }
  return -1;
}

/** Start of the line break that ends the line before the one `offset` is on. */
function previousLineBreakStart(body: string, offset: number): number {
  const lineStart = lineStartOf(body, offset);
  if (lineStart === 0) return 0;
  return body[lineStart - 1] === '\n' && body[lineStart - 2] === '\r' ? lineStart - 2 : lineStart - 1;
}

export interface RemoveResult {
  body: string;
  /** Key paths of the containers that were removed because they held only our entry. */
  pruned: string[][];
}

/**
 * Remove the member at `path` and prune containers the install created (see the header). Returns the
 * body unchanged when the member does not exist.
 */
export function removeAt(body: string, path: readonly string[]): RemoveResult {
  const doc = analyze(body);
  let keyPath = [...path];
  let prop = findNodeAtLocation(doc.root, keyPath)?.parent;
  if (!prop || prop.type !== 'property') return { body, pruned: [] };
  const pruned: string[][] = [];
  for (;;) {
    const container = prop.parent as Node;
    if (container === doc.root || (container.children?.length ?? 0) !== 1) break;
    if (hasCommentIn(doc, container.offset, container.offset + container.length)) break;
    if (prop.offset === container.offset + 1) break; // filled a pre-existing empty container
    keyPath = keyPath.slice(0, -1);
    pruned.push(keyPath);
    prop = container.parent as Node;
  }
  return { body: applySplices(body, memberRemoval(body, doc, prop)), pruned };
}

function memberRemoval(body: string, doc: ParsedDocument, prop: Node): Splice[] {
  const container = prop.parent as Node;
  const members = container.children ?? [];
  const index = members.indexOf(prop);
  const start = prop.offset;
  const end = prop.offset + prop.length;
  const commaAfter = nextCommaAfter(body, end);
  const isLast = index === members.length - 1;

  if (members.length === 1) {
    if (start === container.offset + 1) {
      // The compact insertion into an empty container: take exactly that back (and a comma after it).
      return [{ start, end: commaAfter >= 0 ? commaAfter + 1 : end, text: '' }];
    }
    const innerStart = container.offset + 1;
    const innerEnd = container.offset + container.length - 1;
    if (!hasCommentIn(doc, innerStart, innerEnd)) return [{ start: innerStart, end: innerEnd, text: '' }];
    return lineRemoval(body, prop, commaAfter, -1);
  }

  if (index > 0) {
    const prev = members[index - 1] as Node;
    const prevEnd = prev.offset + prev.length;
    if (!hasCommentIn(doc, prevEnd, start)) return [{ start: prevEnd, end, text: '' }];
    const separator = nextCommaAfter(body, prevEnd);
    if (isLast && commaAfter < 0) return lineRemoval(body, prop, -1, separator);
    return lineRemoval(body, prop, commaAfter, -1);
  }
  const next = members[1] as Node;
  if (!hasCommentIn(doc, end, next.offset)) return [{ start, end: next.offset, text: '' }];
  return lineRemoval(body, prop, commaAfter, -1);
}

/**
 * Fallback removal when comments sit next to the member: remove the member's own lines and the one
 * comma that belonged to it (after it, or the separator before it when it is last), never a comment.
 */
function lineRemoval(body: string, prop: Node, commaAfter: number, separatorBefore: number): Splice[] {
  const end = prop.offset + prop.length;
  const ownsLine = startsLine(body, prop.offset);
  const splices: Splice[] = [];
  if (commaAfter >= 0) {
    let stop = commaAfter + 1;
    const rest = /^[ \t]*(\r\n|\n|\r)/.exec(body.slice(stop));
    if (ownsLine && rest) stop += rest[0].length;
    splices.push({ start: ownsLine ? lineStartOf(body, prop.offset) : prop.offset, end: stop, text: '' });
    return splices;
  }
  splices.push({ start: ownsLine ? previousLineBreakStart(body, prop.offset) : prop.offset, end, text: '' });
  if (separatorBefore >= 0) splices.push({ start: separatorBefore, end: separatorBefore + 1, text: '' });
  return splices;
}

/** Replace the value at `path` with `text` (already printed). */
export function replaceAt(body: string, path: readonly (string | number)[], text: string): string {
  const doc = analyze(body);
  const node = findNodeAtLocation(doc.root, [...path]);
  if (!node) throw new Error(`internal: nothing at ${path.join('.')}`);
  return applySplices(body, [{ start: node.offset, end: node.offset + node.length, text }]);
}
