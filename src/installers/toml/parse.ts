// Reading a TOML file for editing: toml-eslint-parser is a validating TOML 1.0 parser that also gives
// every table, key and value a source range, which is what byte-minimal edits need. It throws on the
// first problem; we turn that into one error Diagnostic (a duplicate is told apart from a syntax error
// because hosts fail on it differently and the fix is different).
import { ParseError, parseTOML, type AST } from 'toml-eslint-parser';
import type { Diagnostic } from '../../diagnostics.js';
import { lineColumn, splitBom, type SplitText } from '../text/text.js';
import { limitText } from '../text/limits.js';
import { tomlLimitProblem } from './limits.js';

// The parser has no error codes in its API, only messages; this one is fixed in its source (dupe-keys).
// A test parses a duplicate table and a duplicate key, so an upstream rewording fails loudly.
const DUPLICATE_MESSAGE = 'Defining a key multiple times is invalid';

export interface ParsedToml {
  split: SplitText;
  /** Undefined when the text did not parse (then `diagnostics` holds the error). */
  program: AST.TOMLProgram | undefined;
  diagnostics: Diagnostic[];
}

export function parseToml(text: string, path: string | undefined): ParsedToml {
  const split = splitBom(text);
  // Before the parser (which recurses per level and spreads each string's characters into a call).
  const limit = tomlLimitProblem(split.body);
  if (limit) {
    const diagnostic: Diagnostic = { ...limitText(limit, 'toml', split.body.length), severity: 'error', ...lineColumn(split.body, limit.offset) };
    if (path !== undefined) diagnostic.path = path;
    return { split, program: undefined, diagnostics: [diagnostic] };
  }
  try {
    // TOML 1.0, not 1.1: Codex, Grok and Vibe read 1.0 (1.1 adds newlines in inline tables, \e, ...),
    // so a 1.1-only file is one a host may reject, and we write only 1.0 syntax ourselves.
    const program = parseTOML(split.body, { tomlVersion: '1.0.0' });
    return { split, program, diagnostics: [] };
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    // error.index is a UTF-16 offset, like our TextEdit offsets; lineColumn gives the same 1-based
    // line:column an editor shows (the parser's own column is 0-based).
    const at = lineColumn(split.body, error.index);
    const diagnostic: Diagnostic =
      error.message === DUPLICATE_MESSAGE
        ? {
            code: 'duplicate-key',
            severity: 'error',
            message: 'this key or table is defined twice: TOML forbids it, so the host rejects the whole file',
            hint: 'remove or rename one of the two definitions',
            ...at,
          }
        : {
            code: 'parse-error',
            severity: 'error',
            message: `malformed TOML: ${error.message}`,
            hint: 'fix the syntax error (the host cannot read this file either); patchbay writes nothing until it parses',
            ...at,
          };
    if (path !== undefined) diagnostic.path = path;
    return { split, program: undefined, diagnostics: [diagnostic] };
  }
}
