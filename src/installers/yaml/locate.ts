// Following a DocPath through the parsed nodes, and the checks every edit makes on the way. Each
// collection the path goes through must be a mapping (for a name) or a sequence (for an index), else
// invalid-shape. None may be an alias or carry an anchor or tag: an edit there would also change every
// place that shares the node, or a value of a type we do not know (yaml-unsupported-layout).
import { isAlias, isMap, isPair, isScalar, isSeq, type ParsedNode } from 'yaml';
import type { DocPath } from '../document/types.js';
import type { ParsedYaml } from './parse.js';
import type { Collection, Item } from './layout.js';
import { describePath, refuse } from './refuse.js';

export interface Step {
  container: Collection;
  index: number;
  item: Item;
  /** The member's value: the pair's value in a mapping, the item itself in a sequence. */
  node: ParsedNode | null;
}

/** One step per segment of `path` that exists, stopping at the first that does not. */
export function follow(root: ParsedNode | null, path: DocPath): Step[] {
  const steps: Step[] = [];
  let node = root;
  for (const seg of path) {
    let index = -1;
    if (typeof seg === 'string' && isMap(node)) {
      // Keys compare as strings, the way toJS (and so get()) names them.
      index = node.items.findIndex((p) => isScalar(p.key) && String(p.key.value) === seg);
    } else if (typeof seg === 'number' && isSeq(node) && Number.isInteger(seg) && seg >= 0 && seg < node.items.length) {
      index = seg;
    }
    if (index < 0) break;
    const container = node as Collection;
    const item = container.items[index] as Item;
    const value = isPair(item) ? item.value : item;
    steps.push({ container, index, item, node: value });
    node = value;
  }
  return steps;
}

/** The node `steps` lead to (the root for none). */
export function nodeAt(root: ParsedNode | null, steps: readonly Step[]): ParsedNode | null {
  return steps.length === 0 ? root : (steps[steps.length - 1] as Step).node;
}

/** Where a member is, for messages: its key, else its value. */
export function stepOffset(step: Step): number {
  return isPair(step.item) ? step.item.key.range[0] : step.item.range[0];
}

/**
 * Checks the containers of path[0..count): for each, the node that holds it must be a plain
 * collection of the right kind. The top level may be absent (nothing to check: insert creates it).
 */
export function checkContainers(p: ParsedYaml, path: DocPath, steps: readonly Step[], count: number): void {
  for (let i = 0; i < count; i++) {
    const node = i === 0 ? p.root : (steps[i - 1] as Step).node;
    if (i === 0 && node === null) continue;
    const offset = i === 0 ? (p.root?.range[0] ?? 0) : stepOffset(steps[i - 1] as Step);
    const where = describePath(path.slice(0, i));
    if (isAlias(node)) {
      throw refuse(p.text, 'yaml-unsupported-layout', `${where} is an alias (*${node.source}): editing it would edit what it points to`, offset, 'write the entries out in place of the alias');
    }
    const wanted = typeof path[i] === 'number' ? 'sequence' : 'mapping';
    if (!(wanted === 'sequence' ? isSeq(node) : isMap(node))) {
      throw refuse(p.text, 'invalid-shape', `${where} is ${node === null || isNull(node) ? 'empty (null)' : 'not a ' + wanted}, so patchbay cannot edit it`, offset, wanted === 'sequence' ? 'make it a list (`[]` for an empty one)' : 'make it a mapping (`{}` for an empty one)');
    }
    const props = propsOf(node);
    if (props) {
      throw refuse(p.text, 'yaml-unsupported-layout', `${where} carries ${props}: patchbay will not guess how an edit there reads elsewhere`, offset, 'remove the anchor or tag, or make the change by hand');
    }
  }
}

/**
 * Checks the member that remove/replace would cut out: not an alias, no anchor or tag on it, and no
 * anchor inside it that an alias elsewhere might point to. (Aliases inside it are harmless to cut.)
 */
export function checkEntry(p: ParsedYaml, path: DocPath, step: Step): void {
  const offset = stepOffset(step);
  const where = describePath(path);
  if (isAlias(step.node)) {
    throw refuse(p.text, 'yaml-unsupported-layout', `${where} is an alias (*${step.node.source}); patchbay will not edit through it`, offset);
  }
  const own = propsOf(step.node) ?? (isPair(step.item) ? propsOf(step.item.key) : undefined);
  if (own) throw refuse(p.text, 'yaml-unsupported-layout', `${where} carries ${own}; patchbay will not guess what depends on it`, offset);
  if (hasAnchorInside(step.node)) {
    throw refuse(p.text, 'yaml-unsupported-layout', `${where} defines an anchor (&name) that other entries may use`, offset);
  }
}

function isNull(node: ParsedNode): boolean {
  return isScalar(node) && node.value === null;
}

function propsOf(node: ParsedNode | null): string | undefined {
  if (node === null || isAlias(node)) return undefined;
  if (node.anchor) return `an anchor (&${node.anchor})`;
  if (node.tag) return `a tag (${node.tag})`;
  return undefined;
}

function hasAnchorInside(node: ParsedNode | null): boolean {
  if (node === null || isAlias(node)) return false;
  if (node.anchor) return true;
  if (!isMap(node) && !isSeq(node)) return false;
  return (node.items as Item[]).some((item) => (isPair(item) ? hasAnchorInside(item.key) || hasAnchorInside(item.value) : hasAnchorInside(item)));
}
