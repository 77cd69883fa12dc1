// JSON-RPC over a child's stdin/stdout, newline-delimited (the MCP stdio transport). Strict about
// stdout: the spec says a server MUST NOT write anything there that is not an MCP message, so the
// first line that is not JSON-RPC fails the check at once, quoting it (redacted). Hosts differ on
// this (Claude Code skips such a line, others drop the connection); a check should name the bug.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { redactText } from '../redact.js';
import { CheckError } from './check-error.js';
import { answerServerRequest, classify, rpcError, type RpcChannel, type RpcId } from './rpc.js';

/** One line longer than this is treated as a broken server rather than buffered forever. */
const MAX_LINE_BYTES = 8 * 1024 * 1024;
/** How long an exit waits for stdout to drain, so an answer written just before exiting still counts. */
const EXIT_DRAIN_MS = 100;

interface Pending {
  method: string;
  resolve(result: unknown): void;
  reject(error: CheckError): void;
}

function quote(line: string): string {
  const shown = line.length > 120 ? `${line.slice(0, 120)}…` : line;
  return JSON.stringify(redactText(shown));
}

export class StdioChannel implements RpcChannel {
  private nextId = 1;
  private readonly pending = new Map<RpcId, Pending>();
  private buffer = '';
  private failure: CheckError | undefined;
  private stdoutEnded = false;

  constructor(private readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => this.onData(chunk));
    child.stdout.on('end', () => (this.stdoutEnded = true));
    // EPIPE after the server died: the exit handler reports what happened.
    child.stdin.on('error', () => {});
    child.on('error', (error: NodeJS.ErrnoException) => {
      this.fail(
        error.code === 'ENOENT'
          ? new CheckError('not-found', `\`${child.spawnfile}\` was not found`)
          : new CheckError('spawn-failed', `the command could not be started (${error.code ?? error.message})`),
      );
    });
    child.on('exit', (code, signal) => {
      const report = (): void =>
        this.fail(new CheckError('exited', signal ? `the server was killed by ${signal} before answering` : `the server exited with code ${code} before answering`));
      if (this.stdoutEnded) report();
      else {
        const timer = setTimeout(report, EXIT_DRAIN_MS);
        child.stdout.once('end', () => {
          clearTimeout(timer);
          report();
        });
      }
    });
  }

  request(method: string, params: unknown): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { method, resolve, reject });
      this.write({ jsonrpc: '2.0', id, method, params });
    });
  }

  notify(method: string, params?: unknown): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    this.write({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) });
    return Promise.resolve();
  }

  negotiated(): void {
    // stdio carries no per-request version
  }

  private write(message: unknown): void {
    if (this.child.stdin.writable) this.child.stdin.write(`${JSON.stringify(message)}\n`);
  }

  private fail(error: CheckError): void {
    if (this.failure) return;
    this.failure = error;
    for (const p of this.pending.values()) p.reject(error);
    this.pending.clear();
  }

  private onData(chunk: string): void {
    this.buffer += chunk;
    let newline: number;
    while ((newline = this.buffer.indexOf('\n')) !== -1) {
      const line = this.buffer.slice(0, newline).replace(/\r$/, '');
      this.buffer = this.buffer.slice(newline + 1);
      if (line.trim() !== '') this.onLine(line);
    }
    if (this.buffer.length > MAX_LINE_BYTES) {
      this.fail(new CheckError('protocol-violation', `the server wrote more than ${MAX_LINE_BYTES} bytes to stdout without a newline`));
      this.buffer = '';
    }
  }

  private onLine(line: string): void {
    if (this.failure) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      value = undefined;
    }
    const message = classify(value);
    if (!message) {
      this.fail(new CheckError('protocol-violation', `the server wrote a line to stdout that is not a JSON-RPC message: ${quote(line)}`));
      return;
    }
    switch (message.kind) {
      case 'request':
        this.write(answerServerRequest(message.id, message.method));
        return;
      case 'notification':
        return; // logging, progress, list_changed: nothing doctor needs
      case 'response': {
        const p = this.pending.get(message.id);
        this.pending.delete(message.id);
        p?.resolve(message.result);
        return;
      }
      case 'error': {
        const p = message.id === null ? undefined : this.pending.get(message.id);
        if (!p) {
          // An error with id null answers something unparseable we sent: a broken server.
          this.fail(new CheckError('protocol-violation', `the server answered with an error that matches no request: ${quote(message.message)}`));
          return;
        }
        this.pending.delete(message.id as RpcId);
        p.reject(rpcError(p.method, message.code, redactText(message.message)));
      }
    }
  }
}
