// src/node-crypto.ts: the lazily loaded sha256 and random hex every hash and id in patchbay goes through.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { randomHex, sha256Hex } from '../../src/node-crypto.js';

describe('sha256Hex and randomHex (node:crypto, loaded on first use)', () => {
  it('gives the FIPS 180-2 test vectors, for text and for bytes alike', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex(new TextEncoder().encode('abc'))).toBe(sha256Hex('abc'));
  });

  it('hashes text as its UTF-8 bytes (what the records and file hashes written by 0.2 used)', () => {
    const text = 'ünïcødé 🎛️ "key": [1, 2]';
    expect(sha256Hex(text)).toBe(createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex'));
  });

  it('returns 2 × n lower-case hex characters of fresh randomness', () => {
    const ids = new Set(Array.from({ length: 50 }, () => randomHex(12)));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(ids.size).toBe(50);
    expect(randomHex(2)).toMatch(/^[0-9a-f]{4}$/);
  });

  it('still works when a CLI bundles it to CommonJS (no import.meta.url there)', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'pb-node-crypto-'));
    try {
      const out = path.join(dir, 'bundled.cjs');
      const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src/node-crypto.ts');
      await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'cjs', outfile: out, logLevel: 'silent' });
      const r = spawnSync(process.execPath, ['-e', `process.stdout.write(require(${JSON.stringify(out)}).sha256Hex('abc'))`], { encoding: 'utf8' });
      expect(r.stderr).toBe('');
      expect(r.stdout).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
