// The plain value of a node, as jsonc-parser's getNodeValue gives it, read with JSON.parse when the
// document allows. Detection reads the whole container of servers (`mcp`, `mcpServers`) several times
// per plan; on a 10 MB file getNodeValue needs the full node tree (millions of objects, mostly garbage
// collection) and took longer than parsing the file, while JSON.parse of the same text is native.
//
// When it is the same value: the document passed fast.ts, so its text is RFC 8259 JSON plus comments
// and trailing commas, whose offsets parse.ts kept. Each comment and trailing comma becomes a space
// (whitespace to JSON), and what is left is strict JSON with the same strings, numbers and members in
// the same order. Later duplicate keys win in both. getNodeValue builds objects without a prototype
// (Object.create(null)); JSON.parse's objects are given a null prototype too, so even `"__proto__"`
// and `"constructor"` keys read the same. A document outside that subset uses getNodeValue.
import { getNodeValue, type Node } from 'jsonc-parser';
import type { ParsedDocument } from './parse.js';

/** Below this many characters getNodeValue is cheap enough and the tree is already built. */
const JSON_PARSE_MIN = 4096;

/** Index of the first [start, …] (or offset) at or after `offset` in a sorted list. */
function firstAtOrAfter<T>(list: readonly T[], offset: number, at: (item: T) => number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (at(list[mid] as T) < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The text of [start, end) with every comment and trailing comma in it replaced by one space. */
export function strictJsonText(body: string, start: number, end: number, comments: ReadonlyArray<readonly [number, number]>, trailingCommas: readonly number[]): string {
  // Both lists are in document order and never overlap: merge them while copying the text between.
  let c = firstAtOrAfter(comments, start, (x) => x[0]);
  let t = firstAtOrAfter(trailingCommas, start, (x) => x);
  const parts: string[] = [];
  let at = start;
  for (;;) {
    const comment = comments[c];
    const comma = trailingCommas[t];
    const nextComment = comment !== undefined && comment[0] < end ? comment[0] : Infinity;
    const nextComma = comma !== undefined && comma < end ? comma : Infinity;
    if (nextComment === Infinity && nextComma === Infinity) break;
    if (nextComment < nextComma) {
      parts.push(body.slice(at, nextComment), ' ');
      at = (comment as readonly [number, number])[1];
      c++;
    } else {
      parts.push(body.slice(at, nextComma), ' ');
      at = nextComma + 1;
      t++;
    }
  }
  if (parts.length === 0) return body.slice(start, end);
  parts.push(body.slice(at, end));
  return parts.join('');
}

/** Gives every object in a JSON.parse result a null prototype, as getNodeValue's objects have. */
function nullPrototypes(value: unknown): void {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) nullPrototypes(item);
    return;
  }
  Object.setPrototypeOf(value, null);
  for (const key in value) nullPrototypes((value as Record<string, unknown>)[key]);
}

/** getNodeValue(node), through JSON.parse for a large container of a document in fast.ts's subset. */
export function nodeValue(doc: Pick<ParsedDocument, 'split' | 'comments' | 'trailingCommas'>, node: Node, minLength = JSON_PARSE_MIN): unknown {
  if (doc.trailingCommas === undefined || (node.type !== 'object' && node.type !== 'array') || node.length < minLength) return getNodeValue(node);
  const value: unknown = JSON.parse(strictJsonText(doc.split.body, node.offset, node.offset + node.length, doc.comments, doc.trailingCommas));
  nullPrototypes(value);
  return value;
}
