// A file path with a random-looking folder in it (mktemp's /tmp/tmp.XXXXXXXXXX, a Nix store hash) is not a
// credential: 40% of CI's clone folders made doctor print `/tmp/tmp.<redacted>.mjs` for a server's script,
// because `/` is a key character (base64) and the whole run of segments read as one random word. Keys
// with slashes must still be found, and a key that is itself a path segment too.
import { randomBytes, randomInt } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { redactArgs } from '../../src/redact/args.js';
import { redactText } from '../../src/redact/text.js';
import { REDACTED } from '../../src/redact/marker.js';

const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const mktempName = () => Array.from({ length: 10 }, () => ALNUM[randomInt(ALNUM.length)]).join('');

describe('paths are not keys', () => {
  test('a script under a mktemp folder is printed as it is (500 random folders)', () => {
    for (let i = 0; i < 500; i++) {
      const script = `/tmp/tmp.${mktempName()}/test/doctor/fixtures/good.mjs`;
      expect(redactArgs([script])).toEqual([script]);
      expect(redactText(`node ${script} (.cursor/mcp.json)`)).toBe(`node ${script} (.cursor/mcp.json)`);
    }
  });

  test('a Nix store path keeps its hash', () => {
    const nix = '/nix/store/9x2b7kq0h8n3l4ld0f1d5v0a6yq8w2jz-nodejs-20.11.1/bin/node';
    expect(redactArgs([nix])).toEqual([nix]);
  });
});

describe('keys are still keys', () => {
  test('base64 keys with slashes are redacted as before (AWS example secret, 2000 random 40-char keys)', () => {
    expect(redactArgs(['wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'])).toEqual([REDACTED]);
    let kept = 0;
    for (let i = 0; i < 2000; i++) {
      const key = randomBytes(30).toString('base64');
      if (redactArgs([key])[0] === key) kept++;
    }
    // The entropy rule lets a few unlucky random keys through (35 of 20,000 before and after this change).
    expect(kept).toBeLessThan(20);
  });

  test('a key that is one segment of a path is still found', () => {
    const key = randomBytes(24).toString('base64url');
    expect(redactText(`/srv/app/config/${key}/run`)).not.toContain(key);
  });
});
