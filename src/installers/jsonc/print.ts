// Printing the values patchbay inserts (and only those: nothing else is ever re-serialized).
// Objects go one member per line at the file's own indentation; arrays of scalars stay on one line,
// the way people write `"args": ["--yes", "x"]`. The compact form is used inside one-line containers.

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface PrintStyle {
  /** Indentation of the line the value starts on. */
  base: string;
  unit: string;
  eol: string;
}

export function printValue(value: JsonValue, style: PrintStyle): string {
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== 'object')) return printCompact(value);
    const inner = style.base + style.unit;
    const items = value.map((v) => inner + printValue(v, { ...style, base: inner }));
    return '[' + style.eol + items.join(',' + style.eol) + style.eol + style.base + ']';
  }
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length === 0) return '{}';
    const inner = style.base + style.unit;
    const members = keys.map((k) => inner + JSON.stringify(k) + ': ' + printValue(value[k] as JsonValue, { ...style, base: inner }));
    return '{' + style.eol + members.join(',' + style.eol) + style.eol + style.base + '}';
  }
  return JSON.stringify(value);
}

/**
 * One line: `{ "a": 1, "b": ["x"] }`. Note the spaces inside braces: the remover tells a container
 * patchbay created (member starts two characters after `{`) from a pre-existing empty one it filled
 * (member starts right after `{`), see edit.ts.
 */
export function printCompact(value: JsonValue): string {
  if (Array.isArray(value)) return '[' + value.map(printCompact).join(', ') + ']';
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length === 0) return '{}';
    return '{ ' + keys.map((k) => JSON.stringify(k) + ': ' + printCompact(value[k] as JsonValue)).join(', ') + ' }';
  }
  return JSON.stringify(value);
}

/** Wraps `value` in objects for each key of `path`: (["a","b"], v) => {a: {b: v}}. */
export function nest(path: readonly string[], value: JsonValue): JsonValue {
  return path.reduceRight<JsonValue>((inner, key) => ({ [key]: inner }), value);
}
