// Reads one JSON/JSONC host file for doctor with the installers' own parser, so a file doctor reads
// is judged exactly as `status` judges it (strict JSON for Claude Code, comments kept in mind, duplicate
// keys refused). Read-only; a missing file is not an error.
import { readFile } from 'node:fs/promises';
import { getNodeValue } from 'jsonc-parser';
import type { Diagnostic } from '../diagnostics.js';
import { hasErrors } from '../diagnostics.js';
import { parseDocument } from '../installers/jsonc/parse.js';

export interface JsonFile {
  path: string;
  exists: boolean;
  /** The parsed value; undefined when missing, empty, or malformed (diagnostics say why). */
  value: unknown;
  diagnostics: Diagnostic[];
}

export async function readJsonFile(path: string, strict: boolean): Promise<JsonFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { path, exists: false, value: undefined, diagnostics: [] };
    return {
      path,
      exists: true,
      value: undefined,
      diagnostics: [{ code: 'io-failed', severity: 'error', path, message: `cannot read the file (${code ?? 'error'})`, hint: 'check its permissions' }],
    };
  }
  const doc = parseDocument(text, { strict, path });
  if (hasErrors(doc.diagnostics) || doc.root === undefined) return { path, exists: true, value: undefined, diagnostics: doc.diagnostics };
  return { path, exists: true, value: getNodeValue(doc.root) as unknown, diagnostics: doc.diagnostics };
}
