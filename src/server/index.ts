// `patchbay mcp`: the MCP server over stdio. stdout carries only JSON-RPC; diagnostics go to
// stderr. It exits on stdin EOF (after answering what was already asked), SIGINT and SIGTERM.
// Startup does no I/O beyond wiring the streams: every file read and probe happens per call.
import type { Readable, Writable } from 'node:stream';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { buildServer } from './build-server.js';
import { resolveEnvironment } from './context.js';
import { GuardedStdioTransport } from './guarded-stdio-transport.js';

export interface McpServerOptions {
  stdin?: Readable;
  stdout?: Writable;
  stderr?: Writable;
  /** Project directory; default process.cwd(). */
  cwd?: string;
  /** Environment (HOME, XDG_*, PATH, PATCHBAY_STATE_DIR); default process.env. */
  env?: Readonly<Record<string, string | undefined>>;
}

export async function runMcpServer(options: McpServerOptions = {}): Promise<void> {
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  const log = (message: string) => {
    stderr.write(`[patchbay mcp] ${message}\n`);
  };
  const environment = resolveEnvironment({ ...(options.cwd ? { cwd: options.cwd } : {}), ...(options.env ? { env: options.env } : {}) });
  const transport = new GuardedStdioTransport(stdin, stdout, { log });

  let finish!: () => void;
  const closed = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const handle = serveStdio(() => buildServer(environment), {
    transport,
    onerror: (error) => log(error.message),
  });
  // serveStdio owns transport.onclose; chain ours after it.
  const sdkOnClose = transport.onclose;
  transport.onclose = () => {
    sdkOnClose?.();
    finish();
  };

  const onSignal = (signal: NodeJS.Signals) => {
    log(`${signal}: shutting down`);
    void handle.close().finally(finish);
    // A signal means "stop now": if anything (a probe child, a pending write) still holds the loop
    // after the close, leave anyway. unref'd so a clean shutdown exits without waiting for it.
    if (stdin === process.stdin) setTimeout(() => process.exit(0), 1000).unref();
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
