// The wire side of `patchbay mcp`: newline-delimited JSON-RPC over a pair of streams, handed to the
// SDK's serveStdio({ transport }). It replaces the SDK's StdioServerTransport because that one closes
// the connection when a line exceeds its buffer and silently drops malformed JSON. Here:
//   - a line over MAX_MESSAGE_BYTES is discarded while streaming and answered with -32600 (id null);
//   - a line that is not JSON gets -32700 (id null); JSON that is not a JSON-RPC 2.0 message (or a
//     batch array) gets -32600, with the request's id when one can be read;
//   - an outgoing message over MAX_RESPONSE_BYTES is replaced by a -32603 error naming the limit;
//   - on stdin EOF, requests already read are still answered (bounded by DRAIN_ON_EOF_MS), then the
//     transport closes, so `printf ... | patchbay mcp` gets every answer.
// Nothing but serialized JSON-RPC messages is ever written to the output stream.
import type { Readable, Writable } from 'node:stream';
import { parseJSONRPCMessage, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/server';
import { LineReader, type LineEvent } from './line-reader.js';
import { DRAIN_ON_EOF_MS, MAX_MESSAGE_BYTES, MAX_RESPONSE_BYTES } from './limits.js';

type RequestId = string | number;

/** Lines handed to the SDK per turn of the event loop. */
const INBOX_BATCH = 32;

export interface GuardedTransportOptions {
  maxMessageBytes?: number;
  maxResponseBytes?: number;
  drainOnEofMs?: number;
  /** Out-of-band reports (stderr in production). Never written to the protocol stream. */
  log?: (message: string) => void;
  /** Called once, after the first message (the initialize answer) was handed to the stream. */
  afterFirstSend?: () => void;
}

export const JSONRPC_PARSE_ERROR = -32700;
export const JSONRPC_INVALID_REQUEST = -32600;
export const JSONRPC_INVALID_PARAMS = -32602;
export const JSONRPC_INTERNAL_ERROR = -32603;
/** Error messages and data echo client input (a URI, a method name): never more than this. */
export const MAX_ERROR_ECHO = 512;

export class GuardedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private readonly reader: LineReader;
  private readonly maxMessageBytes: number;
  private readonly maxResponseBytes: number;
  private readonly drainOnEofMs: number;
  private readonly log: (message: string) => void;
  private afterFirstSend: (() => void) | undefined;
  private readonly pending = new Set<RequestId>();
  /** Lines read but not yet handed to the SDK (see onData). */
  private readonly inbox: LineEvent[] = [];
  private inboxScheduled = false;
  private drainWaiter: (() => void) | undefined;
  private drained: Promise<void> | undefined;
  private started = false;
  private closed = false;
  private inputEnded = false;

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    options: GuardedTransportOptions = {},
  ) {
    this.maxMessageBytes = options.maxMessageBytes ?? MAX_MESSAGE_BYTES;
    this.reader = new LineReader(this.maxMessageBytes);
    this.maxResponseBytes = options.maxResponseBytes ?? MAX_RESPONSE_BYTES;
    this.drainOnEofMs = options.drainOnEofMs ?? DRAIN_ON_EOF_MS;
    this.log = options.log ?? (() => {});
    this.afterFirstSend = options.afterFirstSend;
  }

  async start(): Promise<void> {
    if (this.started) throw new Error('GuardedStdioTransport already started');
    this.started = true;
    this.input.on('data', this.onData);
    this.input.on('end', this.onInputEnd);
    this.input.on('close', this.onInputEnd);
    this.input.on('error', this.onInputError);
    this.output.on('error', this.onOutputError);
    if (this.input.readableEnded || this.input.destroyed) setImmediate(this.onInputEnd);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return;
    if ('id' in message && message.id !== undefined && ('result' in message || 'error' in message)) {
      this.settle(message.id as RequestId);
    }
    let json = JSON.stringify(boundErrorEcho(invalidParamsAsMinus32602(message)));
    if (Buffer.byteLength(json) > this.maxResponseBytes) {
      const id = 'id' in message ? (message.id ?? null) : null;
      this.log(`response to ${JSON.stringify(id)} exceeded ${this.maxResponseBytes} bytes; replaced by an error`);
      json = JSON.stringify({
        jsonrpc: '2.0',
        id,
        error: {
          code: JSONRPC_INTERNAL_ERROR,
          message: `Response exceeds ${this.maxResponseBytes} bytes (response-too-large); narrow the request`,
          data: { code: 'response-too-large', limit: this.maxResponseBytes },
        },
      });
    }
    await this.write(`${json}\n`);
    const first = this.afterFirstSend;
    this.afterFirstSend = undefined;
    first?.();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('end', this.onInputEnd);
    this.input.off('close', this.onInputEnd);
    this.input.off('error', this.onInputError);
    // Keep an error listener: a late EPIPE after close must not crash the process.
    this.output.off('error', this.onOutputError);
    this.output.on('error', () => {});
    if (this.input.listenerCount('data') === 0) this.input.pause();
    this.inbox.length = 0;
    this.drainWaiter?.();
    this.onclose?.();
  }

  private write(text: string): Promise<void> {
    // Back-pressure: callers wait for the next drain. One shared waiter, however many writes are
    // queued, so thousands of pipelined answers do not pile listeners on the stream.
    if (this.output.write(text)) return Promise.resolve();
    this.drained ??= new Promise<void>((resolve) => {
      const done = () => {
        this.output.off('drain', done);
        this.output.off('error', done);
        this.drained = undefined;
        resolve();
      };
      this.output.on('drain', done);
      this.output.on('error', done);
    });
    return this.drained;
  }

  private readonly onData = (chunk: Buffer | string): void => {
    if (this.closed || this.inputEnded) return;
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    // Queued, not handled here: handing 1,000 pipelined requests to the SDK takes ~1 s of main
    // thread, and the stream reports EOF only after this callback returns. Queuing lets EOF (and
    // signals, and the answers of earlier requests) in between batches, so the drain period
    // really starts when stdin ends.
    this.inbox.push(...this.reader.push(buffer));
    this.scheduleInbox();
  };

  private scheduleInbox(): void {
    if (this.inboxScheduled || this.inbox.length === 0) return;
    this.inboxScheduled = true;
    setImmediate(this.drainInbox);
  }

  private readonly drainInbox = (): void => {
    this.inboxScheduled = false;
    if (this.closed) return;
    for (const event of this.inbox.splice(0, INBOX_BATCH)) {
      if (event.kind === 'oversized') {
        this.log(`rejected an incoming message of more than ${event.bytes} bytes`);
        this.reply(null, JSONRPC_INVALID_REQUEST, `Invalid Request: message exceeds ${this.maxMessageBytes} bytes`);
      } else {
        this.handleLine(event.text);
      }
    }
    this.scheduleInbox();
    this.checkDrained();
  };

  private handleLine(line: string): void {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      this.log(`parse error: ${(error as Error).message}`);
      this.reply(null, JSONRPC_PARSE_ERROR, 'Parse error: the line is not valid JSON');
      return;
    }
    if (Array.isArray(value)) {
      this.reply(null, JSONRPC_INVALID_REQUEST, 'Invalid Request: JSON-RPC batches are not supported');
      return;
    }
    let message: JSONRPCMessage;
    try {
      message = parseJSONRPCMessage(value);
    } catch {
      // `params: [...]` is a well-formed JSON-RPC request (by-position params); no MCP method takes
      // them, so it is the params that are invalid, not the request.
      if (hasPositionalParams(value)) this.reply(readableId(value), JSONRPC_INVALID_PARAMS, 'Invalid params: MCP methods take named params (an object), not an array');
      else this.reply(readableId(value), JSONRPC_INVALID_REQUEST, 'Invalid Request: not a JSON-RPC 2.0 message');
      return;
    }
    if ('method' in message && 'id' in message && message.id !== undefined) this.pending.add(message.id);
    try {
      this.onmessage?.(message);
    } catch (error) {
      this.onerror?.(error as Error);
    }
    // A cancelled request gets no answer (the SDK drops it): stop waiting for one, or stdin EOF
    // would hold the process for the whole drain period on its account.
    const cancelled = cancelledRequestId(message);
    if (cancelled !== undefined) this.settle(cancelled);
  }

  private reply(id: RequestId | null, code: number, message: string): void {
    void this.write(`${JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } })}\n`);
  }

  private settle(id: RequestId): void {
    this.pending.delete(id);
    this.checkDrained();
  }

  /** Nothing queued and nothing unanswered. */
  private get idle(): boolean {
    return this.pending.size === 0 && this.inbox.length === 0;
  }

  private checkDrained(): void {
    if (this.idle) this.drainWaiter?.();
  }

  private readonly onInputEnd = (): void => {
    if (this.inputEnded || this.closed) return;
    this.inputEnded = true;
    if (this.idle) {
      void this.close();
      return;
    }
    // Answer what was already asked, then close; bounded so a stuck handler cannot keep us alive.
    const timer = setTimeout(() => {
      this.log(`closing with ${this.pending.size + this.inbox.length} request(s) unanswered after stdin ended`);
      void this.close();
    }, this.drainOnEofMs);
    this.drainWaiter = () => {
      clearTimeout(timer);
      this.drainWaiter = undefined;
      // Let the final write reach the stream before the SDK tears the instance down.
      setImmediate(() => void this.close());
    };
  };

  private readonly onInputError = (error: Error): void => {
    this.onerror?.(error);
  };

  private readonly onOutputError = (error: Error): void => {
    this.log(`output error: ${error.message}`);
    void this.close();
  };
}

