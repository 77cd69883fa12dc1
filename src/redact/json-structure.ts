// The structural half of redactConfigText for JSON/JSONC: which string values are secrets because
// of WHERE they sit (every string under an env/headers object, the value of a secret-looking key,
// the value after `--token` in an argv array), found in one streaming pass of jsonc-parser's
// visitor. Building a tree (parseTree) costs ~15× more for a 1 MiB host file, in allocations alone.
import { visit } from 'jsonc-parser';
import { redactArgs } from './args.js';
import { isSecretKeyName, SECRET_CONTAINER_KEYS } from './key-names.js';
import { REDACTED } from './marker.js';
import { isShownReference } from './reference.js';

export interface Edit {
  offset: number;
  length: number;
  /** Replacement JSON text (a quoted string). */
  text: string;
}

interface StringLiteral {
  value: string;
  offset: number;
  length: number;
}

type Frame =
  | { kind: 'object'; inside: boolean; key: string }
  | { kind: 'array'; inside: boolean; strings: StringLiteral[] | null };

const QUOTED_REDACTED = JSON.stringify(REDACTED);

export function isContainerKey(key: string): boolean {
  return SECRET_CONTAINER_KEYS.has(key.toLowerCase());
}

/** Where a value sits: inside an env/headers subtree or not, and under which key. */
export interface ValueContext {
  inside: boolean;
  key: string;
}

/**
 * The edits that blank every structurally secret string of a JSON/JSONC text. With `context`, the
 * text is one member's value, cut out of a larger document (region.ts): it is read as if it sat under
 * that key, and edit offsets are relative to the text.
 */
export function secretStringEdits(text: string, context?: ValueContext): Edit[] {
  const edits: Edit[] = [];
  const stack: Frame[] = context ? [{ kind: 'object', inside: context.inside, key: context.key }] : [];
  // Whether a value opened now (object, array or literal) sits inside an env/headers subtree.
  const insideForChild = (): boolean => {
    const top = stack[stack.length - 1];
    if (!top) return false;
    if (top.kind === 'array') {
      top.strings = null; // not an argv array: it holds a container
      return top.inside;
    }
    return top.inside || isContainerKey(top.key);
  };
  // A value that only names a secret (`Bearer ${env:TOKEN}`) stays: it is what to check in a diff.
  const blank = (offset: number, length: number, value: string) => {
    if (!isShownReference(value)) edits.push({ offset, length, text: QUOTED_REDACTED });
  };

  visit(
    text,
    {
      onObjectBegin: () => {
        stack.push({ kind: 'object', inside: insideForChild(), key: '' });
      },
      onObjectProperty: (property) => {
        const top = stack[stack.length - 1];
        if (top?.kind === 'object') top.key = property;
      },
      onObjectEnd: () => {
        stack.pop();
      },
      onArrayBegin: () => {
        stack.push({ kind: 'array', inside: insideForChild(), strings: [] });
      },
      onArrayEnd: () => {
        const frame = stack.pop();
        // An argv array (only strings): `--token X` and `--token=X` carry secrets no key announces.
        if (frame?.kind !== 'array' || frame.inside || frame.strings === null) return;
        const values = frame.strings.map((s) => s.value);
        const redacted = redactArgs(values);
        frame.strings.forEach((s, i) => {
          if (redacted[i] !== values[i]) edits.push({ offset: s.offset, length: s.length, text: JSON.stringify(redacted[i]) });
        });
      },
      onLiteralValue: (value: unknown, offset, length) => {
        const top = stack[stack.length - 1];
        if (!top) return;
        if (top.kind === 'object') {
          if (typeof value === 'string' && (top.inside || isSecretKeyName(top.key) || isContainerKey(top.key))) blank(offset, length, value);
          return;
        }
        if (typeof value !== 'string') top.strings = null;
        else if (top.inside) blank(offset, length, value);
        else top.strings?.push({ value, offset, length });
      },
    },
    { allowTrailingComma: true, disallowComments: false },
  );
  return edits;
}

/** Applies non-overlapping edits in one pass (not one copy of the text per edit). */
export function applyEdits(text: string, edits: Edit[]): string {
  if (edits.length === 0) return text;
  edits.sort((a, b) => a.offset - b.offset);
  let out = '';
  let last = 0;
  for (const e of edits) {
    if (e.offset < last) continue;
    out += text.slice(last, e.offset);
    out += e.text;
    last = e.offset + e.length;
  }
  return out + text.slice(last);
}
