// A diagnostic is the data form of a problem: installers return them, the CLI prints them as
// `file:line:column code message` + hint, and the MCP server returns them as JSON.
import type { ErrorCode } from './errors.js';

export type Severity = 'error' | 'warning' | 'info';

export interface Diagnostic {
  code: ErrorCode | string;
  severity: Severity;
  message: string;
  /** Absolute path of the file concerned; presenters shorten it (project-relative or ~/...). */
  path?: string;
  /** RFC 6901 JSON pointer inside the file, e.g. /mcpServers/patchbay */
  pointer?: string;
  /** 1-based */
  line?: number;
  /** 1-based */
  column?: number;
  /** What the user should do about it. */
  hint?: string;
  host?: string;
}

/**
 * Each problem once: a file's problem is reported by every host (and every server) that reads the file,
 * and the user needs to read it once. Same code, place and message = same problem; the first is kept.
 */
export function uniqueDiagnostics<T extends Pick<Diagnostic, 'code' | 'message' | 'path' | 'pointer' | 'line' | 'column'>>(diagnostics: readonly T[]): T[] {
  const seen = new Set<string>();
  return diagnostics.filter((d) => {
    const key = JSON.stringify([d.code, d.path, d.pointer, d.line, d.column, d.message]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/**
 * Diagnostic codes that mean "a file is malformed or cannot be read as a file" (status exits 3 on
 * these, 1 on mere drift): status cannot say what such a file holds.
 */
export const MALFORMED_CODES: ReadonlySet<string> = new Set<ErrorCode>([
  'parse-error',
  'comment-in-strict-json',
  'invalid-shape',
  'duplicate-key',
  'too-deep',
  'too-large',
  'manifest-invalid',
  'not-a-file',
  'symlink-loop',
  'not-readable',
]);
