// Replacing a value in place (re-pinning `args`, say): one edit over the old value's own text, so the
// key, the comments around it and the rest of the file stay as they are.
//  - A block mapping replaced by a mapping, or a block list by a list: printed at the old value's own
//    column, so a list flush with its key stays flush. A flow collection (`[-y, pkg]`) replaced by a
//    collection stays in flow style.
//  - Any other change (scalar to scalar, list to scalar, ...) in a mapping: everything after the key's
//    `:` up to the old value's end, as a fresh value; refused when a comment sits between the `:` and
//    the old value (it would have to go).
//  - A list item: printed where the old item starts, after its `- `.
//  - Inside a flow collection: the old value's text, by one flow-style value.
// Comments inside the old value go with it; a block scalar's (`|`, `>`) last line break stays.
import { isMap, isPair, isSeq, type ParsedNode } from 'yaml';
import type { DocPath, DocValue, TextEdit } from '../document/types.js';
import type { ParsedYaml } from './parse.js';
import { column } from './lines.js';
import { colonAfter, contentEnd, isBlockCollection } from './layout.js';
import { afterKey, flowText, isBlock, valueAt, type BlockLayout } from './print.js';
import { checkContainers, checkEntry, follow, stepOffset, type Step } from './locate.js';
import { describePath, refuse } from './refuse.js';
import { verified, withValue } from './verify.js';

export function replaceEdits(p: ParsedYaml, path: DocPath, value: DocValue, style: BlockLayout & { eol: string }): TextEdit[] {
  if (path.length === 0) throw refuse(p.text, 'invalid-path', 'replace needs a path to a member', 0);
  const steps = follow(p.root, path);
  if (steps.length < path.length) {
    checkContainers(p, path, steps, steps.length + 1);
    const at = steps.length === 0 ? (p.root?.range[0] ?? 0) : stepOffset(steps[steps.length - 1] as Step);
    throw refuse(p.text, 'entry-missing', `${describePath(path)} does not exist, so there is nothing to replace`, at, 'insert it instead');
  }
  checkContainers(p, path, steps, path.length);
  const step = steps[steps.length - 1] as Step;
  checkEntry(p, path, step);
  const edit = step.container.flow
    ? flowReplacement(p, step, value, path)
    : isPair(step.item)
      ? pairReplacement(p, step, value, style, path)
      : itemReplacement(p, step.node as ParsedNode, value, style);
  return verified(p, [edit], withValue(p.value, path, value), stepOffset(step));
}

function flowReplacement(p: ParsedYaml, step: Step, value: DocValue, path: DocPath): TextEdit {
  const node = step.node;
  if (node === null || node.range[0] === node.range[1]) {
    throw refuse(p.text, 'yaml-unsupported-layout', `${describePath(path)} has no value text to replace inside the flow collection`, stepOffset(step));
  }
  return { offset: node.range[0], length: node.range[1] - node.range[0], content: flowText(value) };
}

function pairReplacement(p: ParsedYaml, step: Step, value: DocValue, style: BlockLayout & { eol: string }, path: DocPath): TextEdit {
  const node = step.node;
  if (node !== null && isFlowCollection(node) && isCollection(value)) return inPlace(p.text, node, flowText(value));
  if (node !== null && isBlockCollection(node) && isBlock(value) && Array.isArray(value) === isSeq(node)) {
    return inPlace(p.text, node, valueAt(value, column(p.text, node.range[0]), style).join(style.eol));
  }
  const pair = step.item as Exclude<Step['item'], ParsedNode>;
  const colon = colonAfter(p.text, pair);
  if (colon === undefined || node === null) {
    // An explicit key (`? key`): its value, if any, is on another line after a lone `:`.
    throw refuse(p.text, 'yaml-unsupported-layout', `${describePath(path)} is written as an explicit key (\`? key\`); patchbay edits only \`key: value\``, stepOffset(step));
  }
  if (p.comments.some(([s]) => s > colon && s < node.range[0])) {
    throw refuse(p.text, 'yaml-unsupported-layout', `a comment sits between ${describePath(path)} and its value; patchbay will not delete it`, stepOffset(step), 'move the comment above the key');
  }
  const content = afterKey(value, column(p.text, pair.key.range[0]), style).join(style.eol);
  return { offset: colon + 1, length: valueEnd(p.text, node) - colon - 1, content };
}

function itemReplacement(p: ParsedYaml, node: ParsedNode, value: DocValue, style: BlockLayout & { eol: string }): TextEdit {
  if (isFlowCollection(node) && isCollection(value)) return inPlace(p.text, node, flowText(value));
  // An empty item `-` ends right after its dash: the new value needs the space of `- `.
  const bare = p.text[node.range[0] - 1] === '-';
  const col = column(p.text, node.range[0]) + (bare ? 1 : 0);
  return inPlace(p.text, node, (bare ? ' ' : '') + valueAt(value, col, style).join(style.eol));
}

function isFlowCollection(node: ParsedNode): boolean {
  return (isMap(node) || isSeq(node)) && node.flow === true;
}

function isCollection(value: DocValue): boolean {
  return value !== null && typeof value === 'object';
}

function inPlace(text: string, node: ParsedNode, content: string): TextEdit {
  return { offset: node.range[0], length: valueEnd(text, node) - node.range[0], content };
}

/** Where the old value ends, short of the line break that ends a block scalar (the next line's). */
function valueEnd(text: string, node: ParsedNode): number {
  let end = contentEnd(node);
  while (end > node.range[0] && (text[end - 1] === '\n' || text[end - 1] === '\r')) end--;
  return end;
}
