// Starting a server so that ALL of it can be stopped, and stopping it. A server is often a launcher
// (`npx` → node, `uvx` → python, `sh -c`), so killing the pid we spawned would leave the real server
// behind. On POSIX the child is spawned detached, i.e. as the leader of a new process group, and every
// signal goes to the whole group. Shutdown follows what hosts do: close stdin (MCP servers exit on
// EOF), then SIGTERM, then SIGKILL after a grace period each.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { StdioLaunch } from './types.js';

/** Groups that may still be alive: the last-resort cleanup (Ctrl-C, exit) kills these. */
const liveGroups = new Set<ChildProcessWithoutNullStreams>();

export function spawnServer(launch: StdioLaunch, env: Record<string, string>, platform: NodeJS.Platform): ChildProcessWithoutNullStreams {
  const child = spawn(launch.command, launch.args, {
    cwd: launch.cwd,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
    // No shell, as Claude Code and Cursor spawn (hosts.md §3.8): `npx` without `cmd /c` fails on
    // Windows here exactly as it fails in the host.
    shell: false,
    detached: platform !== 'win32',
    windowsHide: true,
  });
  liveGroups.add(child);
  return child;
}

function exited(child: ChildProcessWithoutNullStreams): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function waitExit(child: ChildProcessWithoutNullStreams, ms: number): Promise<boolean> {
  if (exited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.off('exit', onExit);
      resolve(false);
    }, ms);
    const onExit = (): void => {
      clearTimeout(timer);
      resolve(true);
    };
    child.once('exit', onExit);
  });
}

/** Signals the group; false when it no longer exists (or is not ours to signal). */
function signalGroup(child: ChildProcessWithoutNullStreams, signal: NodeJS.Signals | 0): boolean {
  if (child.pid === undefined) return false;
  try {
    if (process.platform === 'win32') {
      if (signal === 0) return !exited(child);
      child.kill(signal);
    } else process.kill(-child.pid, signal);
    return true;
  } catch {
    return false; // ESRCH: nobody left; EPERM: not ours any more
  }
}

/** Polls until the group is empty. Orphans that already died count until init reaps them. */
async function waitGroupGone(child: ChildProcessWithoutNullStreams, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (signalGroup(child, 0)) {
    if (Date.now() >= deadline) return false;
    await sleep(20);
  }
  return true;
}

/** Windows has no process groups: taskkill /T walks the tree (best effort, not tested here). */
async function killTreeWindows(child: ChildProcessWithoutNullStreams, graceMs: number): Promise<void> {
  if (child.pid === undefined || exited(child)) return;
  const killer = spawn('taskkill', ['/pid', String(child.pid), '/T', '/F'], { stdio: 'ignore', windowsHide: true });
  killer.on('error', () => child.kill('SIGKILL'));
  await waitExit(child, graceMs);
}

/**
 * Stops the server and everything it started. Resolves only when the leader has exited and its group
 * is gone (or SIGKILL was sent to whatever is left), so no check leaves a process behind.
 */
export async function terminate(child: ChildProcessWithoutNullStreams, graceMs: number): Promise<void> {
  try {
    if (!exited(child)) {
      child.stdin.end();
      if (!(await waitExit(child, graceMs))) {
        if (process.platform === 'win32') return await killTreeWindows(child, graceMs);
        signalGroup(child, 'SIGTERM');
        if (!(await waitExit(child, graceMs))) {
          // SIGKILL to the group cannot be ignored: every member is dead once it is delivered. What
          // may linger are zombies waiting for init to collect them, which run nothing: no more waiting.
          signalGroup(child, 'SIGKILL');
          await waitExit(child, graceMs);
          return;
        }
      }
    }
    // A failed spawn (ENOENT, EACCES) has no pid; Node already set a negative exitCode for it.
    if (process.platform === 'win32' || child.pid === undefined) return;
    // The leader is gone; a grandchild it did not wait for may still hold the group.
    if (signalGroup(child, 0)) {
      signalGroup(child, 'SIGTERM');
      if (!(await waitGroupGone(child, graceMs))) signalGroup(child, 'SIGKILL');
    }
  } finally {
    liveGroups.delete(child);
  }
}

/** Synchronous last resort (SIGINT, process exit): SIGKILL every group still registered. */
export function killAllNow(): void {
  for (const child of liveGroups) {
    if (process.platform === 'win32') child.kill('SIGKILL');
    else signalGroup(child, 'SIGKILL');
  }
  liveGroups.clear();
}

/**
 * Detached groups do not get the terminal's Ctrl-C, so doctor forwards it: on SIGINT/SIGTERM every
 * live group is killed, `onInterrupt` runs (to tidy the terminal), and the process exits with
 * 130/143; on any exit the groups are killed synchronously. Returns the uninstaller.
 */
export function installCleanup(onInterrupt: (stopped: number) => void = () => {}): () => void {
  const onSignal = (signal: NodeJS.Signals): void => {
    const stopped = liveGroups.size;
    killAllNow();
    onInterrupt(stopped);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('exit', killAllNow);
  return () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    process.off('exit', killAllNow);
  };
}
