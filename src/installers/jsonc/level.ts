// Containers whose children are built on first access, one level at a time. fast.ts validates the
// whole document in one pass but builds only the root's members; a container below is a node whose
// `children` getter reads just its own level here: member keys, scalar values, and more lazy
// containers whose extent is found by skipping over their text. Editing `mcp.patchbay` in a 10 MB
// `mcp` object so builds ~3 nodes per server instead of jsonc-parser's full tree of every value
// (which took as long as the bare parse, mostly in the garbage collector).
//
// The nodes are parseTree's, field for field (type, offset, length, parent, children, value,
// colonOffset): test/installers/jsonc-fast-paths.test.ts compares every level with parseTree. The
// text was validated by fast.ts before any container is created, so each step here may assume what
// it reads is well-formed; should that ever not hold, the level is built by parseTree as before.
import { parseTree, type Node } from 'jsonc-parser';
import { continuesWord, FAIL, isDigit, scanNumber, scanString, skipTrivia, stringValue } from './lex.js';

/** jsonc-parser's Node is readonly for its users; here we are the parser building it. */
export type Building = { -readonly [K in keyof Node]: Node[K] } & { colonOffset?: number };

/** A node whose children are built from its own text the first time something asks for them. */
export function lazyContainer(body: string, type: 'object' | 'array', offset: number, parent: Node, length = -1): Building {
  const node: Building = { type, offset, length, parent };
  Object.defineProperty(node, 'children', {
    configurable: true,
    enumerable: true,
    get(): Node[] {
      const children = buildLevel(body, node) ?? parsedLevel(body, node);
      Object.defineProperty(node, 'children', { value: children, writable: true, configurable: true, enumerable: true });
      return children;
    },
  });
  return node;
}

/** Runs of text that never open, close or hide a bracket. */
const PLAIN = /[^"/{}[\]]*/y;
const STRING_BODY = /[^"\\]*/y;

/** Offset just after the container that opens at `i`, or FAIL. Strings and comments are skipped whole. */
export function skipContainer(body: string, i: number): number {
  let depth = 0;
  const n = body.length;
  while (i < n) {
    PLAIN.lastIndex = i;
    PLAIN.test(body);
    i = PLAIN.lastIndex;
    if (i >= n) break;
    const c = body.charCodeAt(i);
    if (c === 34) {
      i++;
      for (;;) {
        STRING_BODY.lastIndex = i;
        STRING_BODY.test(body);
        i = STRING_BODY.lastIndex;
        if (i >= n) return FAIL;
        if (body.charCodeAt(i) === 34) break;
        i += 2; // a backslash and what it escapes
      }
      i++;
      continue;
    }
    if (c === 47) {
      i = skipTrivia(body, i);
      if (i === FAIL) return FAIL; // a lone slash: not text fast.ts accepted
      continue;
    }
    if (c === 123 || c === 91) depth++;
    else if (--depth === 0) return i + 1;
    i++;
  }
  return FAIL;
}

/** One value starting at `i`: its node and the offset after it, or undefined. */
function readValue(body: string, i: number, parent: Node, str: { escaped: boolean }): { node: Building; end: number } | undefined {
  const c = body.charCodeAt(i);
  if (c === 123 || c === 91) {
    const end = skipContainer(body, i);
    if (end === FAIL) return undefined;
    return { node: lazyContainer(body, c === 123 ? 'object' : 'array', i, parent, end - i), end };
  }
  if (c === 34) {
    const end = scanString(body, i, str);
    if (end === FAIL) return undefined;
    return { node: { type: 'string', value: stringValue(body, i, end, str.escaped), offset: i, length: end - i, parent }, end };
  }
  if (c === 45 || isDigit(c)) {
    const end = scanNumber(body, i);
    if (end === FAIL) return undefined;
    return { node: { type: 'number', value: Number(body.slice(i, end)), offset: i, length: end - i, parent }, end };
  }
  for (const [word, type, value] of [['true', 'boolean', true], ['false', 'boolean', false], ['null', 'null', null]] as const) {
    if (body.startsWith(word, i) && !continuesWord(body.charCodeAt(i + word.length))) {
      return { node: { type, value, offset: i, length: word.length, parent }, end: i + word.length };
    }
  }
  return undefined;
}

/** The children of `node` (a container of known extent), or undefined if the text surprises us. */
export function buildLevel(body: string, node: Building): Node[] | undefined {
  const closer = node.offset + node.length - 1;
  const str = { escaped: false };
  const children: Node[] = [];
  let i = node.offset + 1;
  for (;;) {
    i = skipTrivia(body, i);
    if (i === FAIL || i >= closer) return i === closer ? children : undefined;
    if (node.type === 'object') {
      if (body.charCodeAt(i) !== 34) return undefined;
      const keyEnd = scanString(body, i, str);
      if (keyEnd === FAIL) return undefined;
      const prop: Building = { type: 'property', offset: i, length: -1, parent: node, children: [] };
      prop.children!.push({ type: 'string', value: stringValue(body, i, keyEnd, str.escaped), offset: i, length: keyEnd - i, parent: prop });
      i = skipTrivia(body, keyEnd);
      if (body.charCodeAt(i) !== 58) return undefined;
      prop.colonOffset = i;
      const valueAt = skipTrivia(body, i + 1);
      const value = valueAt === FAIL ? undefined : readValue(body, valueAt, prop, str);
      if (!value) return undefined;
      prop.children!.push(value.node);
      prop.length = value.end - prop.offset;
      children.push(prop);
      i = value.end;
    } else {
      const value = readValue(body, i, node, str);
      if (!value) return undefined;
      children.push(value.node);
      i = value.end;
    }
    i = skipTrivia(body, i);
    if (body.charCodeAt(i) === 44) i++;
    else if (i !== closer) return undefined;
  }
}

/** The level as parseTree builds it from the container's own slice, offsets shifted to the document. */
function parsedLevel(body: string, node: Building): Node[] {
  const sub = parseTree(body.slice(node.offset, node.offset + node.length), [], { allowTrailingComma: true, disallowComments: false });
  const children = sub?.children ?? [];
  const stack: Node[] = [...children];
  while (stack.length > 0) {
    const n = stack.pop() as Building;
    n.offset += node.offset;
    if (n.colonOffset !== undefined) n.colonOffset += node.offset;
    if (n.children) stack.push(...n.children);
  }
  for (const c of children) (c as Building).parent = node;
  return children;
}
