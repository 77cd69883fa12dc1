// Parsing host files for editing. jsonc-parser gives a tree with offsets, which is what byte-minimal
// edits need; on top of it we add what it does not report: strict-JSON violations (comments,
// trailing commas), duplicate keys (jsonc-parser silently keeps both), and positions as line:column.
import { createScanner, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { Token as SyntaxKind } from './tokens.js';
import type { Diagnostic } from '../../diagnostics.js';
import { lineColumn, splitBom, type SplitText } from './text.js';
import { toPointer, type JsonPath } from './pointer.js';
import { checkDepth, MAX_JSON_DEPTH } from './depth.js';

export interface ParseOptions {
  /** Strict JSON (Claude Code): comments and trailing commas are errors. */
  strict: boolean;
  /** Absolute path, copied into diagnostics. */
  path?: string;
}

export interface ParsedDocument {
  split: SplitText;
  /** The root node; undefined when the text is empty/whitespace-only or unparseable. */
  root: Node | undefined;
  /** Whitespace-only (or zero-byte) body: callers may treat it as `{}`. */
  empty: boolean;
  /** Offsets of every comment, [start, end). Used to decide whether a container may be pruned. */
  comments: Array<[number, number]>;
  diagnostics: Diagnostic[];
}

export function parseDocument(text: string, options: ParseOptions): ParsedDocument {
  const split = splitBom(text);
  const { body } = split;
  const diagnostics: Diagnostic[] = [];
  const at = (offset: number) => ({ path: options.path, ...lineColumn(body, offset) });

  // Before anything recursive (jsonc-parser, the duplicate-key walk) can overflow the stack.
  const tooDeep = checkDepth(body, MAX_JSON_DEPTH);
  if (tooDeep) {
    diagnostics.push({
      code: 'too-deep',
      severity: 'error',
      message: `this file nests more than ${MAX_JSON_DEPTH} levels deep; no host configuration does, so patchbay will not read it`,
      path: options.path,
      ...tooDeep,
      hint: 'check the file for a generated or corrupted value and remove the deep nesting; patchbay writes nothing until then',
    });
    return { split, root: undefined, empty: false, comments: [], diagnostics };
  }

  const { comments, trailingCommas } = scanTrivia(body);
  if (body.trim() === '') {
    return { split, root: undefined, empty: true, comments, diagnostics };
  }

  // Strict mode codes: a comment is 'comment-in-strict-json' (the file is fine JSONC, just not for this
  // host); a trailing comma is 'parse-error' (it is a JSON syntax error), with a message saying so.
  if (options.strict) {
    for (const [start] of comments) {
      diagnostics.push({
        code: 'comment-in-strict-json',
        severity: 'error',
        message: 'this file must be strict JSON, but it contains a comment (the host rejects the whole file)',
        ...at(start),
        hint: 'remove the comment; the host cannot read this file while it is there',
      });
    }
    for (const offset of trailingCommas) {
      diagnostics.push({
        code: 'parse-error',
        severity: 'error',
        message: 'this file must be strict JSON, but it contains a trailing comma',
        ...at(offset),
        hint: 'remove the comma before the closing bracket',
      });
    }
  }

  const errors: ParseError[] = [];
  const root = parseTree(body, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: false });
  for (const e of errors) {
    diagnostics.push({
      code: 'parse-error',
      severity: 'error',
      message: `malformed JSON: ${describeError(e)}`,
      ...at(e.offset),
      hint: 'fix the syntax error (the host cannot read this file either); patchbay writes nothing until it parses',
    });
  }
  if (errors.length > 0) return { split, root: undefined, empty: false, comments, diagnostics };

  if (root && root.type !== 'object') {
    diagnostics.push({
      code: 'invalid-shape',
      severity: 'error',
      message: `the top level of this file is ${article(root.type)}, not an object`,
      ...at(root.offset),
      pointer: '',
      hint: 'the file must contain one JSON object; fix or move it aside',
    });
  }
  if (root) findDuplicateKeys(root, [], (node, keyPath) => {
    diagnostics.push({
      code: 'duplicate-key',
      severity: 'error',
      message: `duplicate key ${JSON.stringify(node.value)}: hosts disagree on which copy wins, so patchbay will not guess`,
      ...at(node.offset),
      pointer: toPointer(keyPath),
      hint: 'remove one of the two copies',
    });
  });
  return { split, root, empty: false, comments, diagnostics };
}

function describeError(e: ParseError): string {
  const names: Record<string, string> = {
    InvalidSymbol: 'unexpected character',
    InvalidNumberFormat: 'invalid number',
    PropertyNameExpected: 'a property name was expected',
    ValueExpected: 'a value was expected',
    ColonExpected: 'a colon was expected',
    CommaExpected: 'a comma was expected',
    CloseBraceExpected: 'a closing brace } was expected',
    CloseBracketExpected: 'a closing bracket ] was expected',
    EndOfFileExpected: 'the end of the file was expected',
    InvalidCommentToken: 'invalid comment',
    UnexpectedEndOfComment: 'unterminated comment',
    UnexpectedEndOfString: 'unterminated string',
    UnexpectedEndOfNumber: 'unterminated number',
    InvalidUnicode: 'invalid unicode escape',
    InvalidEscapeCharacter: 'invalid escape character',
    InvalidCharacter: 'invalid character in string',
  };
  const name = printParseErrorCode(e.error);
  return names[name] ?? name;
}

function article(type: string): string {
  return type === 'array' || type === 'object' ? `an ${type}` : `a ${type}`;
}

/** Comments and trailing commas, found with the scanner so strings are never mistaken for them. */
function scanTrivia(body: string): { comments: Array<[number, number]>; trailingCommas: number[] } {
  const scanner = createScanner(body, false);
  const comments: Array<[number, number]> = [];
  const trailingCommas: number[] = [];
  let pendingComma = -1;
  for (let kind = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
    switch (kind) {
      case SyntaxKind.LineCommentTrivia:
      case SyntaxKind.BlockCommentTrivia:
        comments.push([scanner.getTokenOffset(), scanner.getTokenOffset() + scanner.getTokenLength()]);
        break;
      case SyntaxKind.Trivia:
      case SyntaxKind.LineBreakTrivia:
        break;
      case SyntaxKind.CommaToken:
        pendingComma = scanner.getTokenOffset();
        break;
      case SyntaxKind.CloseBraceToken:
      case SyntaxKind.CloseBracketToken:
        if (pendingComma >= 0) trailingCommas.push(pendingComma);
        pendingComma = -1;
        break;
      default:
        pendingComma = -1;
    }
  }
  return { comments, trailingCommas };
}

function findDuplicateKeys(node: Node, path: JsonPath, report: (keyNode: Node, path: JsonPath) => void): void {
  if (node.type === 'object') {
    const seen = new Set<string>();
    for (const prop of node.children ?? []) {
      const key = prop.children?.[0];
      const value = prop.children?.[1];
      if (!key) continue;
      const name = String(key.value);
      if (seen.has(name)) report(key, [...path, name]);
      seen.add(name);
      if (value) findDuplicateKeys(value, [...path, name], report);
    }
  } else if (node.type === 'array') {
    (node.children ?? []).forEach((child, i) => findDuplicateKeys(child, [...path, i], report));
  }
}

/** True when a comment lies inside [start, end). */
export function hasCommentIn(doc: Pick<ParsedDocument, 'comments'>, start: number, end: number): boolean {
  return doc.comments.some(([s, e]) => s < end && e > start);
}
