// The last check of every edit: apply it, parse the result, and require exactly the value the edit
// means (the whole document's value, not just the member). Edits are computed from source ranges and
// lines; YAML has layouts where that reasoning is not enough (a `...` end marker after which an
// appended line would start a second document, a flow collection whose last entry is an implicit
// null, ...). Those are refused here rather than listed one by one, so no edit ever ships that
// parses differently than intended.
import { isDeepStrictEqual } from 'node:util';
import { applyTextEdits, type DocPath, type DocValue, type TextEdit } from '../document/types.js';
import { parseYaml, type ParsedYaml } from './parse.js';
import { refuse } from './refuse.js';

export function verified(p: ParsedYaml, edits: TextEdit[], expected: unknown, offset: number): TextEdit[] {
  const after = parseYaml(applyTextEdits(p.text, edits));
  if (after.diagnostics.length === 0 && isDeepStrictEqual(after.value ?? {}, expected)) return edits;
  throw refuse(
    p.text,
    'yaml-unsupported-layout',
    'patchbay cannot make this edit here without changing how the rest of the file reads',
    offset,
    'simplify the layout around this place (block style, no end marker) or make the change by hand',
  );
}

type Plain = { [key: string]: unknown } | unknown[];

/** `before` with `value` at `path`, creating a mapping or list for each missing level (the next segment says which). */
export function withValue(before: unknown, path: DocPath, value: DocValue): unknown {
  const root = structuredClone(before ?? {}) as Plain;
  let cur = root;
  path.forEach((seg, i) => {
    const slot = cur as Record<string | number, unknown>;
    if (i === path.length - 1) {
      // A clone: the caller's objects may have a null prototype (fast-check's dictionaries, say),
      // which a strict deep comparison with parsed plain objects would count as a difference.
      slot[seg] = structuredClone(value);
      return;
    }
    if (slot[seg] === undefined) slot[seg] = typeof path[i + 1] === 'number' ? [] : {};
    cur = slot[seg] as Plain;
  });
  return root;
}

/** `before` without the member at `path`. */
export function without(before: unknown, path: DocPath): unknown {
  const root = structuredClone(before ?? {}) as Plain;
  let cur = root;
  for (const seg of path.slice(0, -1)) cur = (cur as Record<string | number, unknown>)[seg] as Plain;
  const last = path[path.length - 1] as string | number;
  if (Array.isArray(cur)) cur.splice(last as number, 1);
  else delete cur[last as string];
  return root;
}
