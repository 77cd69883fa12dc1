// Spawn an MCP stdio server command, send `initialize` at once, and time spawn → the initialize
// response (the first stdout line answering id 1). Then close stdin and wait for exit, so runs never
// overlap. Used by bench/cold-npx.mjs.
import { spawn } from 'node:child_process';

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'patchbay-bench', version: '0' } },
});

export function timeInitialize(cmd, args, { cwd, env, timeoutMs = 120_000 }) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(cmd, args, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let ms;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${cmd} ${args.join(' ')}: no initialize response in ${timeoutMs} ms\nstdout: ${out}\nstderr: ${err.slice(-2000)}`));
    }, timeoutMs);
    child.stdin.write(INITIALIZE + '\n');
    child.stdout.on('data', (d) => {
      out += d;
      if (ms !== undefined) return;
      for (const line of out.split('\n')) {
        if (!line.trim()) continue;
        let msg;
        try {
          msg = JSON.parse(line);
        } catch {
          continue;
        }
        if (msg.id === 1) {
          ms = Number(process.hrtime.bigint() - started) / 1e6;
          if (!msg.result?.serverInfo) {
            child.kill('SIGKILL');
            reject(new Error(`initialize failed: ${line}`));
            return;
          }
          child.stdin.end();
        }
      }
    });
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (ms === undefined) reject(new Error(`${cmd} exited ${code} before answering initialize\nstderr: ${err.slice(-2000)}`));
      else resolve({ ms, stderr: err });
    });
  });
}
