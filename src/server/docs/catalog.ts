// The documentation served by search_docs / read_doc / patchbay://docs/{id}. In the bundle it is a
// JSON string embedded at build time (embedded.ts, a lazily imported chunk), so the server reads no
// file at run time. Unbundled (vitest), it is built from the repository files
// with the same code the build uses. Parsed lazily on first use: startup stays free of work.
import { fileURLToPath } from 'node:url';

export interface DocSection {
  id: string;
  heading: string;
  level: number;
  text: string;
}

export interface DocDocument {
  id: string;
  title: string;
  file: string;
  sections: DocSection[];
}

export interface DocsCatalog {
  documents: DocDocument[];
}

let cached: Promise<DocsCatalog> | undefined;

export function loadCatalog(): Promise<DocsCatalog> {
  cached ??= readCatalog();
  return cached;
}

async function readCatalog(): Promise<DocsCatalog> {
  const { EMBEDDED_DOCS } = await import('./embedded.js');
  if (EMBEDDED_DOCS !== undefined) return JSON.parse(EMBEDDED_DOCS) as DocsCatalog;
  // Not bundled: build from the checkout. The specifier is computed so esbuild does not bundle it.
  const root = new URL('../../../', import.meta.url);
  const script = new URL('scripts/docs-catalog.mjs', root).href;
  const mod = (await import(script)) as { buildDocsCatalog(root: string): Promise<DocsCatalog> };
  return mod.buildDocsCatalog(fileURLToPath(root));
}

export function findDocument(catalog: DocsCatalog, id: string): DocDocument | undefined {
  return catalog.documents.find((d) => d.id === id);
}

/** Markdown of a whole document, reassembled from its sections. */
export function documentMarkdown(doc: DocDocument): string {
  return doc.sections.map((s) => sectionMarkdown(s)).join('\n\n');
}

export function sectionMarkdown(section: DocSection): string {
  const heading = section.level > 0 ? `${'#'.repeat(section.level)} ${section.heading}\n\n` : '';
  return `${heading}${section.text}`.trim();
}
