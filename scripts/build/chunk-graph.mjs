// dist/meta.json: which files each output imports, from rolldown's output bundles. Tests
// (test/cli/lazy-imports.test.ts, test/cli/package-files.test.ts) and benches read it to check the
// structure of the BUILT bundle, e.g. that `mcp` never reaches prompts.
import path from 'node:path';

/**
 * {file: {bytes, imports: [static imports], dynamic: [import() targets], inputs: [source modules],
 * inputBytes: {module: bytes in this file}}}: files relative to dist/, modules relative to the
 * repository (node builtins and other packages left out). An import of another build's output
 * (the bin's import of commands/<name>.mjs) is an edge too. Throws when an edge names no output.
 */
export function chunkGraph(outputs, { root, dist }) {
  const graph = {};
  const chunks = outputs.filter((o) => o.type === 'chunk');
  const files = new Set(chunks.map((c) => c.fileName));
  for (const chunk of chunks) {
    // rolldown names another chunk by its file name; an external keeps its specifier, which for the
    // bin's commands/<name>.mjs is relative to the importing file. Packages and builtins are no edge.
    const target = (spec) => {
      if (files.has(spec)) return spec;
      if (spec.startsWith('./') || spec.startsWith('../')) return path.posix.normalize(path.posix.join(path.posix.dirname(chunk.fileName), spec));
      return null;
    };
    const edges = (specs) => specs.map(target).filter((t) => t !== null);
    const modules = Object.entries(chunk.modules).map(([id, m]) => [inputName(id, root), m.renderedLength]);
    graph[chunk.fileName] = {
      bytes: Buffer.byteLength(chunk.code),
      imports: edges(chunk.imports),
      dynamic: edges(chunk.dynamicImports),
      inputs: modules.map(([id]) => id),
      inputBytes: Object.fromEntries(modules),
    };
  }
  for (const [file, node] of Object.entries(graph)) {
    for (const t of [...node.imports, ...node.dynamic]) if (!graph[t]) throw new Error(`build: ${file} imports ${t}, which no build wrote (dist: ${dist})`);
  }
  return graph;
}

/** A module id as the tests name it: 'src/cli/main.ts', 'node_modules/yaml/dist/index.js'. */
function inputName(id, root) {
  if (!path.isAbsolute(id)) return id.replace(/^\0/, '');
  return path.relative(root, id).split(path.sep).join('/');
}
