// One URL check: the handshake over streamable HTTP (or the older SSE transport when the entry says
// `sse`, or when the host would fall back to it), with the entry's headers, under the same deadline
// as stdio. Every channel opened is closed at the end, deadline or not, which also aborts requests
// still in flight. Never throws.
import { CheckError, isCheckError } from './check-error.js';
import { withDeadline } from './deadline.js';
import { handshake, type Handshake } from './handshake.js';
import { HttpChannel } from './http-channel.js';
import { SseChannel } from './sse-channel.js';
import type { CheckResult, RemoteLaunch } from './types.js';

export interface RemoteCheckOptions {
  timeoutMs: number;
  graceMs: number;
  clientVersion: string;
}

/** A 4xx other than 401/403 to the first POST is how an SSE-only server refuses streamable HTTP. */
function refusedStreamable(error: unknown): boolean {
  return isCheckError(error, 'http-status') && /^initialize: HTTP 4\d\d\b/.test(error.message) && !/^initialize: HTTP 40[13]\b/.test(error.message);
}

export async function checkRemote(launch: RemoteLaunch, options: RemoteCheckOptions): Promise<CheckResult> {
  const started = Date.now();
  const opened: Array<HttpChannel | SseChannel> = [];
  const overSse = async (): Promise<Handshake> => {
    const channel = new SseChannel(launch.url, launch.headers);
    opened.push(channel);
    await channel.open();
    return handshake(channel, options.clientVersion);
  };
  const attempt = async (): Promise<{ done: Handshake; refusal?: string }> => {
    if (launch.transport === 'sse') return { done: await overSse() };
    const http = new HttpChannel(launch.url, launch.headers);
    opened.push(http);
    try {
      return { done: await handshake(http, options.clientVersion) };
    } catch (error) {
      if (!launch.sseFallback || !refusedStreamable(error)) throw error;
      return { done: await overSse(), refusal: (error as CheckError).message };
    }
  };
  try {
    const { done, refusal } = await withDeadline(attempt(), options.timeoutMs, started);
    return { ok: true, protocolVersion: done.protocolVersion, tools: done.toolNames.length, toolNames: done.toolNames, ms: Date.now() - started, ...(refusal !== undefined ? { viaSse: { refusal } } : {}) };
  } catch (error) {
    const failure = isCheckError(error) ? error : new CheckError('unreachable', String(error));
    return { ok: false, code: failure.code, message: failure.message, ms: Date.now() - started };
  } finally {
    await Promise.all(opened.map((c) => c.close(options.graceMs)));
  }
}
