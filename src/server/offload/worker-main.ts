// What a tool worker thread starts on: the built dist/commands/tool-worker.mjs (scripts/build.mjs
// builds this file under that name; src/server/index.ts points pool.ts at it). Workers used to start
// on the bin, which then had to import node:worker_threads to tell a worker from a CLI run: ~7 ms of
// module loading on every command (measured in-process), for the one command that has workers.
import { isMainThread, workerData } from 'node:worker_threads';
import { isToolWorker } from './role.js';
import { serveToolCalls } from './tool-worker.js';

// Imported on the main thread by mistake, it does nothing.
if (!isMainThread && isToolWorker(workerData)) serveToolCalls();
