// Shared by the doctor tests: fixture paths, targets built by hand (runDoctor does not care where
// targets come from), and the proof that no started process survives a run.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Launch, Target } from '../../src/doctor/types.js';

export const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/doctor');

export function fixture(name: string): string {
  return path.join(FIXTURES, name);
}

export function stdioLaunch(script: string, env: Record<string, string> = {}, cwd = os.tmpdir()): Launch {
  return { transport: 'stdio', command: process.execPath, args: [fixture(script)], env, cwd, windowsWrapper: false };
}

export function target(name: string, launch: Launch, over: Partial<Target> = {}): Target {
  return {
    host: 'claude-code',
    scope: 'project',
    file: '/project/.mcp.json',
    name,
    transport: launch.transport,
    display: launch.transport === 'stdio' ? `node ${path.basename(launch.args[0] ?? '')}` : launch.url,
    launch: { kind: 'launch', launch },
    ...over,
  };
}

export interface PidLog {
  file: string;
  dir: string;
  pids(): number[];
  cleanup(): Promise<void>;
}

export async function pidLog(): Promise<PidLog> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pb-doctor-'));
  const file = path.join(dir, 'pids.txt');
  return {
    file,
    dir,
    pids() {
      try {
        return readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number);
      } catch {
        return [];
      }
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * Dead: kill(pid, 0) fails with ESRCH. A process that has exited but whose parent (init, for an
 * orphan) has not collected it yet is a zombie: it runs nothing any more and counts as dead.
 */
export function isGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true; // vanished between the two calls
  }
}

/** The pids that are still running (empty when every one is gone). */
export function survivors(pids: readonly number[]): number[] {
  return pids.filter((pid) => !isGone(pid));
}
