// docs/architecture.md "Layers": each document format (jsonc/, toml/, yaml/) imports only its own folder,
// the format-neutral text/ helpers, document/'s types and pointers, and diagnostics — one format never
// imports another — and text/ imports nothing of patchbay's. This reads the real import statements.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const INSTALLERS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'src', 'installers');

/** Every relative module a folder's files import (static and dynamic), as `file: specifier`. */
function relativeImports(folder: string): { file: string; spec: string }[] {
  const dir = path.join(INSTALLERS, folder);
  const out: { file: string; spec: string }[] = [];
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.ts'))) {
    const text = readFileSync(path.join(dir, name), 'utf8');
    for (const m of text.matchAll(/(?:from|import\()\s*'(\.[^']*)'/g)) out.push({ file: `${folder}/${name}`, spec: m[1] as string });
  }
  return out;
}

const FORMAT_MAY_IMPORT = [/^\.\/[\w-]+\.js$/, /^\.\.\/text\/[\w-]+\.js$/, /^\.\.\/document\/(types|pointer)\.js$/, /^\.\.\/\.\.\/diagnostics\.js$/];

describe('document formats stay independent', () => {
  for (const format of ['jsonc', 'toml', 'yaml']) {
    test(`${format}/ imports only itself, text/, document types and pointers, diagnostics`, () => {
      const imports = relativeImports(format);
      expect(imports.length, `${format}/ has relative imports to check`).toBeGreaterThan(0);
      const outside = imports.filter((i) => !FORMAT_MAY_IMPORT.some((re) => re.test(i.spec)));
      expect(outside.map((i) => `${i.file} imports ${i.spec}`)).toEqual([]);
    });
  }
  test('text/ imports nothing of patchbay outside itself', () => {
    expect(relativeImports('text').filter((i) => !/^\.\/[\w-]+\.js$/.test(i.spec)).map((i) => `${i.file} imports ${i.spec}`)).toEqual([]);
  });
});
