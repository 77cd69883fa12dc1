// Drives a command in a REAL pseudo-terminal through tmux (send-keys / capture-pane). Each helper
// instance uses its own tmux server socket, so tests never touch a user's tmux or each other.
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface TmuxPane {
  /** Text of the pane (and its scrollback); with escapes: true, the SGR sequences too. */
  capture(options?: { escapes?: boolean }): Promise<string>;
  send(...keys: string[]): Promise<void>;
  /** Polls the pane until `pattern` shows up; throws with the pane's text on timeout. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Waits for the `EXIT=<code>` line the wrapper script prints when the command ends. */
  exitCode(timeoutMs?: number): Promise<number>;
  close(): Promise<void>;
}

export async function requireTmux(): Promise<void> {
  try {
    await run('tmux', ['-V']);
  } catch {
    throw new Error('tmux is required for the wizard tests (install it: apt-get install tmux; .ci/run does this).');
  }
}

let counter = 0;

/**
 * Starts `argv` in a new tmux session inside `cwd` with exactly `env` (env -i), in a width×height
 * terminal. The wrapper prints EXIT=<code> when the command ends and keeps the pane open.
 */
export async function startInTmux(options: {
  dir: string;
  cwd: string;
  argv: readonly string[];
  env: Record<string, string>;
  width?: number;
  height?: number;
}): Promise<TmuxPane> {
  await requireTmux();
  const socket = `pb-cli-${process.pid}-${++counter}`;
  const script = path.join(options.dir, `${socket}.sh`);
  const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
  const envArgs = Object.entries({ TERM: 'xterm-256color', ...options.env }).map(([k, v]) => quote(`${k}=${v}`));
  await writeFile(
    script,
    `cd ${quote(options.cwd)}\nenv -i ${envArgs.join(' ')} ${options.argv.map(quote).join(' ')}\necho "EXIT=$?"\nsleep 600\n`,
  );
  const tmux = (...args: string[]) => run('tmux', ['-L', socket, '-f', '/dev/null', ...args]);
  await tmux('new-session', '-d', '-s', 'pb', '-x', String(options.width ?? 160), '-y', String(options.height ?? 50), `bash ${quote(script)}`);

  const pane: TmuxPane = {
    async capture({ escapes = false } = {}) {
      const { stdout } = await tmux('capture-pane', '-p', '-J', '-S', '-1000', ...(escapes ? ['-e'] : []), '-t', 'pb');
      return stdout;
    },
    async send(...keys) {
      await tmux('send-keys', '-t', 'pb', ...keys);
    },
    async waitFor(pattern, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const text = await pane.capture();
        const match = text.match(pattern);
        if (match) return match;
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern} in the terminal:\n${text}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async exitCode(timeoutMs) {
      const match = await pane.waitFor(/^EXIT=(\d+)$/m, timeoutMs);
      return Number(match[1]);
    },
    async close() {
      await tmux('kill-server').catch(() => undefined);
    },
  };
  return pane;
}
