// A per-check deadline measured from the check's start (spawn included), not from the last answer:
// the row's `timeout` means "no working handshake within --timeout ms".
import { CheckError } from './check-error.js';

export function withDeadline<T>(work: Promise<T>, timeoutMs: number, startedAt: number): Promise<T> {
  const left = Math.max(0, startedAt + timeoutMs - Date.now());
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new CheckError('timeout', `no complete handshake within ${timeoutMs} ms`)), left);
  });
  // The losing promise must not surface as an unhandled rejection later.
  work.catch(() => {});
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}
