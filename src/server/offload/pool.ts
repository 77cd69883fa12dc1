// Runs the tools that read host files on worker threads, so the main thread — the transport, ping,
// cancellation, SIGTERM, stdin EOF — never waits behind a multi-second parse of a 9 MB host file
// (40,000 servers: ~4 s of synchronous JSON parsing that no amount of yielding can split).
//
// A small pool (workers are spawned on first use, reused, unref'd while idle so they never keep the
// process alive). One job per worker at a time. Cancelling a running job terminates its worker —
// the only way to stop synchronous work — and the next job gets a fresh one. A worker that dies
// (crash, out of memory) answers its job with an `unavailable` envelope, never kills the server.
import type { Worker } from 'node:worker_threads';
import type { ServerEnvironment } from '../context.js';
import { rootsOf } from '../context.js';
import { makeEnvelope, type Envelope } from '../envelope.js';
import { errorDiagnostic } from '../present.js';
import { TOOL_WORKER_ROLE } from './role.js';
import { runTool } from './runners.js';
import type { Job } from './tool-worker.js';

export interface ToolRunner {
  /** Runs an offloaded tool (runners.ts); rejects with an AbortError when `signal` aborts first. */
  run(tool: string, input: unknown, signal?: AbortSignal): Promise<Envelope<unknown>>;
  /** Starts a worker ahead of the first call (its start-up is a few hundred ms of module loading). */
  warm(): void;
  /** Stops every job and worker; later runs reject. */
  close(): void;
}

/** The same tools on the calling thread: for code running from TypeScript sources (tests). */
export function inProcessRunner(environment: ServerEnvironment): ToolRunner {
  return {
    run: (tool, input, signal) => (signal?.aborted ? Promise.reject(abortError(signal)) : runTool(environment, tool, input)),
    warm: () => {},
    close: () => {},
  };
}

interface Pending {
  job: Job;
  resolve: (envelope: Envelope<unknown>) => void;
  reject: (error: Error) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

interface Slot {
  worker: Worker;
  pending: Pending | undefined;
}

export interface PoolOptions {
  /** The built worker entry (worker-main.ts): it serves tool calls when its workerData says so. */
  entry: string;
  size: number;
  log: (message: string) => void;
}

function abortError(signal: AbortSignal): Error {
  const error = new Error(`cancelled: ${String(signal.reason ?? 'aborted')}`);
  error.name = 'AbortError';
  return error;
}

/**
 * node:worker_threads, imported on first need (warm() after `initialize` is answered, or the first
 * offloaded call), not when the server starts: loading it costs ~7 ms of the main thread (median of 15
 * in-process timings), which `patchbay mcp` would otherwise spend before its first answer.
 */
let workerThreads: Promise<typeof import('node:worker_threads')> | undefined;
let WorkerClass: typeof Worker | undefined;
function loadWorkerThreads(): Promise<void> {
  workerThreads ??= import('node:worker_threads');
  return workerThreads.then((m) => {
    WorkerClass = m.Worker;
  });
}

export function workerPool(environment: ServerEnvironment, options: PoolOptions): ToolRunner {
  const slots: Slot[] = [];
  const queue: Pending[] = [];
  let nextId = 1;
  let closed = false;

  const settle = (pending: Pending) => pending.signal?.removeEventListener('abort', pending.onAbort);

  const spawn = (): Slot => {
    // stdout: true — whatever a worker might print is read here, never reaches the protocol stream.
    // Callers get here only once loadWorkerThreads() resolved (run and warm wait for it).
    const worker = new (WorkerClass as typeof Worker)(options.entry, { workerData: { role: TOOL_WORKER_ROLE }, stdout: true });
    const slot: Slot = { worker, pending: undefined };
    worker.unref(); // idle: never what keeps the process alive
    worker.stdout.on('data', (chunk: Buffer) => options.log(`tool worker stdout (discarded): ${chunk.toString().slice(0, 200)}`));
    worker.on('message', (message: { id: number; envelope: Envelope<unknown> }) => {
      const pending = slot.pending;
      if (!pending || pending.job.id !== message.id) return;
      slot.pending = undefined;
      worker.unref();
      settle(pending);
      pending.resolve(message.envelope);
      dispatch();
    });
    worker.on('error', (error) => lost(slot, error.message));
    worker.on('exit', (code) => lost(slot, `exited with code ${code}`));
    slots.push(slot);
    return slot;
  };

  /** A worker stopped on its own: its job answers `unavailable`, the pool carries on without it. */
  const lost = (slot: Slot, why: string) => {
    const index = slots.indexOf(slot);
    if (index === -1) return; // terminated on purpose (cancel, close)
    slots.splice(index, 1);
    const pending = slot.pending;
    if (pending) {
      options.log(`tool worker running ${pending.job.tool} stopped: ${why}`);
      settle(pending);
      const error = new Error(`the worker running ${pending.job.tool} stopped (${why}); nothing was changed`);
      pending.resolve(makeEnvelope(pending.job.tool, 'unavailable', undefined, [errorDiagnostic(error, rootsOf(environment))]));
    }
    dispatch();
  };

  const dispatch = () => {
    while (!closed && queue.length > 0) {
      const slot = slots.find((s) => !s.pending) ?? (slots.length < options.size ? spawn() : undefined);
      if (!slot) return;
      const pending = queue.shift()!;
      slot.pending = pending;
      slot.worker.ref();
      slot.worker.postMessage(pending.job);
    }
  };

  const cancel = (pending: Pending) => {
    settle(pending);
    const queued = queue.indexOf(pending);
    if (queued !== -1) queue.splice(queued, 1);
    const slot = slots.find((s) => s.pending === pending);
    if (slot) {
      slots.splice(slots.indexOf(slot), 1);
      void slot.worker.terminate();
    }
    pending.reject(abortError(pending.signal!));
    dispatch();
  };

  return {
    async run(tool, input, signal) {
      if (closed) throw new Error('the tool pool is closed');
      if (signal?.aborted) throw abortError(signal);
      if (!WorkerClass) {
        await loadWorkerThreads();
        // The same checks again: the server may have closed, or the request been cancelled, meanwhile.
        if (closed) throw new Error('the tool pool is closed');
        if (signal?.aborted) throw abortError(signal);
      }
      return new Promise<Envelope<unknown>>((resolve, reject) => {
        const pending: Pending = { job: { id: nextId++, tool, environment, input }, resolve, reject, signal, onAbort: () => cancel(pending) };
        signal?.addEventListener('abort', pending.onAbort, { once: true });
        queue.push(pending);
        dispatch();
      });
    },
    warm() {
      void loadWorkerThreads().then(() => {
        if (!closed && slots.length === 0) spawn();
      });
    },
    close() {
      if (closed) return;
      closed = true;
      for (const pending of queue.splice(0)) {
        settle(pending);
        pending.reject(new Error('the server is shutting down'));
      }
      for (const slot of slots.splice(0)) {
        if (slot.pending) {
          settle(slot.pending);
          slot.pending.reject(new Error('the server is shutting down'));
        }
        void slot.worker.terminate();
      }
    },
  };
}
