// Removing a member: the exact inverse of insert.ts, recognized from the text (nothing is recorded
// between install and uninstall).
//  - Block collection: the member's whole lines (lines.ts lineSpan), so an appended member, with or
//    without a final newline, comes back out byte for byte.
//  - Containers insert created: climbing from the member, a block container that would be left
//    empty goes too, with its key, while its lines hold no comment. The top level is never removed.
//    A container that holds a comment is the user's: it stays and, so that it is still a container
//    and not null, becomes `{}` / `[]` after its key's `:`.
//  - Flow collection: the item and the `, ` before it (or after it when it is first), as inserted.
// A member that is absent gives no edits.
import { isMap, isPair } from 'yaml';
import type { DocPath, TextEdit } from '../document/types.js';
import type { ParsedYaml } from './parse.js';
import { lineEnd, lineSpan } from './lines.js';
import { colonAfter, contentEnd, itemEnd, itemStart, ownsLines, type Collection, type Item } from './layout.js';
import { checkContainers, checkEntry, follow, stepOffset, type Step } from './locate.js';
import { describePath, refuse } from './refuse.js';
import { verified, without } from './verify.js';

export function removeEdits(p: ParsedYaml, path: DocPath): TextEdit[] {
  const steps = follow(p.root, path);
  if (path.length === 0 || steps.length < path.length) return [];
  checkContainers(p, path, steps, path.length);
  checkEntry(p, path, steps[steps.length - 1] as Step);

  // How far up containers would be left empty and read as created with the member; then, since
  // only a member that starts its own line can go as lines, the highest such member from there down
  // (`- env:` shares its line with the `-`, so the whole item goes, or only what is inside `env`).
  let top = steps.length - 1;
  while (top > 0 && soleMember(p, steps[top - 1] as Step, (steps[top] as Step).container)) top--;
  let level = top;
  while (level < steps.length - 1 && !ownsLines(p.text, itemStart(p.text, (steps[level] as Step).item, false))) level++;
  const step = steps[level] as Step;
  const edits = step.container.flow ? flowRemoval(p, step, path) : blockRemoval(p, step, level > 0 ? (steps[level - 1] as Step) : undefined, path);
  return verified(p, edits, without(p.value, path.slice(0, level + 1)), stepOffset(step));
}

/**
 * True when `container` (the value of `holder`) holds only the member being removed and reads as
 * created together with it: block style in a block parent, and no comment from the holder's key (or
 * `-`) to the end of the container's last line.
 */
function soleMember(p: ParsedYaml, holder: Step, container: Collection): boolean {
  if (container.flow || container.items.length !== 1 || holder.container.flow) return false;
  const start = itemStart(p.text, holder.item, false);
  if (start === undefined) return false;
  const end = lineEnd(p.text, contentEnd(container) - 1).end;
  return !p.comments.some(([s]) => s >= start && s < end);
}

function blockRemoval(p: ParsedYaml, step: Step, holder: Step | undefined, path: DocPath): TextEdit[] {
  const start = itemStart(p.text, step.item, false);
  if (!ownsLines(p.text, start)) {
    throw refuse(p.text, 'yaml-unsupported-layout', `${describePath(path)} does not start its own line, so patchbay cannot cut it out as lines`, stepOffset(step));
  }
  const [from, to] = lineSpan(p.text, start, itemEnd(step.item));
  const cut: TextEdit = { offset: from, length: to - from, content: '' };
  if (step.container.items.length > 1 || holder === undefined) return [cut];
  // The container stays (it holds a comment, or is not ours): keep it a container, not null. A
  // mapping that is a list item and whose only key starts its own line (`-` alone on the line above)
  // has no `:` to put `{}` after.
  const indicator = isPair(holder.item) ? colonAfter(p.text, holder.item) : undefined;
  if (indicator === undefined) {
    throw refuse(p.text, 'yaml-unsupported-layout', `cannot find the \`:\` that introduces ${describePath(path.slice(0, -1))}, to leave it empty but present`, stepOffset(holder));
  }
  const empty = isMap(step.container) ? ' {}' : ' []';
  // When the cut starts right after the indicator (no final newline), one edit says it unambiguously.
  if (indicator + 1 === from) return [{ ...cut, content: empty }];
  return [{ offset: indicator + 1, length: 0, content: empty }, cut];
}

function flowRemoval(p: ParsedYaml, step: Step, path: DocPath): TextEdit[] {
  const items = step.container.items as Item[];
  const i = step.index;
  // In flow style an item starts at its key or value: itemStart always finds it.
  const from = i > 0 ? itemEnd(items[i - 1] as Item) : (itemStart(p.text, step.item, true) as number);
  const to = i === 0 && items.length > 1 ? (itemStart(p.text, items[1] as Item, true) as number) : itemEnd(step.item);
  if (p.comments.some(([s]) => s >= from && s < to)) {
    throw refuse(p.text, 'yaml-unsupported-layout', `a comment sits next to ${describePath(path)} inside the flow collection; patchbay will not delete it`, stepOffset(step));
  }
  return [{ offset: from, length: to - from, content: '' }];
}
