// The MCP handshake doctor performs on any channel: `initialize` at the newest revision first, older
// ones when the server refuses (error answer, or a revision doctor does not speak), then
// `notifications/initialized` and `tools/list` (every page). The same sequence hosts run on connect.
import { CheckError, isCheckError } from './check-error.js';
import type { RpcChannel } from './rpc.js';

/** Newest first. 2026-07-28 is `server/discover`-based (no initialize) and is not probed. */
export const PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;

/** Guards against a server whose cursors never end. */
const MAX_TOOL_PAGES = 50;

export interface Handshake {
  protocolVersion: string;
  toolNames: string[];
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined);

async function initialize(channel: RpcChannel, clientVersion: string): Promise<Obj> {
  const refusals: string[] = [];
  for (const version of PROTOCOL_VERSIONS) {
    let result: unknown;
    try {
      result = await channel.request('initialize', {
        protocolVersion: version,
        capabilities: {},
        clientInfo: { name: 'patchbay-doctor', version: clientVersion },
      });
    } catch (error) {
      if (!isCheckError(error, 'rpc-error')) throw error;
      refusals.push(`${version}: ${error.message}`);
      continue;
    }
    const answer = obj(result);
    const answered = answer?.protocolVersion;
    if (!answer || typeof answered !== 'string') throw new CheckError('invalid-response', 'the initialize answer has no protocolVersion');
    if ((PROTOCOL_VERSIONS as readonly string[]).includes(answered)) return answer;
    refusals.push(`${version}: the server answered with revision ${answered}, which doctor does not speak`);
  }
  throw new CheckError('protocol-mismatch', `no protocol revision both sides accept (${refusals.join('; ')})`);
}

export async function handshake(channel: RpcChannel, clientVersion: string): Promise<Handshake> {
  const init = await initialize(channel, clientVersion);
  const protocolVersion = init.protocolVersion as string;
  channel.negotiated(protocolVersion);
  await channel.notify('notifications/initialized');
  const done = (toolNames: string[]): Handshake => ({ protocolVersion, toolNames });
  // A server without the tools capability has nothing to list; asking would only earn -32601.
  if (obj(obj(init.capabilities)?.tools) === undefined) return done([]);
  const toolNames: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_TOOL_PAGES; page++) {
    const result = obj(await channel.request('tools/list', cursor === undefined ? {} : { cursor }));
    const tools = result?.tools;
    if (!Array.isArray(tools)) throw new CheckError('invalid-response', 'the tools/list answer has no tools array');
    for (const tool of tools) toolNames.push(typeof obj(tool)?.name === 'string' ? (obj(tool)?.name as string) : '?');
    cursor = typeof result?.nextCursor === 'string' && result.nextCursor !== '' ? result.nextCursor : undefined;
    if (cursor === undefined) return done(toolNames);
  }
  throw new CheckError('invalid-response', `tools/list still had a next page after ${MAX_TOOL_PAGES} pages`);
}
