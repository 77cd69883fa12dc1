// JSON-RPC 2.0 as doctor needs it: classify one incoming message, and the channel interface both
// transports (stdio, streamable HTTP) implement. Hand-written on purpose: the bundle has no runtime
// dependencies, and doctor needs four methods, not an SDK.
import { CheckError } from './check-error.js';

export type RpcId = number | string;

export type Incoming =
  | { kind: 'response'; id: RpcId; result: unknown }
  | { kind: 'error'; id: RpcId | null; code: number; message: string }
  | { kind: 'request'; id: RpcId; method: string }
  | { kind: 'notification'; method: string };

type Obj = Record<string, unknown>;

/** A parsed JSON value → a JSON-RPC message, or undefined when it is not one. */
export function classify(value: unknown): Incoming | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const m = value as Obj;
  if (m.jsonrpc !== '2.0') return undefined;
  const id = typeof m.id === 'number' || typeof m.id === 'string' ? m.id : undefined;
  if (typeof m.method === 'string') return id === undefined ? { kind: 'notification', method: m.method } : { kind: 'request', id, method: m.method };
  if ('result' in m && id !== undefined) return { kind: 'response', id, result: m.result };
  if (m.error !== null && typeof m.error === 'object') {
    const e = m.error as Obj;
    return { kind: 'error', id: id ?? null, code: typeof e.code === 'number' ? e.code : 0, message: typeof e.message === 'string' ? e.message : 'error' };
  }
  return undefined;
}

/** What a server→client request gets: `ping` is answered, anything else is not offered by doctor. */
export function answerServerRequest(id: RpcId, method: string): Obj {
  if (method === 'ping') return { jsonrpc: '2.0', id, result: {} };
  return { jsonrpc: '2.0', id, error: { code: -32601, message: `patchbay doctor does not offer ${method}` } };
}

export function rpcError(method: string, code: number, message: string): CheckError {
  return new CheckError('rpc-error', `${method} was answered with error ${code}: ${message}`, code);
}

export interface RpcChannel {
  /** Resolves with `result`; rejects with a CheckError (rpc-error for a JSON-RPC error answer). */
  request(method: string, params: unknown): Promise<unknown>;
  notify(method: string, params?: unknown): Promise<void>;
  /** The revision agreed on (streamable HTTP sends it as a header on later requests). */
  negotiated(protocolVersion: string): void;
}
