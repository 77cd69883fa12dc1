// Drives `codex app-server` (JSON-RPC lines on stdio; docs/real-hosts.md "Codex"): initialize, the
// `initialized` notification, then `mcpServerStatus/list` until the named server reports tools or an
// error (Codex starts servers asynchronously; npx from the local registry takes seconds), or time runs out.
import { spawn } from 'node:child_process';

export interface McpServerStatus {
  name: string;
  tools?: Record<string, unknown> | unknown[] | null;
  toolsError?: string | null;
  serverInfo?: { name?: string; version?: string } | null;
  [key: string]: unknown;
}

export interface StatusResult {
  server?: McpServerStatus;
  /** Every line Codex wrote, for assertion messages. */
  transcript: string;
}

export async function codexServerStatus(bin: string, name: string, opts: { cwd: string; env: Record<string, string>; timeoutMs: number }): Promise<StatusResult> {
  const child = spawn(bin, ['app-server'], { cwd: opts.cwd, env: opts.env, stdio: ['pipe', 'pipe', 'pipe'] });
  let transcript = '';
  let buffer = '';
  let nextId = 1;
  const waiting = new Map<number, (result: unknown) => void>();
  child.stderr.on('data', (d) => (transcript += `[stderr] ${d}`));
  child.stdout.on('data', (d: Buffer) => {
    buffer += d.toString('utf8');
    for (let i = buffer.indexOf('\n'); i >= 0; i = buffer.indexOf('\n')) {
      const line = buffer.slice(0, i);
      buffer = buffer.slice(i + 1);
      transcript += `${line}\n`;
      try {
        const msg = JSON.parse(line) as { id?: number; result?: unknown; error?: unknown };
        if (typeof msg.id === 'number' && waiting.has(msg.id)) waiting.get(msg.id)!(msg.result ?? { error: msg.error });
      } catch {
        // not JSON: kept in the transcript
      }
    }
  });
  const request = (method: string, params: unknown) =>
    new Promise<unknown>((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    });
  const deadline = Date.now() + opts.timeoutMs;
  const timeLeft = <T>(p: Promise<T>) =>
    Promise.race([p, new Promise<undefined>((r) => setTimeout(() => r(undefined), Math.max(0, deadline - Date.now())))]);
  try {
    await timeLeft(request('initialize', { clientInfo: { name: 'patchbay-e2e', version: '1' } }));
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'initialized' })}\n`);
    let server: McpServerStatus | undefined;
    while (Date.now() < deadline) {
      const result = (await timeLeft(request('mcpServerStatus/list', {}))) as { data?: McpServerStatus[] } | undefined;
      server = result?.data?.find((s) => s.name === name);
      const tools = server?.tools;
      const hasTools = tools !== undefined && tools !== null && Object.keys(tools).length > 0;
      if (hasTools || server?.toolsError) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    return server ? { server, transcript } : { transcript };
  } finally {
    child.kill('SIGTERM');
  }
}
