// Reading a candidate file (read-only): bytes, text and the parsed document. Installers never write;
// the FileBefore captured here travels in the plan so apply can check nothing changed meanwhile.
import { isUtf8 } from 'node:buffer';
import { isPatchbayError, type ErrorCode } from '../errors.js';
import type { FileBefore } from '../rollback/types.js';
import { readBefore } from '../rollback/plan-builder.js';
import { parseDocument, type ParsedDocument } from './jsonc/parse.js';
import { detectFormat, type TextFormat } from './jsonc/text.js';

export interface LoadedFile {
  path: string;
  before: FileBefore;
  exists: boolean;
  /** Decoded text including any BOM; '' when the file does not exist. */
  text: string;
  doc: ParsedDocument;
  format: TextFormat;
}


/** Read failures that are facts about one file (reported on it), not failures of patchbay. */
const FILE_PROBLEMS: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['not-a-file', 'symlink-loop', 'not-readable']);

export async function loadFile(path: string, strict: boolean): Promise<LoadedFile> {
  let before: FileBefore;
  try {
    before = await readBefore(path);
  } catch (error) {
    if (!isPatchbayError(error) || !FILE_PROBLEMS.has(error.code)) throw error;
    // Something is there but it cannot be read as a file: a diagnostic on this file, so status lists
    // it and init/migrate/uninstall refuse at planning (exit 3) with the path the user knows. It
    // counts as existing: a candidate that is there, but broken, must not be skipped for the next one.
    const doc = parseDocument('', { strict, path });
    doc.empty = false;
    doc.diagnostics.push({ code: error.code, severity: 'error', message: error.message, path, ...(error.details.hint ? { hint: error.details.hint } : {}) });
    return { path, before: { exists: false, sha256: null, mode: null, bytes: null }, exists: true, text: '', doc, format: detectFormat('') };
  }
  if (!before.exists || !before.bytes) {
    return { path, before, exists: false, text: '', doc: parseDocument('', { strict, path }), format: detectFormat('') };
  }
  // isUtf8 validates natively in one pass; Buffer#toString then decodes without the second
  // validation TextDecoder's fatal mode does (and, like ignoreBOM, keeps a BOM in the text).
  const bytes = Buffer.from(before.bytes.buffer, before.bytes.byteOffset, before.bytes.byteLength);
  const text = isUtf8(bytes) ? bytes.toString('utf8') : null;
  if (text === null) {
    const doc = parseDocument('', { strict, path });
    doc.empty = false;
    doc.diagnostics.push({
      code: 'parse-error',
      severity: 'error',
      message: 'the file is not valid UTF-8 text',
      path,
      line: 1,
      column: 1,
      hint: 'save the file as UTF-8',
    });
    return { path, before, exists: true, text: '', doc, format: detectFormat('') };
  }
  return { path, before, exists: true, text, doc: parseDocument(text, { strict, path }), format: detectFormat(text) };
}
