// Redaction must be linear in its input (audit item 1): one long unbroken token in a host file made
// `plan` hang, because the URL-in-text regex backtracked from every character of it. The assertion
// is the growth from 64 KiB to 1 MiB of the same adversarial input — linear is ~16×, quadratic 256×
// — never an absolute time.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleRedactor, measureScaling, type Measured } from './scaling.js';

const MAX_RATIO = 40;
/** Per measurement; a linear redactor needs well under a second of CPU for both sizes. */
const BUDGET_MS = 45_000;

let url: string;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ url, cleanup } = await bundleRedactor());
});
afterAll(async () => {
  await cleanup?.();
});

async function expectLinear(fn: Measured, unit: string): Promise<void> {
  const s = await measureScaling(url, fn, unit, MAX_RATIO, Date.now() + BUDGET_MS);
  expect(s.ratio, `${fn}(${JSON.stringify(unit.slice(0, 40))}): 64 KiB ${s.small.toFixed(2)} ms, 1 MiB ${s.big.toFixed(2)} ms`).toBeLessThan(MAX_RATIO);
}

// The shapes named in the audit, plus the other ways a scanner can be made to rescan.
const SHAPES: Record<string, string> = {
  'one long run (a base64 blob, a minified value)': 'y',
  'a:// repeated': 'a://',
  'near-miss URLs': 'http:/x?token=1 ',
  'mixed-case run': 'aB3',
  'dashes (a flag that never ends)': '-a',
  'secret names with unclosed quotes': "token: '",
  'quoted secret pairs with escapes': '"token": "\\\\\\"',
  'vendor prefixes back to back': 'sk-',
};

const FUNCTIONS: Measured[] = ['redactText', 'redactConfigText', 'redactArgs', 'redactUrl', 'isSecretLikeValue'];

describe('redaction scales linearly (1 MiB / 64 KiB < 40×)', () => {
  for (const [shape, unit] of Object.entries(SHAPES)) {
    for (const fn of FUNCTIONS) {
      it(`${fn}: ${shape}`, () => expectLinear(fn, unit), BUDGET_MS + 15_000);
    }
  }

  // Generated units: short sequences of the fragments every pass reacts to (scheme separators,
  // quotes, escapes, secret names, separators, vendor prefixes, brackets).
  const fragment = fc.constantFrom(
    'y', 'A', '7', ':', '/', '://', '-', '--', '=', '"', "'", '`', '\\', ' ', '\n', '{', '[', '@', '?', '&', '#',
    'token', 'key', 'Bearer ', 'sk-', 'ghp_', 'http', '${', 'hooks', '.', ',', '-----BEGIN RSA PRIVATE KEY-----', 'eyJ',
  );
  it(
    'redactText and redactConfigText on generated adversarial units',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(fragment, { minLength: 1, maxLength: 6 }), fc.constantFrom<Measured>('redactText', 'redactConfigText'), async (parts, fn) => {
          await expectLinear(fn, parts.join(''));
        }),
        { numRuns: 12, seed: 20261203, endOnFailure: true },
      );
    },
    12 * (BUDGET_MS + 5_000),
  );
});
