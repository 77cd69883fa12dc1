// The one error type inside a check. Its code becomes the row's `reason`; the runner never lets it
// escape runDoctor (a failing server is a finding, not a crash).
import type { FailureCode } from './types.js';

export class CheckError extends Error {
  readonly code: FailureCode;
  /** JSON-RPC error code, for 'rpc-error' (the handshake decides on protocol fallback with it). */
  readonly rpcCode: number | undefined;

  constructor(code: FailureCode, message: string, rpcCode?: number) {
    super(message);
    this.name = 'CheckError';
    this.code = code;
    this.rpcCode = rpcCode;
  }
}

export function isCheckError(value: unknown, code?: FailureCode): value is CheckError {
  return value instanceof CheckError && (code === undefined || value.code === code);
}
