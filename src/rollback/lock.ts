// The state-dir lock: <state>/lock holds {pid, startedAt, hostname}. It is created exclusively
// (link(2) of a fully written temp file: as atomic as O_EXCL, but the lock never exists half-written,
// so a reader never sees an empty lock and mistakes it for a stale one). A lock whose pid is dead on
// this host is stale and is taken over; a live one makes us wait up to lockWaitMs, then fail.
import { link, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PatchbayError } from '../errors.js';
import { randomHex } from '../node-crypto.js';
import { errnoCode } from './fs-util.js';

interface LockInfo {
  pid: number;
  startedAt: string;
  hostname: string;
}

export interface LockHandle {
  release(): Promise<void>;
}

const POLL_MS = 50;

export function lockPath(stateDir: string): string {
  return path.join(stateDir, 'lock');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return errnoCode(error) === 'EPERM';
  }
}

async function readLock(file: string): Promise<{ raw: string; info: LockInfo | null } | null> {
  let raw: string;
  try {
    raw = await readFile(file, 'utf8');
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return null;
    throw error;
  }
  try {
    const info = JSON.parse(raw) as LockInfo;
    if (typeof info.pid === 'number') return { raw, info };
  } catch {
    // fall through
  }
  return { raw, info: null };
}

function isStale(info: LockInfo): boolean {
  // A pid on another host cannot be checked: treat it as live (fail safe).
  return info.hostname === os.hostname() && !isAlive(info.pid);
}

async function tryCreate(file: string, info: LockInfo): Promise<boolean> {
  const temp = `${file}.${process.pid}.${randomHex(3)}.tmp`;
  await writeFile(temp, JSON.stringify(info), { mode: 0o600 });
  try {
    await link(temp, file);
    return true;
  } catch (error) {
    if (errnoCode(error) === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

/**
 * Removes a stale lock without racing another process doing the same: the stale file is first
 * renamed to a private name (only one process can win that rename), then its content is re-checked.
 * If what we moved is not the stale lock we saw (someone took over in between), it is put back.
 */
async function takeOverStale(file: string, seenRaw: string): Promise<void> {
  const aside = `${file}.stale-${process.pid}-${randomHex(3)}`;
  try {
    await rename(file, aside);
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return;
    throw error;
  }
  const moved = await readFile(aside, 'utf8').catch(() => null);
  if (moved !== null && moved !== seenRaw) {
    await link(aside, file).catch(() => undefined);
  }
  await unlink(aside).catch(() => undefined);
}

export async function acquireLock(stateDir: string, lockWaitMs = 0): Promise<LockHandle> {
  const file = lockPath(stateDir);
  const info: LockInfo = { pid: process.pid, startedAt: new Date().toISOString(), hostname: os.hostname() };
  const deadline = Date.now() + Math.max(0, lockWaitMs);
  for (;;) {
    if (await tryCreate(file, info)) {
      return { release: () => releaseLock(file, info) };
    }
    const current = await readLock(file);
    if (current === null) continue; // released between our attempt and the read: retry at once
    if (current.info && isStale(current.info)) {
      await takeOverStale(file, current.raw);
      continue;
    }
    if (Date.now() >= deadline) throw lockHeldError(file, current.info);
    await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, Math.max(1, deadline - Date.now()))));
  }
}

async function releaseLock(file: string, mine: LockInfo): Promise<void> {
  // Only remove the lock if it is still ours (it always should be; this guards against a bug elsewhere).
  const current = await readLock(file).catch(() => null);
  if (current?.info && current.info.pid === mine.pid && current.info.startedAt === mine.startedAt) {
    await unlink(file).catch(() => undefined);
  }
}

function lockHeldError(file: string, info: LockInfo | null): PatchbayError {
  const who = info
    ? `process ${info.pid} on ${info.hostname} (since ${info.startedAt})`
    : 'an unknown process (the lock file is not readable as JSON)';
  const todo = info
    ? `Wait for it to finish and retry; if no patchbay is running, remove ${file}.`
    : `If no patchbay is running, remove ${file}.`;
  return new PatchbayError('lock-held', `Another patchbay is running: ${file} is held by ${who}. ${todo}`, {
    path: file,
    hint: info
      ? `Wait for process ${info.pid} to finish and retry. If no patchbay is running, remove ${file}.`
      : `If no patchbay is running, remove ${file}.`,
  });
}
