// How each path of a TOML document is defined. TOML can spell the same data several ways ([a.b]
// headers, `a.b = 1` dotted keys, `a = { b = 1 }` inline tables, [[a]] arrays of tables), and only
// header tables can be appended or cut as whole blocks of lines; the edits ask this index which
// spelling they face and refuse the others.
import type { DocPath } from '../document/types.js';
import type { TomlContent, TomlKey, TomlKeyValue, TomlProgram, TomlTable } from './ast.js';

type KeyNode = TomlKey;

export type Definition =
  /** `[a.b]`: an explicit table header. */
  | { how: 'table'; table: TomlTable }
  /** One `[[a]]` block: path [...a, index]. */
  | { how: 'array-element'; table: TomlTable }
  /** `a` itself, when it is written as `[[a]]` blocks. */
  | { how: 'array-of-tables'; first: TomlTable }
  /** `a`, only implied by a deeper header such as `[a.b]`. */
  | { how: 'implicit'; first: TomlTable }
  /** `a`, implied by a dotted key such as `a.b = 1`. */
  | { how: 'dotted'; key: KeyNode }
  /** The value of `a = ...` (scalar, array or inline table), or an element/member inside such a value. */
  | { how: 'value'; node: TomlContent; key: KeyNode | undefined };

export interface Layout {
  /** Every defined path, by pathKey(). */
  defs: Map<string, Definition>;
  /** Every header table ([x] and [[x]]), in document order. */
  tables: TomlTable[];
}

export const pathKey = (path: DocPath): string => JSON.stringify(path);

export function keyName(key: KeyNode): string {
  return key.name;
}

/** True when `path` starts with (or equals) `prefix`. */
export function startsWith(path: DocPath, prefix: DocPath): boolean {
  return prefix.length <= path.length && prefix.every((segment, i) => path[i] === segment);
}

export function buildLayout(program: TomlProgram): Layout {
  const defs = new Map<string, Definition>();
  const tables: TomlTable[] = [];
  // The first definition of a path is the one that tells how it is spelled, except that an explicit
  // header beats an earlier implicit one ([a.b] then [a] is valid TOML and [a] is then a real table).
  const define = (path: DocPath, def: Definition) => {
    const k = pathKey(path);
    const old = defs.get(k);
    if (old === undefined || (old.how === 'implicit' && def.how === 'table')) defs.set(k, def);
  };

  const defineValue = (path: DocPath, node: TomlContent, key: KeyNode | undefined) => {
    define(path, { how: 'value', node, key });
    if (node.type === 'TOMLInlineTable') for (const kv of node.body) defineKeyValue(path, kv);
    if (node.type === 'TOMLArray') node.elements.forEach((element, i) => defineValue([...path, i], element, undefined));
  };
  const defineKeyValue = (base: DocPath, kv: TomlKeyValue) => {
    const keys = kv.key.keys;
    let path = base;
    keys.forEach((key, i) => {
      path = [...path, keyName(key)];
      if (i < keys.length - 1) define(path, { how: 'dotted', key });
    });
    defineValue(path, kv.value, keys[keys.length - 1]);
  };

  for (const item of program.items) {
    if (item.type === 'TOMLKeyValue') {
      defineKeyValue([], item);
      continue;
    }
    tables.push(item);
    const key = item.resolvedKey;
    if (item.kind === 'array') {
      define(key.slice(0, -1), { how: 'array-of-tables', first: item });
      define(key, { how: 'array-element', table: item });
    } else {
      define(key, { how: 'table', table: item });
    }
    for (let i = 1; i < key.length; i++) define(key.slice(0, i), { how: 'implicit', first: item });
    for (const kv of item.body) defineKeyValue(key, kv);
  }
  return { defs, tables };
}

/** The 0-based offset where the definition's own text starts: the header, the key, or the value. */
export function definitionStart(def: Definition): number {
  switch (def.how) {
    case 'table':
    case 'array-element':
      return def.table.range[0];
    case 'array-of-tables':
    case 'implicit':
      return def.first.range[0];
    case 'dotted':
      return def.key.range[0];
    case 'value':
      return (def.key ?? def.node).range[0];
  }
}
