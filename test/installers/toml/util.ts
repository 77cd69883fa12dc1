// Shared helpers of the TOML tests. Values are checked with the parser's own getStaticTOMLValue, not
// with the document's get(), so a bug in our value walk cannot hide a bug in our edits.
import { getStaticTOMLValue, parseTOML } from 'toml-eslint-parser';
import { applyTextEdits, DocumentEditError, type ConfigDocument, type TextEdit } from '../../../src/installers/document/types.js';
import { tomlCodec } from '../../../src/installers/toml/index.js';

export function parse(text: string): ConfigDocument {
  return tomlCodec.parse(text, { path: '/p/config.toml' });
}

/** The document's text after `edits` (BOM-less, as the edits' offsets are). */
export function after(doc: ConfigDocument, edits: TextEdit[]): string {
  return applyTextEdits(doc.text, edits);
}

/** Never give it a "__proto__" key: getStaticTOMLValue would write a table of that name into Object.prototype. */
export function realValue(text: string): unknown {
  return getStaticTOMLValue(parseTOML(text.replace(/^\uFEFF/, ''), { tomlVersion: '1.0.0' }));
}

/** Every comment's text (line and trailing), in order. */
export function comments(text: string): string[] {
  return parseTOML(text.replace(/^\uFEFF/, ''), { tomlVersion: '1.0.0' }).comments.map((c) => c.value);
}

/** The DocumentEditError `fn` throws, as plain data; fails the test when it throws nothing else. */
export function editError(fn: () => unknown): { code: string; position?: { line: number; column: number } } {
  try {
    fn();
  } catch (error) {
    if (!(error instanceof DocumentEditError)) throw error;
    return error.position ? { code: error.code, position: error.position } : { code: error.code };
  }
  throw new Error('expected a DocumentEditError, but the edit succeeded');
}

/** insert, then parse the result and remove the same path: both texts. */
export function roundTrip(text: string, path: readonly (string | number)[], value: Parameters<ConfigDocument['insert']>[1]): { inserted: string; removed: string } {
  const doc = parse(text);
  const inserted = after(doc, doc.insert(path, value));
  const again = parse(inserted);
  return { inserted, removed: after(again, again.remove(path)) };
}
