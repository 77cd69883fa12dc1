// The worker side: receives one job at a time from pool.ts, runs the tool, posts the envelope back.
// It never writes to stdout (the parent reads the worker's stdout away from the protocol stream).
import { parentPort } from 'node:worker_threads';
import type { ServerEnvironment } from '../context.js';
import { preload } from '../sources.js';
import { runTool } from './runners.js';

export interface Job {
  id: number;
  tool: string;
  environment: ServerEnvironment;
  input: unknown;
}

export function serveToolCalls(): void {
  const port = parentPort;
  if (!port) return;
  port.on('message', (job: Job) => {
    void runTool(job.environment, job.tool, job.input).then((envelope) => port.postMessage({ id: job.id, envelope }));
  });
  // While no job is here yet: a job that arrives meanwhile waits for the same module evaluation.
  void preload().catch(() => {});
}
