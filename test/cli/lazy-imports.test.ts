// main.ts must evaluate only what every invocation needs: `patchbay mcp` may not load prompts or the
// wizard, `--version`/`--help` no command module. This walks the STATIC import graph from main.ts
// (type-only imports and dynamic import() excluded) and checks what it reaches.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function staticImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specs: string[] = [];
  const pattern = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
  for (const match of source.matchAll(pattern)) specs.push(match[1]!);
  return specs;
}

function graph(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of staticImports(file)) {
      if (spec.startsWith('.')) visit(path.resolve(path.dirname(file), spec.replace(/\.js$/, '.ts')));
      else seen.add(`pkg:${spec}`);
    }
  };
  visit(entry);
  return seen;
}

function relative(set: Set<string>): string[] {
  return [...set].map((f) => (f.startsWith('pkg:') ? f : path.relative(root, f))).sort();
}

describe('lazy command loading', () => {
  it('main.ts statically reaches only the argv parser, the exit codes and tiny shared modules', () => {
    const reached = relative(graph(path.join(root, 'src/cli/main.ts')));
    expect(reached.filter((f) => f.startsWith('pkg:') && !f.startsWith('pkg:node:'))).toEqual([]);
    for (const forbidden of ['src/cli/wizard.ts', 'src/cli/session.ts', 'src/cli/output.ts', 'src/cli/help.ts']) {
      expect(reached).not.toContain(forbidden);
    }
    expect(reached.some((f) => f.startsWith('src/cli/commands/'))).toBe(false);
    // Of the installers, only the import-free catalog data (the host id list).
    expect(reached.filter((f) => f.startsWith('src/installers/'))).toEqual(['src/installers/catalog-data.ts']);
    expect(reached.filter((f) => f.startsWith('src/core/')).sort()).toEqual(['src/core/host-ids.ts', 'src/core/suggest.ts']);
    expect(reached.some((f) => f.startsWith('src/rollback/'))).toBe(false);
  });

  it('the mcp command statically loads neither prompts, the wizard, the installers nor the engine', () => {
    const reached = relative(graph(path.join(root, 'src/cli/commands/mcp.ts')));
    expect(reached).not.toContain('pkg:prompts');
    expect(reached.some((f) => f.includes('wizard') || f.includes('session') || f.includes('installers/index'))).toBe(false);
  });

  it('the walker does see static imports (guards against a walker that finds nothing)', () => {
    const reached = relative(graph(path.join(root, 'src/cli/wizard.ts')));
    expect(reached).toContain('pkg:prompts');
    expect(relative(graph(path.join(root, 'src/cli/main.ts')))).toContain('src/cli/args.ts');
  });
});
