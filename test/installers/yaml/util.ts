// Shared helpers of the YAML tests: run one edit on a text, read a text back with the `yaml` package
// (independently of the code under test), and list its comments from the package's CST.
import { Parser, parseDocument } from 'yaml';
import { expect } from 'vitest';
import { applyTextEdits, type DocPath, type DocValue } from '../../../src/installers/document/types.js';
import { yamlCodec } from '../../../src/installers/yaml/index.js';

export const doc = (text: string) => yamlCodec.parse(text, {});

export function inserted(text: string, path: DocPath, value: DocValue): string {
  const d = doc(text);
  return applyTextEdits(d.text, d.insert(path, value));
}

export function removed(text: string, path: DocPath): string {
  const d = doc(text);
  return applyTextEdits(d.text, d.remove(path));
}

export function replaced(text: string, path: DocPath, value: DocValue): string {
  const d = doc(text);
  return applyTextEdits(d.text, d.replace(path, value));
}

/** The plain value of a YAML text; fails the test when the text has errors or warnings. */
export function readYaml(text: string): unknown {
  const parsed = parseDocument(text.replace(/^\uFEFF/, ''));
  expect(parsed.errors.map((e) => e.message)).toEqual([]);
  return parsed.toJS() ?? {};
}

/** Every comment, in order, as the CST has it (never a `#` inside a string or block scalar). */
export function yamlComments(text: string): string[] {
  const out: Array<[number, string]> = [];
  const walk = (t: unknown): void => {
    if (t === null || typeof t !== 'object') return;
    const token = t as { type?: unknown; offset?: unknown; source?: unknown };
    if (token.type === 'comment' && typeof token.offset === 'number' && typeof token.source === 'string') out.push([token.offset, token.source]);
    for (const v of Object.values(t)) walk(v);
  };
  walk(Array.from(new Parser().parse(text)));
  return out.sort((a, b) => a[0] - b[0]).map(([, s]) => s);
}

/** `value` with `entry` at `path`, creating what is missing (an index segment creates a list). */
export function withEntry(value: unknown, path: DocPath, entry: unknown): unknown {
  const copy = structuredClone(value ?? {}) as Record<string | number, unknown>;
  let cur = copy;
  path.forEach((seg, i) => {
    if (i === path.length - 1) cur[seg] = entry;
    else {
      cur[seg] ??= typeof path[i + 1] === 'number' ? [] : {};
      cur = cur[seg] as Record<string | number, unknown>;
    }
  });
  return copy;
}
