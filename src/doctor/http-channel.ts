// JSON-RPC over MCP's streamable HTTP transport (2025-03-26 and later): every message is a POST
// carrying the entry's headers; an answer comes back as JSON or as an event stream; the session id
// the server hands out on initialize goes on every later request, and the session is deleted at the
// end. Failures are findings: connection refused is `unreachable`, a 401 is `http-status`.
import { redactText, redactUrl } from '../redact.js';
import { CheckError, isCheckError } from './check-error.js';
import { answerServerRequest, classify, rpcError, type Incoming, type RpcChannel, type RpcId } from './rpc.js';
import { readEvents } from './sse.js';

export function fetchFailure(error: unknown, url: string): CheckError {
  if (isCheckError(error)) return error;
  const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'AbortError') return new CheckError('timeout', 'the request was cancelled at the deadline');
  const why = e?.cause?.code ?? e?.cause?.message ?? e?.message ?? String(error);
  return new CheckError('unreachable', `cannot reach ${redactUrl(url)} (${redactText(why)})`);
}

export class HttpChannel implements RpcChannel {
  private nextId = 1;
  private sessionId: string | undefined;
  private protocolVersion: string | undefined;
  private readonly abort = new AbortController();

  constructor(
    private readonly url: string,
    private readonly headers: Record<string, string>,
  ) {}

  private requestHeaders(): Headers {
    const h = new Headers();
    for (const [k, v] of Object.entries(this.headers)) h.set(k, v);
    h.set('content-type', 'application/json');
    h.set('accept', 'application/json, text/event-stream');
    if (this.sessionId !== undefined) h.set('mcp-session-id', this.sessionId);
    if (this.protocolVersion !== undefined) h.set('mcp-protocol-version', this.protocolVersion);
    return h;
  }

  private async post(message: unknown): Promise<Response> {
    let res: Response;
    try {
      res = await fetch(this.url, { method: 'POST', headers: this.requestHeaders(), body: JSON.stringify(message), signal: this.abort.signal });
    } catch (error) {
      throw fetchFailure(error, this.url);
    }
    this.sessionId = res.headers.get('mcp-session-id') ?? this.sessionId;
    return res;
  }

  async request(method: string, params: unknown): Promise<unknown> {
    const id = this.nextId++;
    const res = await this.post({ jsonrpc: '2.0', id, method, params });
    const type = res.headers.get('content-type') ?? '';
    if (!res.ok) {
      // Some servers refuse a protocol revision with a 4xx carrying a JSON-RPC error: keep its meaning
      // so the handshake can fall back to an older revision.
      const text = await res.text().catch(() => '');
      let answer: Incoming | undefined;
      try {
        answer = classify(JSON.parse(text));
      } catch {
        answer = undefined;
      }
      if (answer?.kind === 'error') throw rpcError(method, answer.code, redactText(answer.message));
      throw new CheckError('http-status', `${method}: HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`);
    }
    if (type.includes('text/event-stream')) return this.fromStream(res, id, method);
    if (type.includes('application/json')) return this.settle(classify(await res.json().catch(() => undefined)), id, method);
    throw new CheckError('invalid-response', `${method}: the answer has content type ${JSON.stringify(type)}, not JSON or an event stream`);
  }

  private settle(message: Incoming | undefined, id: RpcId, method: string): unknown {
    if (message?.kind === 'response' && message.id === id) return message.result;
    if (message?.kind === 'error') throw rpcError(method, message.code, redactText(message.message));
    throw new CheckError('invalid-response', `${method}: the answer is not the JSON-RPC response to the request`);
  }

  private async fromStream(res: Response, id: RpcId, method: string): Promise<unknown> {
    if (!res.body) throw new CheckError('invalid-response', `${method}: an empty event stream`);
    for await (const event of readEvents(res.body as unknown as AsyncIterable<Uint8Array>)) {
      let message: Incoming | undefined;
      try {
        message = classify(JSON.parse(event.data));
      } catch {
        throw new CheckError('protocol-violation', `${method}: an event that is not JSON`);
      }
      if (message?.kind === 'request') {
        void this.post(answerServerRequest(message.id, message.method)).catch(() => {});
        continue;
      }
      if (message?.kind === 'notification') continue;
      const result = this.settle(message, id, method);
      await res.body.cancel().catch(() => {});
      return result;
    }
    throw new CheckError('invalid-response', `${method}: the event stream ended without an answer`);
  }

  async notify(method: string, params?: unknown): Promise<void> {
    const res = await this.post({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) });
    await res.body?.cancel().catch(() => {});
    if (!res.ok) throw new CheckError('http-status', `${method}: HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`);
  }

  negotiated(protocolVersion: string): void {
    this.protocolVersion = protocolVersion;
  }

  /** Ends the session (servers may answer 405: deleting is optional) and cancels anything in flight. */
  async close(timeoutMs: number): Promise<void> {
    this.abort.abort();
    if (this.sessionId !== undefined) {
      try {
        const res = await fetch(this.url, { method: 'DELETE', headers: this.requestHeaders(), signal: AbortSignal.timeout(timeoutMs) });
        await res.body?.cancel().catch(() => {});
      } catch {
        // the session expires on its own
      }
    }
  }
}
