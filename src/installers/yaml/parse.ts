// Reading a YAML host file for editing. The `yaml` package parses it once into a CST (every byte,
// comments included, with offsets) and composes that CST into a Document whose nodes carry source
// ranges. We only ever LOCATE with those ranges; edits are computed on the original text elsewhere.
// On top of the package we report, as stable diagnostics, what makes a file unsafe to edit: syntax
// errors, duplicate keys, several documents in one file, and a top level that is not a mapping.
import { Composer, Parser, isMap, isScalar, visit, type Document, type ParsedNode } from 'yaml';
import type { Diagnostic } from '../../diagnostics.js';
import { lineColumn, splitBom } from '../text/text.js';
import { limitText } from '../text/limits.js';
import { yamlLimitProblem } from './limits.js';

export interface ParsedYaml {
  bom: boolean;
  /** The text without the BOM; every offset is relative to it. */
  text: string;
  /** The top-level mapping, or null when the document holds nothing (empty, comments only, `---`). */
  root: ParsedNode | null;
  /** [start, end) of every comment: spans holding one are never deleted wholesale. */
  comments: Array<[number, number]>;
  /** The plain value (toJS), undefined when the document has errors. */
  value: unknown;
  diagnostics: Diagnostic[];
}

export function parseYaml(input: string, path?: string): ParsedYaml {
  const { bom, body: text } = splitBom(input);
  const at = (offset: number) => ({ ...(path === undefined ? {} : { path }), ...lineColumn(text, offset) });
  // Before the `yaml` package, whose composer recurses per level (a stack overflow near 1,000).
  const limit = yamlLimitProblem(text);
  if (limit) {
    return { bom, text, root: null, comments: [], value: undefined, diagnostics: [{ ...limitText(limit, 'yaml', text.length), severity: 'error', ...at(limit.offset) }] };
  }
  const tokens = Array.from(new Parser().parse(text));
  // forceDoc: an empty or comment-only file still gives one (empty) document to insert into.
  // uniqueKeys: false — the package checks each key against every earlier key of its mapping, which is
  // quadratic (a 4 MB Goose file with 30,000 extensions took 28 s); duplicateKeys() below does the same
  // check with a Set per mapping.
  const docs = Array.from(new Composer({ uniqueKeys: false }).compose(tokens, true, text.length));
  // The first document (an empty stream still composes to one, with no contents).
  const doc = docs[0] as Document.Parsed;
  const diagnostics: Diagnostic[] = [];

  const errors = docs.flatMap((d) => d.errors).map((e) => ({ code: e.code as string, pos: e.pos[0], message: e.message }));
  if (errors.length === 0) errors.push(...duplicateKeys(doc).map((pos) => ({ code: 'DUPLICATE_KEY', pos, message: '' })));
  for (const e of errors) {
    const duplicate = e.code === 'DUPLICATE_KEY';
    diagnostics.push({
      code: duplicate ? 'duplicate-key' : 'parse-error',
      severity: 'error',
      message: duplicate
        ? `duplicate key ${JSON.stringify(keyAt(text, e.pos))}: hosts disagree on which copy wins, so patchbay will not guess`
        : `malformed YAML: ${firstLine(e.message)}`,
      ...at(e.pos),
      hint: duplicate
        ? 'remove one of the two copies'
        : 'fix the syntax error (the host cannot read this file either); patchbay writes nothing until it parses',
    });
  }
  const second = docs[1];
  if (second) {
    diagnostics.push({
      code: 'yaml-multi-document',
      severity: 'error',
      message: 'this file holds several YAML documents (separated by ---); hosts read only one, so patchbay will not guess which',
      ...at(second.range[0]),
      hint: 'keep a single document in the file',
    });
  }

  const contents = doc.contents;
  // `---` alone composes to a null scalar: no mapping yet, like an empty file.
  const root = contents === null || isNullScalar(contents) ? null : contents;
  if (root && !isMap(root) && diagnostics.length === 0) {
    diagnostics.push({
      code: 'invalid-shape',
      severity: 'error',
      message: 'the top level of this file is not a mapping (key: value lines)',
      ...at(root.range[0]),
      pointer: '',
      hint: 'the file must hold one mapping at the top level; fix or move it aside',
    });
  }

  let value: unknown;
  if (diagnostics.length === 0) {
    try {
      value = doc.toJS();
    } catch (e) {
      // Composition succeeded but the values cannot be built: an alias with no anchor before it, a
      // merge key (`<<`) whose source is not a mapping, or more alias expansions than the package
      // allows (a "billion laughs").
      diagnostics.push({
        code: 'parse-error',
        severity: 'error',
        message: `malformed YAML: ${firstLine(e instanceof Error ? e.message : String(e))}`,
        ...at(unresolvedAlias(doc) ?? root?.range[0] ?? 0),
        hint: 'fix the file (the host cannot read it either); patchbay writes nothing until it does',
      });
    }
  }
  return { bom, text, root, comments: commentsOf(tokens), value, diagnostics };
}

