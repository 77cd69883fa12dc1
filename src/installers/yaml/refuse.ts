// The errors an edit throws when the layout does not allow a safe one. Codes are the contract:
//   entry-exists             the member to insert is already there
//   entry-missing            the member to replace is not there
//   invalid-path             a path the caller should not have asked for (empty, index past the end)
//   invalid-shape            a container on the path is not a mapping/sequence of the kind needed
//   yaml-unsupported-layout  anchors, aliases, tags, flow or other layouts we will not guess about
import type { DocPath } from '../document/types.js';
import { DocumentEditError } from '../document/types.js';
import { lineColumn } from '../text/text.js';

export function refuse(text: string, code: string, message: string, offset: number, hint?: string): DocumentEditError {
  return new DocumentEditError(code, message, lineColumn(text, offset), hint);
}

/** `mcpServers[0].env` for messages. */
export function describePath(path: DocPath): string {
  return path.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('') || '(top level)';
}
