// Generated JSONC documents for property tests: values, layout styles, and a renderer that puts
// comments wherever trivia may go and trailing commas where JSONC allows them. A tolerance narrows
// that to what a host reads: 'comments' (no trailing commas), 'strict' (neither). The random draws are
// the same whatever the tolerance, so a seed names one layout.
import fc from 'fast-check';

export type J = string | number | boolean | null | J[] | { [k: string]: J };

const key = fc.constantFrom('a', 'b', 'name', 'x y', 'é', 'servers', 'mcp', 'env', '$schema', 'k"q', 'url');
const scalar: fc.Arbitrary<J> = fc.oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.boolean(), fc.constant(null));
export const { value } = fc.letrec<{ value: J }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(key, tie('value'), { maxKeys: 3 }),
  ),
}));
export const server = fc.record({ command: fc.constantFrom('node', 'npx', 'uvx'), args: fc.array(fc.string({ maxLength: 5 }), { maxLength: 2 }) });
export const doc = fc.record({
  others: fc.dictionary(key, value, { maxKeys: 4 }), // `key` never yields mcpServers
  servers: fc.option(fc.dictionary(fc.constantFrom('fs', 'git', 'db', 'web'), server, { maxKeys: 3 }), { nil: undefined }),
  serversFirst: fc.boolean(),
});

export interface Style {
  eol: '\n' | '\r\n';
  unit: string;
  bom: boolean;
  finalNewline: boolean;
  seed: number;
}
export const style = fc.record({
  eol: fc.constantFrom<'\n' | '\r\n'>('\n', '\r\n'),
  unit: fc.constantFrom('  ', '    ', '\t', ' '),
  bom: fc.boolean(),
  finalNewline: fc.boolean(),
  seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
});

/** Renders with random layout decisions from a seeded PRNG: comments, trailing commas, one-line objects. */
export function render(v: J, s: Style, tolerance: 'strict' | 'comments' | 'jsonc' = 'jsonc'): string {
  const comments = tolerance !== 'strict';
  const commas = tolerance === 'jsonc';
  let state = s.seed;
  const rand = () => {
    state = (state * 48271) % 2147483647;
    return state / 2147483647;
  };
  const afterItem = () => {
    const r = rand();
    if (!comments) return s.eol;
    if (r < 0.12) return ` // note ${Math.floor(r * 100)}` + s.eol;
    if (r < 0.2) return ' /* c, "x": 1 */' + s.eol;
    return s.eol;
  };
  const go = (val: J, ind: string): string => {
    if (val === null || typeof val !== 'object') return JSON.stringify(val);
    const entries: [string | null, J][] = Array.isArray(val) ? val.map((x) => [null, x]) : Object.entries(val);
    const open = Array.isArray(val) ? '[' : '{';
    const close = Array.isArray(val) ? ']' : '}';
    if (entries.length === 0) return open + (rand() < 0.3 ? ' ' : '') + (rand() < 0.15 && comments ? '/* empty */' : '') + close;
    const inner = ind + s.unit;
    const trailing = rand() < 0.25 && commas ? ',' : '';
    const items = entries.map(([k, x]) => (k === null ? '' : JSON.stringify(k) + ': ') + go(x, inner));
    if (rand() < 0.3) return open + (rand() < 0.5 ? ' ' : '') + items.join(', ') + trailing + (rand() < 0.2 && comments ? ' /* end */' : '') + close;
    let out = open + (rand() < 0.1 && comments ? ' // open' : '') + s.eol;
    items.forEach((item, i) => {
      if (rand() < 0.1 && comments) out += inner + '// about the next one' + s.eol;
      if (rand() < 0.1) out += s.eol;
      out += inner + item + (i < items.length - 1 ? ',' : trailing) + afterItem();
    });
    return out + ind + close;
  };
  const text = (rand() < 0.2 && comments ? `// header${s.eol}` : '') + go(v, '') + (s.finalNewline ? s.eol : '');
  return (s.bom ? '\uFEFF' : '') + text;
}