/**
 * The SDK validates request params with zod and, for every method but tools/call, reports a failure
 * as -32603 Internal error whose message is the zod issue list. A request whose params fail the
 * method's schema is the client's mistake: JSON-RPC calls that -32602 Invalid params. Only errors
 * whose message IS such an issue list pointing into `params` are rewritten; real internal errors
 * keep -32603.
 */
export function invalidParamsAsMinus32602(message: JSONRPCMessage): JSONRPCMessage {
  if (!('error' in message) || message.error.code !== JSONRPC_INTERNAL_ERROR) return message;
  let issues: unknown;
  try {
    issues = JSON.parse(message.error.message);
  } catch {
    return message;
  }
  if (!Array.isArray(issues) || issues.length === 0) return message;
  const paramIssues = issues.filter(
    (i): i is { path: unknown[]; message: string } =>
      i !== null && typeof i === 'object' && Array.isArray((i as { path?: unknown }).path) && (i as { path: unknown[] }).path[0] === 'params',
  );
  if (paramIssues.length !== issues.length) return message;
  const detail = paramIssues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  return { ...message, error: { code: -32602, message: `Invalid params: ${detail}` } };
}

function cancelledRequestId(message: JSONRPCMessage): RequestId | undefined {
  if (!('method' in message) || message.method !== 'notifications/cancelled' || 'id' in message) return undefined;
  const id = (message.params as { requestId?: unknown } | undefined)?.requestId;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

function hasPositionalParams(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return v.jsonrpc === '2.0' && typeof v.method === 'string' && Array.isArray(v.params) && readableId(value) !== null;
}

function clip(text: string): string {
  return text.length > MAX_ERROR_ECHO ? `${text.slice(0, MAX_ERROR_ECHO)}… (${text.length} characters)` : text;
}

/**
 * An error answer repeats parts of the request (the SDK's "Resource not found: <uri>" puts the URI
 * in the message AND in data): clip every string in it, so a 200,000-character URI gets its -32602
 * instead of an over-size answer replaced by -32603.
 */
export function boundErrorEcho(message: JSONRPCMessage): JSONRPCMessage {
  if (!('error' in message)) return message;
  const { data, ...error } = message.error as { code: number; message: string; data?: unknown };
  const bounded: { code: number; message: string; data?: unknown } = { ...error, message: clip(error.message) };
  if (data !== undefined) {
    bounded.data =
      typeof data === 'string'
        ? clip(data)
        : data !== null && typeof data === 'object' && !Array.isArray(data)
          ? Object.fromEntries(Object.entries(data).map(([k, v]) => [k, typeof v === 'string' ? clip(v) : v]))
          : data;
  }
  return { ...message, error: bounded } as JSONRPCMessage;
}

function readableId(value: unknown): RequestId | null {
  if (value !== null && typeof value === 'object' && 'id' in value) {
    const id = (value as { id: unknown }).id;
    if (typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id))) return id;
  }
  return null;
}
