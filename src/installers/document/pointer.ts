// Paths into a document's plain value, and RFC 6901 JSON pointers: how a diagnostic names a place in a
// document of any format (JSON, TOML, YAML).
export type JsonPath = readonly (string | number)[];

export function toPointer(path: JsonPath): string {
  return path.map((seg) => '/' + String(seg).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

/**
 * The member `path` names in a plain value (objects and arrays), or undefined when it is absent: a
 * number only indexes an array, a string only names an own member of an object.
 */
export function valueAt(root: unknown, path: JsonPath): unknown {
  let cur = root;
  for (const seg of path) {
    if (cur === null || typeof cur !== 'object' || Array.isArray(cur) !== (typeof seg === 'number')) return undefined;
    if (!Object.hasOwn(cur, seg)) return undefined;
    cur = (cur as Record<string | number, unknown>)[seg];
  }
  return cur;
}
