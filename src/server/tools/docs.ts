// search_docs and read_doc over the documentation catalog embedded at build time.
import * as z from 'zod';
import { documentMarkdown, findDocument, loadCatalog, sectionMarkdown } from '../docs/catalog.js';
import { searchDocs } from '../docs/search.js';
import { makeEnvelope, type Envelope } from '../envelope.js';
import { READ_DOC_DEFAULT_BYTES, READ_DOC_MAX_BYTES } from '../limits.js';

export const SearchDocsInput = z.object({
  query: z.string().min(1).max(500).describe('Words to look for, e.g. "rollback journal"'),
  max_results: z.number().int().min(1).max(20).optional().describe('Default 5'),
});

export const SearchDocsData = z.object({
  query: z.string(),
  results: z.array(
    z.looseObject({
      id: z.string().describe('document#section; pass to read_doc'),
      document: z.string(),
      section: z.string(),
      title: z.string(),
      heading: z.string(),
      score: z.number(),
      snippet: z.string(),
    }),
  ),
});
export type SearchDocsData = z.infer<typeof SearchDocsData>;

export async function searchDocsTool(input: z.infer<typeof SearchDocsInput>): Promise<Envelope<SearchDocsData>> {
  const catalog = await loadCatalog();
  const results = searchDocs(catalog, input.query, input.max_results ?? 5);
  return makeEnvelope('search_docs', results.length === 0 ? 'empty' : 'ok', { query: input.query, results });
}

export const ReadDocInput = z.object({
  id: z.string().min(1).max(200).describe('Document id (e.g. "mcp-server") or "document#section"'),
  section: z.string().min(1).max(200).optional().describe('Section id inside the document'),
  max_bytes: z.number().int().min(256).max(READ_DOC_MAX_BYTES).optional().describe(`Default ${READ_DOC_DEFAULT_BYTES}`),
});

export const ReadDocData = z.object({
  id: z.string(),
  document: z.string(),
  title: z.string(),
  section: z.string().optional(),
  text: z.string(),
  bytes: z.number().int().describe('Size of the full text before truncation'),
  truncated: z.boolean(),
  sections: z.array(z.looseObject({ id: z.string(), heading: z.string() })),
});
export type ReadDocData = z.infer<typeof ReadDocData>;

/** Cuts at a byte budget without splitting a UTF-8 character. */
export function truncateUtf8(text: string, maxBytes: number): { text: string; truncated: boolean } {
  const buffer = Buffer.from(text, 'utf8');
  if (buffer.length <= maxBytes) return { text, truncated: false };
  let end = maxBytes;
  while (end > 0 && (buffer[end]! & 0xc0) === 0x80) end--;
  return { text: buffer.subarray(0, end).toString('utf8'), truncated: true };
}

export async function readDocTool(input: z.infer<typeof ReadDocInput>): Promise<Envelope<ReadDocData>> {
  const catalog = await loadCatalog();
  const [docId = '', fromId] = input.id.split('#', 2);
  const sectionId = input.section ?? fromId;
  const doc = findDocument(catalog, docId);
  if (!doc) {
    return makeEnvelope<ReadDocData>('read_doc', 'invalid', undefined, [
      {
        code: 'doc-not-found',
        severity: 'error',
        message: `No document has the id "${docId}".`,
        hint: `Known documents: ${catalog.documents.map((d) => d.id).join(', ')}. search_docs returns ids.`,
      },
    ]);
  }
  const sections = doc.sections.map((s) => ({ id: s.id, heading: s.heading }));
  let full: string;
  if (sectionId !== undefined) {
    const section = doc.sections.find((s) => s.id === sectionId);
    if (!section) {
      return makeEnvelope<ReadDocData>('read_doc', 'invalid', undefined, [
        {
          code: 'section-not-found',
          severity: 'error',
          message: `Document "${doc.id}" has no section "${sectionId}".`,
          hint: `Sections: ${sections.map((s) => s.id).join(', ')}`.slice(0, 1500),
        },
      ]);
    }
    full = sectionMarkdown(section);
  } else {
    full = documentMarkdown(doc);
  }
  const { text, truncated } = truncateUtf8(full, input.max_bytes ?? READ_DOC_DEFAULT_BYTES);
  const data: ReadDocData = {
    id: sectionId !== undefined ? `${doc.id}#${sectionId}` : doc.id,
    document: doc.id,
    title: doc.title,
    text,
    bytes: Buffer.byteLength(full),
    truncated,
    sections,
  };
  if (sectionId !== undefined) data.section = sectionId;
  return makeEnvelope('read_doc', 'ok', data);
}
