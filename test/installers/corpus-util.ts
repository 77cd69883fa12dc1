// Shared checks for corpus and property tests: comments, "only inserted" byte diffs, parsed values.
import { createScanner, parse, type ParseError } from 'jsonc-parser';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CORPUS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'corpus');

export function corpusFiles(host: string): { name: string; text: string }[] {
  const dir = path.join(CORPUS_DIR, host);
  return readdirSync(dir).sort().map((name) => ({ name, text: readFileSync(path.join(dir, name), 'utf8') }));
}

let sources: Map<string, string> | undefined;

/** Where a corpus file sat in its repository (SOURCES.tsv `path_in_repo`): `.kilocode/mcp.json`. */
export function corpusSourcePath(host: string, name: string): string | undefined {
  sources ??= new Map(readFileSync(path.join(CORPUS_DIR, 'SOURCES.tsv'), 'utf8').split('\n').slice(1)
    .map((line) => line.split('\t')).filter((cols) => cols.length > 2).map((cols) => [cols[0] as string, cols[2] as string]));
  return sources.get(`${host}/${name}`);
}

/** Every comment's text, in order (the scanner never mistakes a string for a comment). */
export function commentsOf(text: string): string[] {
  const body = text.replace(/^\uFEFF/, '');
  const scanner = createScanner(body, false);
  const out: string[] = [];
  for (let k = scanner.scan(); k !== 17; k = scanner.scan()) {
    if (k === 12 || k === 13) out.push(body.slice(scanner.getTokenOffset(), scanner.getTokenOffset() + scanner.getTokenLength()));
  }
  return out;
}

/**
 * True when `after` is `before` with at most `maxSpans` contiguous insertions and nothing removed or
 * changed: i.e. every byte of `before` is still there, in order, and the additions form few runs.
 */
export function onlyInsertions(before: string, after: string, maxSpans = 2): boolean {
  // Greedy: common prefix, then common suffix, recursing on the middle for the second span.
  const spans = insertionSpans(before, after);
  return spans !== undefined && spans <= maxSpans;
}

function insertionSpans(before: string, after: string): number | undefined {
  if (before === after) return 0;
  if (after.length < before.length) return undefined;
  let p = 0;
  while (p < before.length && before[p] === after[p]) p++;
  let s = 0;
  while (s < before.length - p && before[before.length - 1 - s] === after[after.length - 1 - s]) s++;
  if (p + s === before.length) return 1;
  // Two insertions: try every split of the inserted prefix run at p.
  const restBefore = before.slice(p);
  for (let len = 1; len <= after.length - before.length; len++) {
    const restAfter = after.slice(p + len);
    let q = 0;
    while (q < restBefore.length && restBefore[q] === restAfter[q]) q++;
    let t = 0;
    while (t < restBefore.length - q && restBefore[restBefore.length - 1 - t] === restAfter[restAfter.length - 1 - t]) t++;
    if (q + t === restBefore.length && restAfter.length - restBefore.length === after.length - before.length - len) return 2;
  }
  return undefined;
}

export function parseLoose(text: string): { value: unknown; errors: ParseError[] } {
  const errors: ParseError[] = [];
  const value = parse(text.replace(/^\uFEFF/, ''), errors, { allowTrailingComma: true, disallowComments: false });
  return { value, errors };
}

/** Comments allowed, trailing commas not (Gemini CLI: `JSON.parse(stripJsonComments(text))`). */
export function parseWithComments(text: string): { value: unknown; ok: boolean } {
  const errors: ParseError[] = [];
  const value = parse(text.replace(/^\uFEFF/, ''), errors, { allowTrailingComma: false, disallowComments: false });
  return { value, ok: errors.length === 0 };
}

export function parseStrict(text: string): { value: unknown; ok: boolean } {
  try {
    return { value: JSON.parse(text.replace(/^\uFEFF/, '')), ok: true };
  } catch {
    return { value: undefined, ok: false };
  }
}

export function getAt(value: unknown, keys: readonly string[]): unknown {
  let cur = value;
  for (const k of keys) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[k];
  }
  return cur;
}

/** `value` with `entry` set at `keys`, creating missing objects: what install must produce, as data. */
export function withEntry(value: unknown, keys: readonly string[], entry: unknown): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  let cur = copy;
  for (const k of keys.slice(0, -1)) {
    if (cur[k] === undefined) cur[k] = {};
    cur = cur[k] as Record<string, unknown>;
  }
  cur[keys[keys.length - 1] as string] = entry;
  return copy;
}
