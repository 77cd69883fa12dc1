// JSON-RPC over MCP's older HTTP+SSE transport (2024-11-05; Claude Code `"type": "sse"`): a GET opens
// an event stream whose first `endpoint` event names where to POST; every answer comes back on that
// stream as a `message` event. Closing is aborting the GET.
import { redactText, redactUrl } from '../redact.js';
import { CheckError } from './check-error.js';
import { fetchFailure } from './http-channel.js';
import { answerServerRequest, classify, rpcError, type RpcChannel, type RpcId } from './rpc.js';
import { readEvents } from './sse.js';

interface Pending {
  method: string;
  resolve(result: unknown): void;
  reject(error: CheckError): void;
}

export class SseChannel implements RpcChannel {
  private nextId = 1;
  private endpoint: string | undefined;
  private readonly pending = new Map<RpcId, Pending>();
  private failure: CheckError | undefined;
  private readonly abort = new AbortController();

  constructor(
    private readonly url: string,
    private readonly headers: Record<string, string>,
  ) {}

  private headersWith(extra: Record<string, string>): Headers {
    const h = new Headers();
    for (const [k, v] of Object.entries(this.headers)) h.set(k, v);
    for (const [k, v] of Object.entries(extra)) h.set(k, v);
    return h;
  }

  /** Opens the stream and waits for the `endpoint` event. */
  async open(): Promise<void> {
    let res: Response;
    try {
      res = await fetch(this.url, { headers: this.headersWith({ accept: 'text/event-stream' }), signal: this.abort.signal });
    } catch (error) {
      throw fetchFailure(error, this.url);
    }
    if (!res.ok || !res.body) throw new CheckError('http-status', `GET ${redactUrl(this.url)}: HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`);
    const events = readEvents(res.body as unknown as AsyncIterable<Uint8Array>);
    const first = await events.next().catch((error: unknown) => {
      throw fetchFailure(error, this.url);
    });
    if (first.done || first.value.event !== 'endpoint') {
      throw new CheckError('invalid-response', 'the event stream did not start with an `endpoint` event');
    }
    this.endpoint = new URL(first.value.data.trim(), this.url).href;
    void this.pump(events);
  }

  private async pump(events: AsyncGenerator<{ event: string; data: string }>): Promise<void> {
    try {
      for await (const event of events) {
        if (event.event !== 'message') continue;
        let message;
        try {
          message = classify(JSON.parse(event.data));
        } catch {
          message = undefined;
        }
        if (!message) return this.fail(new CheckError('protocol-violation', 'an event on the stream is not a JSON-RPC message'));
        if (message.kind === 'request') void this.send(answerServerRequest(message.id, message.method)).catch(() => {});
        if (message.kind === 'response' || message.kind === 'error') {
          const p = message.id === null ? undefined : this.pending.get(message.id);
          if (!p) continue;
          this.pending.delete(message.id as RpcId);
          if (message.kind === 'response') p.resolve(message.result);
          else p.reject(rpcError(p.method, message.code, redactText(message.message)));
        }
      }
      this.fail(new CheckError('exited', 'the server closed the event stream'));
    } catch (error) {
      this.fail(fetchFailure(error, this.url));
    }
  }

  private fail(error: CheckError): void {
    if (this.failure) return;
    this.failure = error;
    for (const p of this.pending.values()) p.reject(error);
    this.pending.clear();
  }

  private async send(message: unknown): Promise<void> {
    if (this.endpoint === undefined) throw new CheckError('invalid-response', 'no endpoint to post to');
    let res: Response;
    try {
      res = await fetch(this.endpoint, { method: 'POST', headers: this.headersWith({ 'content-type': 'application/json' }), body: JSON.stringify(message), signal: this.abort.signal });
    } catch (error) {
      throw fetchFailure(error, this.endpoint);
    }
    await res.body?.cancel().catch(() => {});
    if (!res.ok) throw new CheckError('http-status', `POST: HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`);
  }

  request(method: string, params: unknown): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { method, resolve, reject });
      this.send({ jsonrpc: '2.0', id, method, params }).catch((error: CheckError) => {
        this.pending.delete(id);
        reject(error);
      });
    });
  }

  notify(method: string, params?: unknown): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    return this.send({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) });
  }

  negotiated(): void {
    // this transport carries no version header
  }

  close(_graceMs?: number): Promise<void> {
    this.abort.abort();
    return Promise.resolve();
  }
}
