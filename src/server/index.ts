// `patchbay mcp`: the MCP server over stdio. stdout carries only JSON-RPC; diagnostics go to
// stderr. It exits on stdin EOF (after answering what was already asked), SIGINT and SIGTERM.
// Startup does no I/O beyond wiring the streams: every file read and probe happens per call.
import { fileURLToPath } from 'node:url';
import type { Readable, Writable } from 'node:stream';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { buildServer } from './build-server.js';
import { resolveEnvironment, type ServerEnvironment } from './context.js';
import { GuardedStdioTransport } from './guarded-stdio-transport.js';
import { SIGNAL_EXIT_MS, TOOL_WORKERS } from './limits.js';
import { inProcessRunner, workerPool, type ToolRunner } from './offload/pool.js';

declare const __PATCHBAY_TOOL_WORKER__: string | undefined;

export interface McpServerOptions {
  stdin?: Readable;
  stdout?: Writable;
  stderr?: Writable;
  /** Project directory; default process.cwd(). */
  cwd?: string;
  /** Environment (HOME, XDG_*, PATH, PATCHBAY_STATE_DIR); default process.env. */
  env?: Readonly<Record<string, string | undefined>>;
}

/**
 * Worker threads when running from the bundle (the file that starts as a tool worker, see
 * src/cli/main.ts); from TypeScript sources (tests importing this module) there is no such file.
 */
function toolRunner(environment: ServerEnvironment, log: (message: string) => void): ToolRunner {
  // In the built package this module sits in a chunk of dist/chunks/ and the worker's entry (offload/
  // worker-main.ts, built as dist/commands/tool-worker.mjs) is __PATCHBAY_TOOL_WORKER__ relative to it
  // (scripts/build.mjs defines it, and checks that it resolves).
  const entry = fileURLToPath(typeof __PATCHBAY_TOOL_WORKER__ === 'string' ? new URL(__PATCHBAY_TOOL_WORKER__, import.meta.url) : import.meta.url);
  // PATCHBAY_MCP_WORKERS=0: everything on the main thread (an escape hatch, and the bench baseline).
  if (entry.endsWith('.ts') || environment.env.PATCHBAY_MCP_WORKERS === '0') return inProcessRunner(environment);
  return workerPool(environment, { entry, size: TOOL_WORKERS, log });
}

export async function runMcpServer(options: McpServerOptions = {}): Promise<void> {
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  const log = (message: string) => {
    stderr.write(`[patchbay mcp] ${message}\n`);
  };
  const environment = resolveEnvironment({ ...(options.cwd ? { cwd: options.cwd } : {}), ...(options.env ? { env: options.env } : {}) });
  const runner = toolRunner(environment, log);
  // The first host-file call should not also pay for a worker's start-up; it is started once
  // `initialize` is answered, so it never delays that answer (bench/mcp-startup.mjs).
  const transport = new GuardedStdioTransport(stdin, stdout, { log, afterFirstSend: () => setImmediate(() => runner.warm()) });

  let finish!: () => void;
  const closed = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const handle = serveStdio(() => buildServer(environment, runner), {
    transport,
    onerror: (error) => log(error.message),
  });
  // serveStdio owns transport.onclose; chain ours after it.
  const sdkOnClose = transport.onclose;
  transport.onclose = () => {
    // First: stop every job and worker, so the process exits now instead of after the last
    // abandoned parse. Before the SDK's close, which aborts each request in flight one by one: a
    // pool still open would hand the next queued job to a fresh worker after every abort.
    runner.close();
    sdkOnClose?.();
    finish();
  };

  const onSignal = (signal: NodeJS.Signals) => {
    log(`${signal}: shutting down`);
    runner.close();
    void handle.close().finally(finish);
    // A signal means "stop now": if anything (a probe child, a pending write) still holds the loop
    // after the close, leave anyway. unref'd so a clean shutdown exits without waiting for it.
    if (stdin === process.stdin) setTimeout(() => process.exit(0), SIGNAL_EXIT_MS).unref();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    await closed;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
