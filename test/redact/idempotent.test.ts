// Redacting twice changes nothing: REDACTED itself never looks like a secret to any pass, and no
// pass uncovers something an earlier pass hid. The plan tool relies on this (both sides of a diff
// are redacted the same way, and already-redacted text may be redacted again by the presenter).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REDACTED, isSecretLikeValue, redactArgs, redactConfigText, redactText, redactUrl } from '../../src/redact.js';

const fragment = fc.constantFrom(
  'y', 'A', '7', ':', '/', '://', '-', '--', '=', '"', "'", '\\', ' ', '\n', '{', '}', '[', ']', '@', '?', '&', '#', ',',
  'token', 'key', 'api_key', 'Bearer ', 'sk-proj-abc123def456ghi789jkl', 'ghp_a1B2c3D4e5F6g7H8i9J0k1', 'https://u:p@h/x', '${env:X}',
  'hooks', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', REDACTED,
);
const text = fc.array(fragment, { maxLength: 24 }).map((parts) => parts.join(''));
// Without REDACTED as input: "y://y<redacted>@" is a URL with userinfo, whoever wrote the marker.
const plainText = fc.array(fragment.filter((f) => f !== REDACTED), { maxLength: 24 }).map((parts) => parts.join(''));

describe('redaction is idempotent', () => {
  it('redactText, redactConfigText, redactUrl, redactArgs', () => {
    fc.assert(
      fc.property(text, fc.array(text, { maxLength: 6 }), (s, args) => {
        const once = redactText(s);
        expect(redactText(once)).toBe(once);
        const file = redactConfigText(s);
        expect(redactConfigText(file)).toBe(file);
        const url = redactUrl(`https://${s}`);
        expect(redactUrl(url)).toBe(url);
        const argv = redactArgs(args);
        expect(redactArgs(argv)).toEqual(argv);
      }),
      { numRuns: 2000, seed: 424242 },
    );
  });

  it('what redactText leaves is not secret-like, word by word', () => {
    fc.assert(
      fc.property(plainText, (s) => {
        for (const word of redactText(s).split(/\s+/)) expect(isSecretLikeValue(word), word).toBe(false);
      }),
      { numRuns: 1000, seed: 7 },
    );
  });
});