/**
 * Where each key repeats an earlier key of the same mapping, as the package's own check decides it (two
 * scalar keys with the same value; other keys only when they are the same node), in one pass.
 */
function duplicateKeys(doc: Document.Parsed): number[] {
  const found: number[] = [];
  visit(doc, {
    Map(_, map) {
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        const key = pair.key as ParsedNode | null;
        const identity = key !== null && isScalar(key) ? `${typeof key.value}:${String(key.value)}` : key;
        if (seen.has(identity)) {
          if (key?.range) found.push(key.range[0]);
        } else {
          seen.add(identity);
        }
      }
      return undefined;
    },
  });
  return found.sort((a, b) => a - b);
}

/** Where the first alias without an anchor before it is (the package reports it without a place). */
function unresolvedAlias(doc: Document.Parsed): number | undefined {
  let offset: number | undefined;
  visit(doc, {
    Alias(_, node) {
      if (node.resolve(doc) !== undefined) return undefined;
      offset = node.range?.[0];
      return visit.BREAK;
    },
  });
  return offset;
}

function isNullScalar(node: ParsedNode): boolean {
  // An anchor or tag alone (`&x`) is a null with properties, not an empty file: what we append
  // would become the anchored node.
  return isScalar(node) && node.value === null && node.range[0] === node.range[1] && !node.anchor && !node.tag;
}

/**
 * The key that starts at `offset`, as written (the package's error range covers only its first
 * character). A quoted key to its closing quote, a plain one to the `: ` that ends it.
 */
function keyAt(text: string, offset: number): string {
  const rest = text.slice(offset, offset + 1024);
  const quoted = /^"(?:[^"\\\n]|\\.)*"|^'(?:[^'\n]|'')*'/.exec(rest);
  if (quoted) return quoted[0].slice(1, -1);
  const plain = /^[^\n]*?(?=:(?:[ \t]|$)|[ \t]+#|$)/m.exec(rest);
  return (plain?.[0] ?? rest.slice(0, 1)).trimEnd();
}

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}

/** Every comment token of the CST, wherever it hangs (item starts, separators, document ends, ...). */
function commentsOf(tokens: readonly unknown[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const walk = (t: unknown): void => {
    if (Array.isArray(t)) {
      for (const x of t) walk(x);
      return;
    }
    if (t === null || typeof t !== 'object') return;
    const token = t as { type?: unknown; offset?: unknown; source?: unknown };
    if (token.type === 'comment' && typeof token.offset === 'number' && typeof token.source === 'string') {
      out.push([token.offset, token.offset + token.source.length]);
    }
    for (const v of Object.values(t)) if (v !== null && typeof v === 'object') walk(v);
  };
  walk(tokens);
  return out.sort((a, b) => a[0] - b[0]);
}
