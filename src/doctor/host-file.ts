// Reads one host file for doctor with the host record's own codec (JSON, JSONC, TOML, YAML), so a
// file is judged exactly as `status` judges it: strict JSON where the host is strict, duplicate keys
// refused, TOML/YAML syntax errors with line:column. Read-only; a missing file is not an error.
import { readFile } from 'node:fs/promises';
import type { Diagnostic } from '../diagnostics.js';
import { hasErrors } from '../diagnostics.js';
import { openDocument } from '../installers/document/lazy-codec.js';
import type { ConfigDocument, DocumentCodec } from '../installers/document/types.js';

export interface HostFile {
  path: string;
  exists: boolean;
  /** The parsed document; undefined when missing, unreadable, or malformed (diagnostics say why). */
  doc?: ConfigDocument;
  diagnostics: Diagnostic[];
}

export async function readHostFile(path: string, codec: DocumentCodec): Promise<HostFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { path, exists: false, diagnostics: [] };
    return {
      path,
      exists: true,
      diagnostics: [{ code: 'io-failed', severity: 'error', path, message: `cannot read the file (${code ?? 'error'})`, hint: 'check its permissions' }],
    };
  }
  // Nothing here edits the document: a plain YAML file is read without the `yaml` package.
  const doc = await openDocument(codec, text, { path }, true);
  const diagnostics = [...doc.diagnostics];
  if (hasErrors(diagnostics)) return { path, exists: true, diagnostics };
  return { path, exists: true, ...(doc.empty ? {} : { doc }), diagnostics };
}
