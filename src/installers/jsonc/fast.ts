// The fast path of parseDocument, for the common case: a document that parses cleanly with an object
// at the top. A ~/.claude.json of 56 MB (10k `projects`) took seconds in jsonc-parser's parseTree,
// which builds a node per value (millions of objects, most of the time spent in the garbage
// collector), plus two more passes (trivia, duplicate keys) — and patchbay only ever looks at a few
// top-level members (mcpServers, mcp, ...).
//
// So this one pass over the characters
//  - validates the document (a strict subset of what jsonc-parser accepts without error, see below),
//  - records comments, trailing commas and duplicate keys exactly as parse.ts did with the scanner and
//    the tree walk (same offsets, same document order, same JSON pointers),
//  - builds the root object, its property and key nodes, and scalar values: what parseTree builds for
//    them, field for field;
//  - leaves each top-level object or array as a node whose `children` are built on first access, one
//    level at a time (level.ts). findNodeAtLocation, getNodeValue and the editor see ordinary nodes;
//    the 50 MB under `projects` is never built.
// When the text is anything else — a syntax error, a value or whitespace jsonc-parser treats specially,
// a top level that is not an object — it returns undefined and parse.ts runs jsonc-parser as before,
// so every diagnostic of a malformed file is unchanged. Equivalence with parseTree is a property test
// (test/installers/jsonc-fast-paths.test.ts).
//
// Accepted subset: JSON (RFC 8259: whitespace is space, tab, LF, CR; numbers -?(0|[1-9]\d*)(\.\d+)?
// ([eE][+-]?\d+)?; strings without raw control characters, escapes "\/bfnrt and \uXXXX) plus // and
// /* */ comments and trailing commas; a literal or number must end at a delimiter. Nesting depth is
// already capped by checkDepth (parse.ts calls it first).
import type { Node } from 'jsonc-parser';
import { lazyContainer, type Building } from './level.js';
import { continuesWord, FAIL, isDigit, scanNumber, scanString, skipTrivia, stringValue } from './lex.js';
import type { JsonPath } from '../document/pointer.js';

export interface FastParse {
  root: Node;
  comments: Array<[number, number]>;
  trailingCommas: number[];
  duplicates: Array<{ name: string; offset: number; path: JsonPath }>;
}

interface Frame {
  array: boolean;
  /** Keys seen so far (objects): an array while small, a Set beyond. */
  keys: string[] | Set<string> | null;
  /** Path segment into the current member: its key, or its index. */
  key: string;
  index: number;
}

