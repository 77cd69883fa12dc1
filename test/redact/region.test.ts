// The diff redacts only the lines a hunk shows (src/redact/region.ts, src/redact-plan.ts). Those lines
// must be redacted exactly as the whole-file structural pass redacts them, on any document and any
// region; and the redacted diff of a plan must be the diff of the real lines, printed as the
// whole-file redaction prints them.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { redactConfigStructure, redactText } from '../../src/redact.js';
import { secretStringEdits } from '../../src/redact/json-structure.js';
import { regionEdits } from '../../src/redact/region.js';
import { redactedDiff } from '../../src/redact-plan.js';
import { diffPlan } from '../../src/rollback/diff.js';
import { splitLines } from '../../src/rollback/line-diff.js';
import type { Plan } from '../../src/rollback/types.js';

type J = string | number | boolean | null | J[] | { [k: string]: J };

const key = fc.constantFrom('env', 'headers', 'environment', 'token', 'apiKey', 'password', 'args', 'command', 'url', 'name', 'mcpServers', 'projects', 'x', 'é');
const str = fc.constantFrom('--token', '--api-key=abc123secretvalue', 'sk-abcdefghijklmnopqrstuvwx', 'plain', 'node', '-y', 'https://u:p@host/x?token=t', 'a,', 'q"uote', '');
const scalar: fc.Arbitrary<J> = fc.oneof(str, fc.integer(), fc.boolean(), fc.constant(null));
const { value } = fc.letrec<{ value: J }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(fc.oneof(str, tie('value')), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 4 }),
  ),
}));
const doc = fc.dictionary(key, value, { minKeys: 1, maxKeys: 6 });

/** Pretty JSON, with a line comment after some structural lines (JSONC), chosen by `seed`. */
function render(v: J, seed: number, comments: boolean): string {
  const lines = JSON.stringify(v, null, 2).split('\n');
  if (!comments) return lines.join('\n') + '\n';
  let state = seed;
  return (
    lines
      .map((line) => {
        state = (state * 48271) % 2147483647;
        return (line.endsWith('{') || line.endsWith(',')) && state % 3 === 0 ? `${line}\n  // note ${state % 100}` : line;
      })
      .join('\n') + '\n'
  );
}

/** Line start offsets of a text, plus its length. */
function lineStarts(text: string): number[] {
  const out = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) out.push(i + 1);
  if (out[out.length - 1] !== text.length) out.push(text.length);
  return out;
}

describe('regionEdits', () => {
  test('equals the whole-document edits inside any line-aligned region, entering every object', () => {
    fc.assert(
      fc.property(doc, fc.integer({ min: 1, max: 2 ** 31 - 2 }), fc.boolean(), fc.nat(), fc.nat(), fc.constantFrom(0, 1, 16384), (v, seed, comments, a, b, enterMin) => {
        const text = render(v, seed, comments);
        const starts = lineStarts(text);
        const s = starts[a % starts.length] as number;
        const e = starts[Math.min(starts.length - 1, (a % starts.length) + (b % 6))] as number;
        const whole = secretStringEdits(text).filter((x) => x.offset >= s && x.offset + x.length <= e);
        const region = regionEdits(text, s, e, enterMin);
        expect(region).toBeDefined();
        expect([...region!].sort((x, y) => x.offset - y.offset)).toEqual(whole.sort((x, y) => x.offset - y.offset));
      }),
      { numRuns: 1500 },
    );
  });

  test('steps aside from what it does not read', () => {
    expect(regionEdits('[1, 2]\n', 0, 3)).toBeUndefined();
    expect(regionEdits('{"a": 1 "b": 2}\n', 0, 5)).toBeUndefined();
    expect(regionEdits('{"a": "x\n', 0, 5)).toBeUndefined();
  });
});

/** The reference: the diff of the real lines, each printed as the WHOLE-file structural redaction has it. */
function referenceDiff(p: Plan): string {
  const decoder = new TextDecoder();
  return diffPlan(p, (x) => x, {
    showLine: redactText,
    windowLines: (bytes, first, count) => splitLines(redactConfigStructure(decoder.decode(bytes))).slice(first, first + count),
  });
}

describe('redactedDiff', () => {
  test('equals the diff printed from whole-file redaction, on random edits of random files', () => {
    const enc = new TextEncoder();
    fc.assert(
      fc.property(doc, fc.integer({ min: 1, max: 2 ** 31 - 2 }), fc.boolean(), key, value, fc.nat(), (v, seed, comments, k, val, pick) => {
        const before = render(v, seed, comments);
        // An edit like the installers make: add or replace one member, or remove one.
        const keys = Object.keys(v);
        const next: Record<string, J> = { ...v };
        if (pick % 3 === 0 && keys.length > 1) delete next[keys[pick % keys.length] as string];
        else next[k] = val;
        const after = render(next, seed, comments);
        const plan: Plan = {
          description: 't',
          createDirs: [],
          changes: [{ path: '/x/settings.json', before: { exists: true, sha256: null, mode: 0o644, bytes: enc.encode(before) }, after: enc.encode(after) }],
        };
        expect(redactedDiff(plan, (x) => x)).toBe(referenceDiff(plan));
      }),
      { numRuns: 800 },
    );
  });

  test('a new file, a deleted file and a TOML file', () => {
    const enc = new TextEncoder();
    const json = enc.encode('{\n  "mcpServers": {\n    "a": { "env": { "K": "secret-value-1234" }, "args": ["--token", "abc"] }\n  }\n}\n');
    const toml = (v: string) => enc.encode(`[mcp_servers.a]\ncommand = "x"\n[mcp_servers.a.env]\nKEY = "${v}"\n`);
    const plans: Plan[] = [
      { description: 't', createDirs: [], changes: [{ path: '/n.json', before: { exists: false, sha256: null, mode: null, bytes: null }, after: json }] },
      { description: 't', createDirs: [], changes: [{ path: '/d.json', before: { exists: true, sha256: null, mode: 0o644, bytes: json }, after: 'delete' }] },
      { description: 't', createDirs: [], changes: [{ path: '/c.toml', before: { exists: true, sha256: null, mode: 0o644, bytes: toml('s3cr3t-one') }, after: toml('s3cr3t-two') }] },
    ];
    for (const p of plans) {
      const diff = redactedDiff(p, (x) => x);
      expect(diff).toBe(referenceDiff(p));
      expect(diff).not.toMatch(/secret-value-1234|s3cr3t|"abc"/);
    }
  });
});
