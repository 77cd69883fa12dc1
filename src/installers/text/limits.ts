// The one depth/size policy of every format patchbay reads (JSON, JSONC, TOML, YAML): what a host file
// may be before anything recursive or memory-hungry sees it. A file past a limit is refused with
// `too-deep` or `too-large` at line:column, never parsed into a stack overflow (exit 70) or gigabytes.
//
// Why these numbers:
// - Nesting 256: real host configs nest fewer than 10 levels; serde_json and the toml crate (Codex,
//   Zed) refuse more than 128, so no host reads a deeper file anyway; the parsers and printers that
//   recurse per level overflow Node's default stack near 3,000.
// - One string or other token of 65,536 characters: no entry needs more, and a parser that builds a
//   string in one call (toml-eslint-parser spread its characters into String.fromCodePoint, a stack
//   overflow past ~120,000) must never see more.
// - File size: JSON is read by a linear scanner and has been used on 60 MB `~/.claude.json` files
//   (Claude Code keeps history there), so it may reach 256 MB. TOML and YAML documents keep a node
//   per key and value with its range and the value tree beside it (toml/parser.ts: ~70 bytes of
//   memory per byte of file; the `yaml` package more), so they stop at 8 MB: an 8 MB config.toml is
//   already 2,000 times the largest one seen in the wild.

export const MAX_NESTING = 256;
export const MAX_TOKEN_CHARS = 65_536;
export const MAX_FILE_CHARS: Readonly<Record<'json' | 'toml' | 'yaml', number>> = {
  json: 256 * 1024 * 1024,
  toml: 8 * 1024 * 1024,
  yaml: 8 * 1024 * 1024,
};

export type LimitProblem =
  | { kind: 'too-deep'; offset: number }
  | { kind: 'too-large'; offset: number; what: 'file' | 'token' };

export interface LimitDiagnosticText {
  code: 'too-deep' | 'too-large';
  message: string;
  hint: string;
}

const HINT = 'check that this is the file you meant (a generated or damaged file?); fix it or move it aside, then run patchbay again';

/** The sentence for a limit problem in a file of `format` (the caller adds path and line:column). */
export function limitText(problem: LimitProblem, format: 'json' | 'toml' | 'yaml', chars: number): LimitDiagnosticText {
  if (problem.kind === 'too-deep') {
    return { code: 'too-deep', message: `this file nests tables, arrays or mappings more than ${MAX_NESTING} levels deep; no host configuration does, so patchbay does not read it`, hint: HINT };
  }
  if (problem.what === 'file') {
    return { code: 'too-large', message: `this ${format.toUpperCase()} file has ${chars.toLocaleString('en-US')} characters, more than the ${MAX_FILE_CHARS[format].toLocaleString('en-US')} patchbay reads in this format; no host configuration is this large`, hint: HINT };
  }
  return { code: 'too-large', message: `a string or value here is longer than ${MAX_TOKEN_CHARS.toLocaleString('en-US')} characters; no host configuration holds one, so patchbay does not read it`, hint: HINT };
}
