// Parsing host files for editing. jsonc-parser gives a tree with offsets, which is what byte-minimal
// edits need; on top of it we add what it does not report: strict-JSON violations (comments,
// trailing commas), duplicate keys (jsonc-parser silently keeps both), and positions as line:column.
import { createScanner, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { Token as SyntaxKind } from './tokens.js';
import type { Diagnostic } from '../../diagnostics.js';
import { checkDepth, MAX_NESTING } from './depth.js';
import { limitText, MAX_FILE_CHARS } from '../text/limits.js';
import { fastParse } from './fast.js';
import { lineLocator, splitBom, type SplitText } from '../text/text.js';
import { toPointer, type JsonPath } from '../document/pointer.js';

export interface ParseOptions {
  /** Strict JSON (Claude Code): comments and trailing commas are errors. */
  strict: boolean;
  /** With strict: comments are fine, trailing commas are not (Gemini CLI's settings.json). */
  allowComments?: boolean;
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
  /**
   * Set when the body is within fast.ts's accepted subset (strict JSON plus comments and trailing
   * commas): the offsets of its trailing commas, in document order. Blanking them and the comments
   * leaves RFC 8259 JSON, which is what lets value.ts read big values with JSON.parse.
   */
  trailingCommas?: number[];
}

/** Deepest nesting patchbay reads; see depth.ts for why 256. */
export { MAX_NESTING } from './depth.js';

export function parseDocument(text: string, options: ParseOptions): ParsedDocument {
  const split = splitBom(text);
  const { body } = split;
  const diagnostics: Diagnostic[] = [];
  // One line table per document, built on first use: lineColumn() from offset 0 for each of many
  // diagnostics (every comment of a big strict file) was quadratic.
  let lines: ((offset: number) => { line: number; column: number }) | undefined;
  const at = (offset: number) => ({ path: options.path, ...(lines ??= lineLocator(body))(offset) });

  if (body.length > MAX_FILE_CHARS.json) {
    const { code, message, hint } = limitText({ kind: 'too-large', offset: 0, what: 'file' }, 'json', body.length);
    diagnostics.push({ code, severity: 'error', message, path: options.path, line: 1, column: 1, hint });
    return { split, root: undefined, empty: false, comments: [], diagnostics };
  }
  // Before anything recursive (parseTree, the duplicate-key walk) sees the text.
  const tooDeep = checkDepth(body, MAX_NESTING);
  if (tooDeep) {
    diagnostics.push({
      code: 'too-deep',
      severity: 'error',
      message: `this file nests objects and arrays more than ${MAX_NESTING} levels deep; no host configuration does, so patchbay does not read it`,
      path: options.path,
      ...tooDeep,
      hint: 'check that this is the file you meant (a generated or damaged file?); fix it or move it aside, then run patchbay again',
    });
    return { split, root: undefined, empty: false, comments: [], diagnostics };
  }

  if (body.trim() === '') {
    return { split, root: undefined, empty: true, comments: [], diagnostics };
  }

  // One pass that validates, finds comments, trailing commas and duplicate keys, and builds only the
  // top of the tree (fast.ts); jsonc-parser's full tree and error reporting for anything else.
  const fast = fastParse(body);
  const { comments, trailingCommas } = fast ?? scanTrivia(body);

  // Strict mode codes: a comment is 'comment-in-strict-json' (the file is fine JSONC, just not for this
  // host); a trailing comma is 'parse-error' (it is a JSON syntax error), with a message saying so.
  if (options.strict) {
    for (const [start] of options.allowComments ? [] : comments) {
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
        message: options.allowComments
          ? 'this host reads comments in this file but not trailing commas, and it contains one'
          : 'this file must be strict JSON, but it contains a trailing comma',
        ...at(offset),
        hint: 'remove the comma before the closing bracket',
      });
    }
  }

  if (fast) {
    for (const dup of fast.duplicates) diagnostics.push(duplicateKey(dup.name, dup.offset, dup.path, at));
    const doc = { split, root: fast.root, empty: false, comments, diagnostics, trailingCommas };
    remember(doc);
    return doc;
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
  if (root) findDuplicateKeys(root, [], (node, keyPath) => diagnostics.push(duplicateKey(String(node.value), node.offset, keyPath, at)));
  const doc = { split, root, empty: false, comments, diagnostics };
  remember(doc);
  return doc;
}

function duplicateKey(name: string, offset: number, keyPath: JsonPath, at: (offset: number) => object): Diagnostic {
  return {
    code: 'duplicate-key',
    severity: 'error',
    message: `duplicate key ${JSON.stringify(name)}: hosts disagree on which copy wins, so patchbay will not guess`,
    ...at(offset),
    pointer: toPointer(keyPath),
    hint: 'remove one of the two copies',
  };
}

/**
 * Documents parsed lately, weakly held: an edit (edit.ts) right after loadFile parses the very same
 * body string again, and on a 56 MB file that second parse was a large share of `init`. A document
 * stays findable exactly as long as its caller keeps it (LoadedFile does for the whole plan), so
 * this never keeps a big tree alive, in a CLI run or in the long-running MCP server.
 */
const recent: WeakRef<ParsedDocument>[] = [];

function remember(doc: ParsedDocument): void {
  if (!doc.root || doc.diagnostics.some((d) => d.severity === 'error')) return;
  recent.unshift(new WeakRef(doc));
  recent.length = Math.min(recent.length, 8);
}

/**
 * A document parseDocument returned for exactly this body, still held by someone and free of errors
 * (its tree does not depend on strictness then), or undefined. Callers must not mutate it.
 */
export function parsedBody(body: string): ParsedDocument | undefined {
  for (const ref of recent) {
    const doc = ref.deref();
    if (doc && doc.split.body === body) return doc;
  }
  return undefined;
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
