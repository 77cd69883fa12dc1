// Printing the values patchbay adds (and only those: nothing else is ever re-serialized). Block style
// in block collections: one `key: value` per line, nested mappings one indentation step deeper,
// sequences as `- ` items, indented under their key or not as the file does it. Empty collections
// print as `{}` / `[]` (the way Goose itself writes `envs: {}`). Flow style `{k: v, ...}` only for
// additions inside a collection that is already in flow style.
import type { DocValue } from '../document/types.js';
import { printScalar, type ScalarContext } from './scalar.js';

export interface BlockLayout {
  /** Columns a nested mapping is indented by. */
  unit: number;
  /** `key:` then `  - item` (true) or `- item` at the key's own column (false). */
  seqIndent: boolean;
}

type Collection = DocValue[] | { [key: string]: DocValue };

/** True for a collection with members: it prints on several lines in block style. */
export function isBlock(value: DocValue): value is Collection {
  if (Array.isArray(value)) return value.length > 0;
  return value !== null && typeof value === 'object' && Object.keys(value).length > 0;
}

/** The one-line form of a value that is not `isBlock`: a scalar, `{}` or `[]`. */
function inline(value: DocValue, context: ScalarContext): string {
  if (Array.isArray(value)) return '[]';
  if (value !== null && typeof value === 'object') return '{}';
  return printScalar(value, context);
}

/** `key: value` with the key at `col`, as lines without line breaks. */
export function pairLines(key: string, value: DocValue, col: number, layout: BlockLayout): string[] {
  const [first, ...rest] = afterKey(value, col, layout);
  return [' '.repeat(col) + printScalar(key, 'block-key') + ':' + first, ...rest];
}

/** What follows `key:` (the key at `keyCol`): ` value` on the key's line, or nothing there and a block below. */
export function afterKey(value: DocValue, keyCol: number, layout: BlockLayout): string[] {
  if (!isBlock(value)) return [' ' + inline(value, 'block-value')];
  const childCol = Array.isArray(value) ? keyCol + (layout.seqIndent ? layout.unit : 0) : keyCol + layout.unit;
  return ['', ...blockLines(value, childCol, layout)];
}

/** One sequence item `- value` with its dash at `col`. */
export function itemLines(value: DocValue, col: number, layout: BlockLayout): string[] {
  const [first, ...rest] = valueAt(value, col + 2, layout);
  return [' '.repeat(col) + '- ' + first, ...rest];
}

/**
 * A value that starts at `col` on a line already begun (after `- `, or where an old value started):
 * the first line carries no indentation. A collection starts right there, in "compact" form
 * (`- name: x` then `  command: y`).
 */
export function valueAt(value: DocValue, col: number, layout: BlockLayout): string[] {
  if (!isBlock(value)) return [inline(value, 'block-value')];
  const [first = '', ...rest] = blockLines(value, col, layout);
  return [first.slice(col), ...rest];
}

/** The lines of a collection with members, its members starting at `col`. */
function blockLines(value: Collection, col: number, layout: BlockLayout): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => itemLines(item, col, layout));
  return Object.entries(value).flatMap(([k, v]) => pairLines(k, v, col, layout));
}

/** Flow style on one line: `{k: v, l: [a, b]}`. */
export function flowText(value: DocValue): string {
  if (Array.isArray(value)) return '[' + value.map(flowText).join(', ') + ']';
  if (value !== null && typeof value === 'object') {
    return '{' + Object.entries(value).map(([k, v]) => flowPair(k, v)).join(', ') + '}';
  }
  return printScalar(value, 'flow-value');
}

export function flowPair(key: string, value: DocValue): string {
  return printScalar(key, 'flow-key') + ': ' + flowText(value);
}
