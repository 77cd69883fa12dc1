import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/server/docs/catalog.js';
import { searchDocs } from '../../src/server/docs/search.js';
import { readDocTool, searchDocsTool, truncateUtf8 } from '../../src/server/tools/docs.js';

describe('docs catalog and search', () => {
  it('builds the catalog from the repository under vitest, with the server reference in it', async () => {
    const catalog = await loadCatalog();
    const ids = catalog.documents.map((d) => d.id);
    expect(ids).toContain('readme');
    expect(ids).toContain('mcp-server');
  });

  it('ranks deterministically and breaks ties by id', async () => {
    const catalog = await loadCatalog();
    const a = searchDocs(catalog, 'response too large limit', 10);
    const b = searchDocs(catalog, 'limit large too response', 10);
    expect(a.length).toBeGreaterThan(0);
    expect(b).toEqual(a);
    for (let i = 1; i < a.length; i++) {
      const prev = a[i - 1]!;
      const cur = a[i]!;
      expect(prev.score > cur.score || (prev.score === cur.score && prev.id < cur.id)).toBe(true);
    }
    expect(a[0]!.document).toBe('mcp-server');
  });

  it('search_docs answers empty for a query with no match', async () => {
    expect((await searchDocsTool({ query: 'zzqqxxnomatch' })).status).toBe('empty');
  });

  it('read_doc reads a section by document#section and reports unknown ids as invalid', async () => {
    const hit = (await searchDocsTool({ query: 'size limits', max_results: 1 })).data!.results[0]!;
    const doc = await readDocTool({ id: hit.id });
    expect(doc.status).toBe('ok');
    expect(doc.data!.section).toBe(hit.section);
    expect((await readDocTool({ id: 'no-such-doc' })).status).toBe('invalid');
    expect((await readDocTool({ id: 'readme', section: 'no-such-section' })).status).toBe('invalid');
  });

  it('truncates at max_bytes without splitting a UTF-8 character', async () => {
    const { text, truncated } = truncateUtf8('é'.repeat(10), 5);
    expect(truncated).toBe(true);
    expect(text).toBe('éé');
    const doc = await readDocTool({ id: 'readme', max_bytes: 300 });
    expect(doc.data!.truncated).toBe(true);
    expect(Buffer.byteLength(doc.data!.text)).toBeLessThanOrEqual(300);
  });
});
