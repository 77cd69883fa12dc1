// The plain value of a parsed TOML document. toml-eslint-parser has getStaticTOMLValue, but it turns
// dates into Date objects, which are not DocValues and lose how the date was written (a local date
// 1979-05-27 would come back as a UTC instant), and it assigns keys with plain `obj[key]`, so a
// `[x.__proto__.y]` table writes into Object.prototype of the whole process (1.0.3, checked). Here a
// date stays the exact text of the file and every key becomes an own property.
import type { TomlContent, TomlKeyValue, TomlProgram } from './ast.js';
import type { DocPath, DocValue } from '../document/types.js';
import { keyName } from './layout.js';

type Table = { [key: string]: DocValue };

export function documentValue(program: TomlProgram): Table {
  const root: Table = {};
  for (const item of program.items) {
    if (item.type === 'TOMLKeyValue') {
      assign(root, item);
    } else {
      const key = item.resolvedKey;
      // resolvedKey already numbers [[x]] blocks (['x', 2] is the third), so creating containers as
      // the next segment asks (array for a number, table for a name) rebuilds arrays of tables too.
      const target = descend(root, key);
      for (const kv of item.body) assign(target, kv);
    }
  }
  return root;
}

/** The table at `path` under `root`, creating the missing tables and arrays on the way. */
function descend(root: Table, path: DocPath): Table {
  let cur: Table | DocValue[] = root;
  path.forEach((segment, i) => {
    const container = cur as Record<string | number, DocValue>;
    if (!Object.hasOwn(container, segment)) setOwn(container, segment, typeof path[i + 1] === 'number' ? [] : {});
    cur = container[segment] as Table | DocValue[];
  });
  return cur as Table;
}

/** `container[key] = value` as an own property, even for a key named "__proto__" (valid in TOML). */
function setOwn(container: Record<string | number, DocValue>, key: string | number, value: DocValue): void {
  Object.defineProperty(container, key, { value, writable: true, enumerable: true, configurable: true });
}

function assign(target: Table, kv: TomlKeyValue): void {
  const names = kv.key.keys.map(keyName);
  const last = names.pop() as string;
  setOwn(descend(target, names), last, contentValue(kv.value));
}

function contentValue(node: TomlContent): DocValue {
  switch (node.type) {
    case 'TOMLArray':
      return node.elements.map(contentValue);
    case 'TOMLInlineTable': {
      const table: Table = {};
      for (const kv of node.body) assign(table, kv);
      return table;
    }
    case 'TOMLValue':
      switch (node.kind) {
        case 'string':
        case 'boolean':
        case 'integer':
        case 'float':
          // Integers beyond 2^53 lose precision here: DocValue has no bigint, and no host entry has one.
          return node.value;
        default:
          return node.value; // a date or time: its text as written
      }
  }
}

/** The value at `path` inside `value`, or undefined. */
export function valueAt(value: DocValue, path: DocPath): DocValue | undefined {
  let cur: DocValue | undefined = value;
  for (const segment of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = Array.isArray(cur) ? (typeof segment === 'number' ? cur[segment] : undefined) : typeof segment === 'string' && Object.hasOwn(cur, segment) ? cur[segment] : undefined;
  }
  return cur;
}
