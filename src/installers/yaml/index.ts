// The YAML codec (Goose's `extensions` mapping, Continue's `mcpServers` list): byte-minimal edits of
// YAML host files. See document.ts for the document, insert/remove/replace.ts for the edits.
import type { DocValue, DocumentCodec, DocumentStyle } from '../document/types.js';
import { YamlDocument } from './document.js';
import { pairLines } from './print.js';

export const yamlCodec: DocumentCodec = {
  kind: 'yaml',
  parse: (text, options) => new YamlDocument(text, options.path),
  create,
};

/** A new file: block style, sequences indented under their key (the common hand-written form). */
function create(value: { [key: string]: DocValue }, style: Partial<DocumentStyle> = {}): string {
  const eol = style.eol ?? '\n';
  // YAML forbids tabs in indentation: a tab unit (from a JSON-minded default) becomes two spaces.
  const unit = style.indentUnit === undefined || style.indentUnit.includes('\t') ? 2 : style.indentUnit.length;
  const entries = Object.entries(value);
  const body = entries.length === 0 ? '{}' : entries.flatMap(([k, v]) => pairLines(k, v, 0, { unit, seqIndent: true })).join(eol);
  return (style.bom ? '\uFEFF' : '') + body + (style.finalNewline === false ? '' : eol);
}
