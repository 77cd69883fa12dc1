// One URL check: the handshake over streamable HTTP (or the older SSE transport when the entry says
// `sse`), with the entry's headers, under the same deadline as stdio. Never throws.
import { CheckError, isCheckError } from './check-error.js';
import { withDeadline } from './deadline.js';
import { handshake } from './handshake.js';
import { HttpChannel } from './http-channel.js';
import { SseChannel } from './sse-channel.js';
import type { CheckResult, RemoteLaunch } from './types.js';

export interface RemoteCheckOptions {
  timeoutMs: number;
  graceMs: number;
  clientVersion: string;
}

export async function checkRemote(launch: RemoteLaunch, options: RemoteCheckOptions): Promise<CheckResult> {
  const started = Date.now();
  const http = launch.transport === 'http' ? new HttpChannel(launch.url, launch.headers) : undefined;
  const sse = launch.transport === 'sse' ? new SseChannel(launch.url, launch.headers) : undefined;
  try {
    const work = sse ? sse.open().then(() => handshake(sse, options.clientVersion)) : handshake(http as HttpChannel, options.clientVersion);
    const done = await withDeadline(work, options.timeoutMs, started);
    return { ok: true, protocolVersion: done.protocolVersion, tools: done.toolNames.length, toolNames: done.toolNames, ms: Date.now() - started };
  } catch (error) {
    const failure = isCheckError(error) ? error : new CheckError('unreachable', String(error));
    return { ok: false, code: failure.code, message: failure.message, ms: Date.now() - started };
  } finally {
    sse?.close();
    await http?.close(options.graceMs);
  }
}
