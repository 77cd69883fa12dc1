// Text forms of diagnostics, errors and diffs. Every problem prints as
//   file:line:column code message
//     hint: what to do
// with the path shown project-relative or as ~/... (src/display-path.ts).
import type { Diagnostic } from '../diagnostics.js';
import { displayPath, type DisplayRoots } from '../display-path.js';
import type { PatchbayError } from '../errors.js';
import type { Style } from './output.js';

function location(pathAbs: string | undefined, line: number | undefined, column: number | undefined, roots: DisplayRoots): string {
  if (pathAbs === undefined) return 'patchbay:';
  const shown = displayPath(pathAbs, roots);
  if (line === undefined) return `${shown}:`;
  return `${shown}:${line}:${column ?? 1}`;
}

export function formatDiagnostic(d: Diagnostic, roots: DisplayRoots, style: Style): string {
  const paint = d.severity === 'error' ? style.red : d.severity === 'warning' ? style.yellow : style.cyan;
  const head = `${style.bold(location(d.path, d.line, d.column, roots))} ${paint(d.code)} ${d.message}`;
  return d.hint ? `${head}\n  ${style.dim('hint:')} ${d.hint}` : head;
}

export function formatError(error: PatchbayError, roots: DisplayRoots, style: Style): string {
  const { path: p, line, column, hint, files } = error.details;
  const lines = [`${style.bold(location(p, line, column, roots))} ${style.red(error.code)} ${error.message}`];
  for (const file of files ?? []) lines.push(`  - ${displayPath(file, roots)}`);
  if (hint) lines.push(`  ${style.dim('hint:')} ${hint}`);
  return lines.join('\n');
}

/** JSON form of a diagnostic for --json: the display path, never the absolute home. */
export function diagnosticJson(d: Diagnostic, roots: DisplayRoots): Diagnostic {
  return d.path === undefined ? { ...d } : { ...d, path: displayPath(d.path, roots) };
}

/** What `--json` says of an error, thrown or a refusal's (docs/cli.md, Output). */
interface ErrorFields {
  code: string;
  message: string;
  path?: string | undefined;
  line?: number | undefined;
  column?: number | undefined;
  pointer?: string | undefined;
  hint?: string | undefined;
  files?: readonly string[] | undefined;
}

function errorFieldsJson({ code, message, path: p, line, column, pointer, hint, files }: ErrorFields, roots: DisplayRoots): Record<string, unknown> {
  return {
    code,
    message,
    ...(p !== undefined ? { path: displayPath(p, roots) } : {}),
    ...(line !== undefined ? { line } : {}),
    ...(column !== undefined ? { column } : {}),
    ...(pointer !== undefined ? { pointer } : {}),
    ...(hint !== undefined ? { hint } : {}),
    ...(files !== undefined ? { files: files.map((f) => displayPath(f, roots)) } : {}),
  };
}

export function errorJson(error: PatchbayError, roots: DisplayRoots): Record<string, unknown> {
  return { ...errorFieldsJson({ ...error.details, code: error.code, message: error.message }, roots), ...(error.details.inputs ? { inputs: error.details.inputs } : {}) };
}

/**
 * The `error` object of a refusal (docs/cli.md, Output): a refusal is one or more error diagnostics, not
 * a thrown error, so a script reading `--json` gets the same fields either way. The first error names
 * the code, message, position and hint; `files` lists every file with an error.
 */
export function refusalErrorJson(diagnostics: readonly Diagnostic[], roots: DisplayRoots): Record<string, unknown> | undefined {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const first = errors[0];
  if (first === undefined) return undefined;
  const files = [...new Set(errors.flatMap((d) => (d.path !== undefined ? [d.path] : [])))];
  return errorFieldsJson({
    ...first,
    message: errors.length === 1 ? first.message : `${first.message} (and ${errors.length - 1} more ${errors.length === 2 ? 'problem' : 'problems'}, in diagnostics)`,
    files: files.length > 0 ? files : undefined,
  }, roots);
}

/** Colours a unified diff line by line (a no-op with the plain style). */
export function paintDiff(diff: string, style: Style): string {
  return diff
    .split('\n')
    .map((line) => {
      if (line.startsWith('+++') || line.startsWith('---')) return style.bold(line);
      if (line.startsWith('@@')) return style.cyan(line);
      if (line.startsWith('+')) return style.green(line);
      if (line.startsWith('-')) return style.red(line);
      return line;
    })
    .join('\n');
}
