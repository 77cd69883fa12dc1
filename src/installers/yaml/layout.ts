// Geometry of parsed nodes (where a member starts and where its content ends) and the layout a file
// already uses (indentation step, sequences indented under their key or not, line breaks), so that
// what we add looks like what is there.
import { isMap, isPair, isSeq, type Pair, type ParsedNode, type YAMLMap, type YAMLSeq } from 'yaml';
import type { DocumentStyle } from '../document/types.js';
import type { BlockLayout } from './print.js';
import { indentStep, textStyle } from './text-style.js';
import { column, startsLine } from './lines.js';

export type Collection = YAMLMap.Parsed | YAMLSeq.Parsed;
/** A member of a collection: a pair of a mapping, or an item of a sequence. */
export type Item = Pair<ParsedNode, ParsedNode | null> | ParsedNode;

export function isBlockCollection(node: unknown): node is Collection {
  return (isMap(node) || isSeq(node)) && !node.flow;
}

/**
 * Where a node's own content ends (exclusive). Source ranges of block collections run on over the
 * comments and blank lines after them, so a block collection ends where its last member's content
 * does. A block scalar's range ends after its last line break, which keeps that break inside it.
 */
export function contentEnd(node: ParsedNode): number {
  // A block collection always has a member (`key: !!map` alone composes to a tagged null scalar).
  return isBlockCollection(node) ? itemEnd(node.items[node.items.length - 1] as Item) : node.range[1];
}

export function itemEnd(item: Item): number {
  if (!isPair(item)) return contentEnd(item);
  return item.value ? contentEnd(item.value) : contentEnd(item.key);
}

/**
 * Where a member starts: its key, or the `-` of a sequence item; undefined when that cannot be told
 * from the text (an item with an anchor or tag before its value, or a value on the line after `-`).
 */
export function itemStart(text: string, item: Item, inFlow: boolean): number | undefined {
  if (isPair(item)) return item.key.range[0];
  if (inFlow) return item.range[0];
  let i = item.range[0];
  while (i > 0 && text[i - 1] === ' ') i--;
  return text[i - 1] === '-' ? i - 1 : undefined;
}

/** The offset of the `:` after a pair's key (on the key's line for an implicit key). */
export function colonAfter(text: string, pair: Pair<ParsedNode, ParsedNode | null>): number | undefined {
  let i = pair.key.range[1];
  while (text[i] === ' ' || text[i] === '\t') i++;
  return text[i] === ':' ? i : undefined;
}

/** True when the member starts its own line, so its lines can be cut whole. */
export function ownsLines(text: string, start: number | undefined): start is number {
  return start !== undefined && startsLine(text, start);
}

export function detectStyle(text: string, bom: boolean, root: ParsedNode | null): DocumentStyle & BlockLayout {
  const { unit, seqIndent } = detectLayout(text, root);
  return { ...textStyle(text, bom, unit), unit, seqIndent };
}

/**
 * The indentation step (the most common distance from a key to its nested mapping's keys; ties go to
 * the smaller; 2 when nothing is nested) and whether sequences under a key are indented (majority;
 * indented when there is none, as most hand-written YAML does; Goose writes them flush).
 */
function detectLayout(text: string, root: ParsedNode | null): BlockLayout {
  const steps = new Map<number, number>();
  let indented = 0;
  let flush = 0;
  const visit = (node: ParsedNode | null): void => {
    if (!isBlockCollection(node)) return;
    for (const item of node.items as Item[]) {
      if (!isPair(item)) {
        visit(item);
        continue;
      }
      const value = item.value;
      if (isBlockCollection(value)) {
        const keyCol = column(text, item.key.range[0]);
        const start = itemStart(text, value.items[0] as Item, false);
        if (start !== undefined && isMap(value)) {
          const step = column(text, start) - keyCol;
          if (step > 0) steps.set(step, (steps.get(step) ?? 0) + 1);
        } else if (start !== undefined) {
          if (column(text, start) > keyCol) indented++;
          else flush++;
        }
      }
      visit(value);
    }
  };
  visit(root);
  return { unit: indentStep(steps), seqIndent: indented >= flush };
}

