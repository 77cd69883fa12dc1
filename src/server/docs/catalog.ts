// The documentation served by search_docs / read_doc / patchbay://docs/{id}. In the bundle it is a
// JSON string embedded at build time (esbuild define __PATCHBAY_DOCS__, see scripts/build.mjs), so
// the server reads no file at run time. Unbundled (vitest), it is built from the repository files
// with the same code the build uses. Parsed lazily on first use: startup stays free of work.
import { fileURLToPath } from 'node:url';

declare const __PATCHBAY_DOCS__: string | undefined;

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
  if (typeof __PATCHBAY_DOCS__ === 'string') return JSON.parse(__PATCHBAY_DOCS__) as DocsCatalog;
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
