// Transaction ids sort by time as plain strings: 20261203T064500.123Z-3f9a.
// Millisecond resolution plus a per-process monotonic clamp keeps ids from one process strictly
// increasing, so "newest" is well defined even for transactions in the same millisecond.
import { randomHex } from '../node-crypto.js';

let lastMs = 0;

export function newTransactionId(now: Date = new Date()): string {
  let ms = now.getTime();
  if (ms <= lastMs) ms = lastMs + 1;
  lastMs = ms;
  const iso = new Date(ms).toISOString(); // 2026-12-03T06:45:00.123Z
  const compact = iso.replace(/[-:]/g, '');
  return `${compact}-${randomHex(2)}`;
}

const ID_PATTERN = /^\d{8}T\d{6}\.\d{3}Z-[0-9a-f]{4}$/;

export function isTransactionId(value: string): boolean {
  return ID_PATTERN.test(value);
}
