// Reading a candidate file (read-only): bytes, text and the parsed document. Installers never write;
// the FileBefore captured here travels in the plan so apply can check nothing changed meanwhile.
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

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export async function loadFile(path: string, strict: boolean): Promise<LoadedFile> {
  const before = await readBefore(path);
  if (!before.exists || !before.bytes) {
    return { path, before, exists: false, text: '', doc: parseDocument('', { strict, path }), format: detectFormat('') };
  }
  let text: string;
  try {
    text = decoder.decode(before.bytes);
  } catch {
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
