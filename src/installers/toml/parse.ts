// Reading a TOML file for editing: parser.ts is a validating TOML 1.0 parser that gives every table,
// key and value a source range, which is what byte-minimal edits need. It throws on the first
// problem; we turn that into one error Diagnostic (a duplicate is told apart from a syntax error
// because hosts fail on it differently and the fix is different).
import type { TomlProgram } from './ast.js';
import { parseTomlText, TomlSyntaxError } from './parser.js';
import type { Diagnostic } from '../../diagnostics.js';
import { lineColumn, splitBom, type SplitText } from '../text/text.js';
import { limitText } from '../text/limits.js';
import { tomlLimitProblem } from './limits.js';

export interface ParsedToml {
  split: SplitText;
  /** Undefined when the text did not parse (then `diagnostics` holds the error). */
  program: TomlProgram | undefined;
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
    const program = parseTomlText(split.body);
    return { split, program, diagnostics: [] };
  } catch (error) {
    if (!(error instanceof TomlSyntaxError)) throw error;
    // error.offset is a UTF-16 offset, like our TextEdit offsets; lineColumn gives the 1-based
    // line:column an editor shows.
    const at = lineColumn(split.body, error.offset);
    const diagnostic: Diagnostic =
      error.duplicate
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
