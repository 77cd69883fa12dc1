// Shared by the server's process-level tests: the built bundle, a raw newline-JSON wire client,
// and sandboxes (temp project + HOME + state dir) holding real host files with canary secrets.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { snapshotTree } from '../helpers/tree.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The bundle under test. `npm test` builds it before vitest starts; tests never rebuild it. */
export function bundlePath(): string {
  const bundle = path.join(repo, 'dist', 'patchbay.mjs');
  if (!existsSync(bundle)) {
    throw new Error(`${bundle} is missing: run \`npm run build\` (npm test does it) before these tests.`);
  }
  return bundle;
}

export interface WireClient {
  child: ChildProcessWithoutNullStreams;
  /** Every stdout line, in order. */
  lines: string[];
  stderr: () => string;
  send(message: unknown): void;
  sendRaw(text: string): void;
  /** Resolves with the next stdout line that satisfies `match`. */
  waitFor(match: (msg: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  response(id: string | number, timeoutMs?: number): Promise<Record<string, unknown>>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function spawnWire(options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): WireClient {
  const child = spawn(process.execPath, [bundlePath(), 'mcp'], {
    cwd: options.cwd ?? os.tmpdir(),
    env: options.env ?? { PATH: process.env.PATH, HOME: os.tmpdir() },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const parsed: Record<string, unknown>[] = [];
  let waiters: { match: (m: Record<string, unknown>) => boolean; resolve: (m: Record<string, unknown>) => void }[] = [];
  let stderr = '';
  let partial = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdout.on('data', (d: Buffer) => {
    partial += d.toString('utf8');
    let nl: number;
    while ((nl = partial.indexOf('\n')) !== -1) {
      const line = partial.slice(0, nl);
      partial = partial.slice(nl + 1);
      lines.push(line);
      let msg: Record<string, unknown>;
      try {
        msg = JSON.parse(line) as Record<string, unknown>;
      } catch {
        continue; // the hygiene test reports non-JSON lines from `lines`
      }
      parsed.push(msg);
      const remaining: typeof waiters = [];
      for (const w of waiters) {
        if (w.match(msg)) w.resolve(msg);
        else remaining.push(w);
      }
      waiters = remaining;
    }
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  child.stdin.on('error', () => {});
  const waitFor = (match: (m: Record<string, unknown>) => boolean, timeoutMs = 15_000) => {
    const seen = parsed.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise<Record<string, unknown>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out; stdout so far:\n${lines.join('\n').slice(-2000)}\nstderr:\n${stderr}`)), timeoutMs);
      waiters.push({ match, resolve: (m) => (clearTimeout(timer), resolve(m)) });
    });
  };
  return {
    child,
    lines,
    stderr: () => stderr,
    send: (message) => child.stdin.write(`${JSON.stringify(message)}\n`),
    sendRaw: (text) => child.stdin.write(text),
    waitFor,
    response: (id, timeoutMs) => waitFor((m) => m.id === id && ('result' in m || 'error' in m), timeoutMs),
    exited,
  };
}

export function initializeRequest(id: number | string, protocolVersion = '2025-11-25') {
  return {
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion, capabilities: {}, clientInfo: { name: 'patchbay-test', version: '1.0.0' } },
  };
}

export const CANARIES = {
  env: 'CANARY-ENV-7f3a9c',
  header: 'CANARY-HEADER-2b8e41',
  userinfo: 'CANARY-PASS-91d0ce',
  query: 'CANARY-QUERY-5a6f72',
  arg: 'CANARY-ARG-c4e19b',
  opencodeEnv: 'CANARY-OCENV-88aa10',
  userFile: 'CANARY-USERFILE-0e5d33',
} as const;

export interface Sandbox {
  root: string;
  project: string;
  home: string;
  xdgConfig: string;
  stateDir: string;
  bin: string;
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

/** A temp project + HOME with real host files for every host, each holding canary secrets. */
export async function makeSandbox(): Promise<Sandbox> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'patchbay-mcp-'));
  const project = path.join(root, 'project');
  const home = path.join(root, 'home');
  const xdgConfig = path.join(home, '.config');
  const stateDir = path.join(root, 'state');
  const bin = path.join(root, 'bin');
  for (const dir of [project, home, xdgConfig, bin, path.join(project, '.cursor'), path.join(home, '.cursor'), path.join(xdgConfig, 'opencode')]) {
    await mkdir(dir, { recursive: true });
  }
  // Fake host binaries: the server probes `claude --version` and `opencode --version` from PATH.
  await writeFile(path.join(bin, 'claude'), '#!/bin/sh\necho "2.1.332 (Claude Code)"\n');
  await writeFile(path.join(bin, 'opencode'), '#!/bin/sh\necho "1.18.33"\n');
  await chmod(path.join(bin, 'claude'), 0o755);
  await chmod(path.join(bin, 'opencode'), 0o755);
  const c = CANARIES;
  await writeFile(
    path.join(project, '.mcp.json'),
    JSON.stringify(
      {
        mcpServers: {
          'local-tool': { command: 'node', args: ['server.js', '--api-key', c.arg], env: { API_TOKEN: c.env, PLAIN: c.env } },
          remote: {
            type: 'http',
            url: `https://alice:${c.userinfo}@mcp.example.com/v1?token=${c.query}&region=eu`,
            headers: { Authorization: `Bearer ${c.header}`, 'X-Custom': c.header },
          },
        },
      },
      null,
      2,
    ) + '\n',
  );
  await writeFile(
    path.join(project, '.cursor', 'mcp.json'),
    `{
  // team servers (Cursor tolerates comments)
  "mcpServers": {
    "search": { "url": "https://search.example.com/mcp?api_key=${c.query}", "headers": { "X-Api-Key": "${c.header}" } },
    "db": { "command": "npx", "args": ["-y", "db-mcp", "--password=${c.arg}"], "env": { "DB_URL": "postgres://u:${c.userinfo}@db/x" } }
  }
}
`,
  );
  await writeFile(
    path.join(project, 'opencode.jsonc'),
    `{
  "$schema": "https://opencode.ai/config.json",
  // OpenCode 1.x (V1 dialect): servers directly under "mcp"
  "mcp": {
    "docs": { "type": "remote", "url": "https://docs.example.com/mcp?access_token=${c.query}", "headers": { "Authorization": "${c.header}" }, "enabled": true },
    "fs": { "type": "local", "command": ["npx", "fs-mcp"], "environment": { "FS_SECRET": "${c.opencodeEnv}" }, "enabled": true }
  }
}
`,
  );
  await writeFile(
    path.join(home, '.claude.json'),
    JSON.stringify({ numStartups: 3, mcpServers: { personal: { command: 'node', args: ['p.js'], env: { KEY: c.userFile } } } }, null, 2) + '\n',
  );
  await writeFile(path.join(home, '.cursor', 'mcp.json'), `{"mcpServers": {"u": {"url": "https://x:${c.userFile}@u.example.com/"}}}\n`);
  const env: Record<string, string> = {
    HOME: home,
    XDG_CONFIG_HOME: xdgConfig,
    XDG_STATE_HOME: path.join(home, '.local', 'state'),
    PATCHBAY_STATE_DIR: stateDir,
    PATH: `${bin}:/usr/bin:/bin`,
  };
  return { root, project, home, xdgConfig, stateDir, bin, env, cleanup: () => rm(root, { recursive: true, force: true }) };
}

/** Every entry under root with its mtime: proves a sweep neither wrote nor rewrote anything. */
export function hashTree(root: string) {
  return snapshotTree(root, { mtime: true });
}

export function findCanaries(text: string): string[] {
  return Object.values(CANARIES).filter((c) => text.includes(c));
}
