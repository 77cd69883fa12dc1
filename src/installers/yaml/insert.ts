// Adding a member: one insertion of text we printed, nothing else touched.
//  - Block collection: whole lines after its last member, at the column its members use. The last
//    member's content ends on some line (a trailing comment stays on it); comment lines after it that
//    are indented deeper than the members belong to it too, so we go after them. In a file without a
//    final newline the new lines go at the very end as EOL + lines, keeping "no final newline".
//  - Missing containers on the path become part of the member: `extensions:` + our entry, as one block.
//  - Flow collection (`{}`, `[a, b]`): `, item` right after its last item, or `item` inside an empty
//    one. Creating a missing container inside flow style is refused: remove could not tell it from
//    one that was there.
//  - No top-level mapping yet (empty, comment-only or `---` file): the member goes at the end.
// remove.ts takes exactly these lines back out.
import type { DocPath, DocValue, TextEdit } from '../document/types.js';
import { isMap } from 'yaml';
import type { ParsedYaml } from './parse.js';
import { column, lineEnd } from './lines.js';
import { itemEnd, itemStart, type Collection, type Item } from './layout.js';
import { flowPair, flowText, itemLines, pairLines, type BlockLayout } from './print.js';
import { checkContainers, follow, nodeAt, stepOffset, type Step } from './locate.js';
import { describePath, refuse } from './refuse.js';
import { verified, withValue } from './verify.js';

export function insertEdits(p: ParsedYaml, path: DocPath, value: DocValue, style: BlockLayout & { eol: string }): TextEdit[] {
  if (path.length === 0) throw refuse(p.text, 'invalid-path', 'insert needs a path to a member', 0);
  const steps = follow(p.root, path);
  if (steps.length === path.length) {
    const existing = steps[steps.length - 1] as Step;
    throw refuse(p.text, 'entry-exists', `${describePath(path)} already exists`, stepOffset(existing), 'replace it, or remove it first');
  }
  const depth = steps.length;
  checkContainers(p, path, steps, depth + 1);
  const container = nodeAt(p.root, steps) as Collection | null;
  const seg = path[depth] as string | number;
  if (container === null && typeof seg === 'number') {
    throw refuse(p.text, 'invalid-shape', 'the top level of a YAML host file is a mapping, not a list', 0);
  }
  const offset = container?.range[0] ?? p.text.length;
  if (typeof seg === 'number' && seg !== container?.items.length) {
    throw refuse(p.text, 'invalid-path', `${describePath(path)}: a list item is added at index ${container?.items.length} (the end), not ${seg}`, offset);
  }
  const rest = path.slice(depth + 1);
  if (rest.length > 0 && container?.flow) {
    throw refuse(p.text, 'yaml-unsupported-layout', `${describePath(path.slice(0, depth))} is in flow style ({...} / [...]); patchbay adds no nested containers inside it`, offset, 'rewrite it in block style');
  }
  const member = nest(p.text, path, rest, value);
  const edit = container?.flow
    ? flowInsertion(p, container, seg, member)
    : blockInsertion(p, container, seg, member, style);
  return verified(p, [edit], withValue(p.value, path, value), offset);
}

/** The value the new member holds: `value` wrapped in a new container for each missing level. */
function nest(text: string, path: DocPath, rest: DocPath, value: DocValue): DocValue {
  return rest.reduceRight<DocValue>((inner, seg) => {
    if (typeof seg === 'string') return { [seg]: inner };
    if (seg !== 0) throw refuse(text, 'invalid-path', `${describePath(path)}: a new list starts at index 0, not ${seg}`, 0);
    return [inner];
  }, value);
}

function flowInsertion(p: ParsedYaml, container: Collection, seg: string | number, member: DocValue): TextEdit {
  const item = typeof seg === 'string' ? flowPair(seg, member) : flowText(member);
  const last = container.items[container.items.length - 1] as Item | undefined;
  if (last === undefined) return { offset: container.range[0] + 1, length: 0, content: item };
  return { offset: itemEnd(last), length: 0, content: ', ' + item };
}

function blockInsertion(
  p: ParsedYaml,
  container: Collection | null,
  seg: string | number,
  member: DocValue,
  style: BlockLayout & { eol: string },
): TextEdit {
  let col = 0;
  let at = { offset: p.text.length, lineBreak: p.text === '' || /[\r\n]$/.test(p.text) };
  if (container !== null) {
    const items = container.items as Item[];
    const first = itemStart(p.text, items[0] as Item, false);
    if (first === undefined) {
      throw refuse(p.text, 'yaml-unsupported-layout', 'cannot tell the indentation of this list (its first item has an anchor or tag, or starts on the line after its `-`)', container.range[0]);
    }
    col = column(p.text, first);
    at = insertionPoint(p, itemEnd(items[items.length - 1] as Item), col);
  }
  const lines = isMap(container) || container === null ? pairLines(seg as string, member, col, style) : itemLines(member, col, style);
  const block = lines.join(style.eol);
  return { offset: at.offset, length: 0, content: at.lineBreak ? block + style.eol : style.eol + block };
}

/**
 * Where lines after a member whose content ends at `end` go: the start of the next line, past any
 * comment lines indented deeper than `col` (they belong to that member). `lineBreak` is false when
 * that line is the last of a file without a final newline.
 */
function insertionPoint(p: ParsedYaml, end: number, col: number): { offset: number; lineBreak: boolean } {
  let line = lineEnd(p.text, end - 1);
  let cursor = line.next;
  while (line.next > line.end && cursor < p.text.length) {
    const next = lineEnd(p.text, cursor);
    const indent = /^[ \t]*/.exec(p.text.slice(cursor, next.end))?.[0].length ?? 0;
    const first = cursor + indent;
    if (first < next.end && !(indent > col && p.comments.some(([s]) => s === first))) break;
    if (first < next.end) line = next; // a deeper comment: the member goes after it
    if (next.next === next.end) break;
    cursor = next.next;
  }
  return { offset: line.next, lineBreak: line.next > line.end };
}
