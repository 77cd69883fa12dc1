// Builds the documentation catalog that `patchbay mcp` serves through search_docs/read_doc.
// Input: README.md and docs/*.md. Output: plain data, embedded in the bundle at build time, so the
// server reads no file at run time and answers the same on every machine.
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';

function slug(text) {
  return text.toLowerCase().replace(/[`*_]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}

/** Splits a markdown document into sections at headings of level 1-3. */
export function splitSections(markdown) {
  const sections = [];
  let current = { heading: '', level: 0, lines: [] };
  let inFence = false;
  for (const line of markdown.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const m = !inFence && /^(#{1,3})\s+(.*)$/.exec(line);
    if (m) {
      if (current.heading || current.lines.some((l) => l.trim())) sections.push(current);
      current = { heading: m[2].trim(), level: m[1].length, lines: [] };
    } else {
      current.lines.push(line);
    }
  }
  if (current.heading || current.lines.some((l) => l.trim())) sections.push(current);
  const seen = new Map();
  return sections.map((s) => {
    const base = slug(s.heading) || 'intro';
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return { id: n === 1 ? base : `${base}-${n}`, heading: s.heading, level: s.level, text: s.lines.join('\n').trim() };
  });
}

export async function buildDocsCatalog(root) {
  const sources = [{ id: 'readme', file: 'README.md' }];
  const docsDir = path.join(root, 'docs');
  let names = [];
  try {
    names = (await readdir(docsDir)).filter((n) => n.endsWith('.md')).sort();
  } catch {
    names = [];
  }
  for (const name of names) sources.push({ id: name.replace(/\.md$/, ''), file: path.join('docs', name) });
  const documents = [];
  for (const source of sources) {
    let text;
    try {
      text = await readFile(path.join(root, source.file), 'utf8');
    } catch {
      continue;
    }
    const sections = splitSections(text);
    const title = sections.find((s) => s.level === 1)?.heading ?? source.id;
    documents.push({ id: source.id, title, file: source.file, sections });
  }
  return { documents };
}
