// Deterministic documentation search: BM25 over sections (heading counted twice, document title
// once), no network, no model. Equal scores are ordered by section id, so the same query always
// gives the same list on every machine.
import type { DocDocument, DocSection, DocsCatalog } from './catalog.js';

export type SearchHit = {
  /** `<document>#<section>`: pass it to read_doc. */
  id: string;
  document: string;
  section: string;
  title: string;
  heading: string;
  score: number;
  snippet: string;
};

const K1 = 1.2;
const B = 0.75;
const STOPWORDS = new Set(
  'a an and are as at be by for from how i in is it of on or that the this to what when which with do does can you your my'.split(' '),
);

export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length > 1 && !STOPWORDS.has(t));
}

interface IndexedSection {
  id: string;
  doc: DocDocument;
  section: DocSection;
  tf: Map<string, number>;
  length: number;
}

const indexCache = new WeakMap<DocsCatalog, { sections: IndexedSection[]; df: Map<string, number>; avgLength: number }>();

function buildIndex(catalog: DocsCatalog) {
  const cached = indexCache.get(catalog);
  if (cached) return cached;
  const sections: IndexedSection[] = [];
  const df = new Map<string, number>();
  for (const doc of catalog.documents) {
    for (const section of doc.sections) {
      const tokens = [...tokenize(section.heading), ...tokenize(section.heading), ...tokenize(doc.title), ...tokenize(section.text)];
      const tf = new Map<string, number>();
      for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
      for (const t of tf.keys()) df.set(t, (df.get(t) ?? 0) + 1);
      sections.push({ id: `${doc.id}#${section.id}`, doc, section, tf, length: tokens.length });
    }
  }
  const avgLength = sections.reduce((n, s) => n + s.length, 0) / Math.max(1, sections.length);
  const index = { sections, df, avgLength };
  indexCache.set(catalog, index);
  return index;
}

export function searchDocs(catalog: DocsCatalog, query: string, maxResults: number): SearchHit[] {
  const terms = [...new Set(tokenize(query))];
  if (terms.length === 0) return [];
  const { sections, df, avgLength } = buildIndex(catalog);
  const n = sections.length;
  const scored: { s: IndexedSection; score: number }[] = [];
  for (const s of sections) {
    let score = 0;
    for (const term of terms) {
      const f = s.tf.get(term);
      if (!f) continue;
      const d = df.get(term) ?? 0;
      const idf = Math.log(1 + (n - d + 0.5) / (d + 0.5));
      score += (idf * f * (K1 + 1)) / (f + K1 * (1 - B + (B * s.length) / avgLength));
    }
    if (score > 0) scored.push({ s, score: Math.round(score * 1e6) / 1e6 });
  }
  scored.sort((a, b) => b.score - a.score || (a.s.id < b.s.id ? -1 : a.s.id > b.s.id ? 1 : 0));
  return scored.slice(0, maxResults).map(({ s, score }) => ({
    id: s.id,
    document: s.doc.id,
    section: s.section.id,
    title: s.doc.title,
    heading: s.section.heading,
    score,
    snippet: snippet(s.section.text, terms),
  }));
}

function snippet(text: string, terms: string[]): string {
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
  const hit = lines.find((l) => tokenize(l).some((t) => terms.includes(t))) ?? lines[0] ?? '';
  return hit.length > 240 ? `${hit.slice(0, 237)}...` : hit;
}