export function fastParse(body: string): FastParse | undefined {
  const n = body.length;
  const comments: Array<[number, number]> = [];
  const trailingCommas: number[] = [];
  const duplicates: FastParse['duplicates'] = [];
  const str = { escaped: false };
  let i = 0;

  /** Skips whitespace and comments (recording each comment); FAIL on text that is not JSONC. */
  const trivia = (): number => {
    const end = skipTrivia(body, i, comments);
    if (end !== FAIL) i = end;
    return end;
  };

  if (trivia() === FAIL || body.charCodeAt(i) !== 123) return undefined;
  const root: Building = { type: 'object', offset: i, length: -1, children: [] }; // no parent, as parseTree
  const frames: Frame[] = [{ array: false, keys: null, key: '', index: 0 }];
  i++;
  // The open top-level property and its container value (depth 1), to complete their lengths.
  let property: Building | undefined;
  let topValue: Building | undefined;
  let expectValue = false; // after a key and its colon (objects), or an array's opener/comma

  /** Starts a member: for objects, reads `"key" :`; records duplicates. Returns false on failure. */
  const member = (frame: Frame): boolean => {
    if (body.charCodeAt(i) !== 34) return false;
    const start = i;
    const end = scanString(body, i, str);
    if (end === FAIL) return false;
    const name = stringValue(body, start, end, str.escaped);
    // Duplicate keys, as findDuplicateKeys reports them: the later key, its path, document order.
    if (frame.keys === null) frame.keys = [name];
    else if (Array.isArray(frame.keys)) {
      if (frame.keys.includes(name)) duplicates.push({ name, offset: start, path: pathTo(name) });
      else if (frame.keys.length < 8) frame.keys.push(name);
      else frame.keys = new Set([...frame.keys, name]);
    } else if (frame.keys.has(name)) duplicates.push({ name, offset: start, path: pathTo(name) });
    else frame.keys.add(name);
    frame.key = name;
    i = end;
    if (frames.length === 1) {
      const prop: Building = { type: 'property', offset: start, length: -1, parent: root, children: [] };
      prop.children!.push({ type: 'string', value: name, offset: start, length: end - start, parent: prop });
      root.children!.push(prop);
      property = prop;
    }
    if (trivia() === FAIL || body.charCodeAt(i) !== 58) return false;
    if (frames.length === 1 && property) property.colonOffset = i;
    i++;
    return true;
  };

  const pathTo = (name: string): JsonPath => [...frames.map((f) => (f.array ? f.index : f.key)).slice(0, -1), name];

  for (;;) {
    if (trivia() === FAIL) return undefined;
    const frame = frames[frames.length - 1] as Frame;
    if (!expectValue) {
      // Inside a container, before a member: a closer, or (objects) a key.
      const c = body.charCodeAt(i);
      if (c === (frame.array ? 93 : 125)) {
        i++;
        frames.pop();
        if (frames.length === 0) {
          root.length = i - root.offset;
          break;
        }
        if (frames.length === 1 && topValue && property) {
          topValue.length = i - topValue.offset;
          property.length = i - property.offset;
          topValue = undefined;
        }
        expectValue = false;
        if (!afterValue()) return undefined;
        continue;
      }
      if (frame.array) {
        expectValue = true;
        continue;
      }
      if (!member(frame)) return undefined;
      expectValue = true;
      continue;
    }
    // A value.
    expectValue = false;
    const c = body.charCodeAt(i);
    const start = i;
    if (c === 123 || c === 91) {
      if (frames.length === 1 && property) {
        topValue = lazyContainer(body, c === 123 ? 'object' : 'array', start, property);
        property.children!.push(topValue);
      }
      frames.push({ array: c === 91, keys: null, key: '', index: 0 });
      i++;
      continue;
    }
    let value: string | number | boolean | null;
    let type: 'string' | 'number' | 'boolean' | 'null';
    if (c === 34) {
      const end = scanString(body, i, str);
      if (end === FAIL) return undefined;
      i = end;
      type = 'string';
      value = frames.length === 1 ? stringValue(body, start, end, str.escaped) : '';
    } else if (c === 45 || isDigit(c)) {
      const end = scanNumber(body, i);
      if (end === FAIL) return undefined;
      i = end;
      type = 'number';
      value = frames.length === 1 ? Number(body.slice(start, end)) : 0;
    } else if (body.startsWith('true', i) || body.startsWith('null', i) || body.startsWith('false', i)) {
      const word = body.startsWith('false', i) ? 'false' : body.slice(i, i + 4);
      if (continuesWord(body.charCodeAt(i + word.length))) return undefined;
      i += word.length;
      type = word === 'null' ? 'null' : 'boolean';
      value = word === 'null' ? null : word === 'true';
    } else {
      return undefined;
    }
    if (frames.length === 1 && property) {
      property.children!.push({ type, value, offset: start, length: i - start, parent: property });
      property.length = i - property.offset;
    }
    if (!afterValue()) return undefined;
  }
  // Nothing but trivia may follow the top-level object.
  if (trivia() === FAIL || i !== n) return undefined;
  return { root, comments, trailingCommas, duplicates };

  /** After a member's value: `,` (maybe trailing) or the container's closer, which the loop consumes. */
  function afterValue(): boolean {
    if (trivia() === FAIL) return false;
    const frame = frames[frames.length - 1] as Frame;
    const c = body.charCodeAt(i);
    if (c === 44) {
      const comma = i;
      i++;
      if (trivia() === FAIL) return false;
      const next = body.charCodeAt(i);
      if (next === (frame.array ? 93 : 125)) {
        trailingCommas.push(comma);
        return true; // the loop closes the container
      }
      if (frame.array) {
        frame.index++;
        expectValue = true;
      }
      return true;
    }
    return c === (frame.array ? 93 : 125);
  }
}
