// Cold start of `patchbay mcp`: median time from spawn to the first stdout line (the initialize
// response) of `node dist/patchbay.mjs mcp`, against a bare one-tool serveStdio server bundled the
// same way (bench/fixtures/bare-server.ts -> a temp dir). Runs alternate so drift hits both equally.
// Prints medians and the ratio. It never fails on absolute time (machines differ); it exits non-zero
// only when a server does not answer.
//
//   npm run build && node bench/mcp-startup.mjs [runs=15]
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const runs = Number(process.argv[2] ?? 15);
const patchbay = path.join(root, 'dist', 'patchbay.mjs');
if (!existsSync(patchbay)) {
  console.error(`${patchbay} is missing: run \`npm run build\` first.`);
  process.exit(2);
}

const tmp = await mkdtemp(path.join(os.tmpdir(), 'patchbay-bench-'));
const bare = path.join(tmp, 'bare-server.mjs');
await build({
  entryPoints: [path.join(root, 'bench', 'fixtures', 'bare-server.ts')],
  outfile: bare,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  mainFields: ['module', 'main'],
  banner: { js: "import { createRequire as __pbCreateRequire } from 'node:module'; const require = __pbCreateRequire(import.meta.url);" },
  logLevel: 'warning',
});

const INIT = `${JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1.0.0' } },
})}\n`;

/** ms from spawn to the first complete stdout line; waits for the process to exit afterwards. */
function once(args) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(process.execPath, args, { cwd: tmp, stdio: ['pipe', 'pipe', 'ignore'] });
    let out = '';
    let elapsed;
    child.stdout.on('data', (d) => {
      out += d;
      if (elapsed === undefined && out.includes('\n')) {
        elapsed = Number(process.hrtime.bigint() - t0) / 1e6;
        if (!out.includes('"protocolVersion"')) reject(new Error(`unexpected answer: ${out.slice(0, 200)}`));
        child.stdin.end();
      }
    });
    child.on('exit', () => (elapsed === undefined ? reject(new Error(`${args.join(' ')} exited without answering`)) : resolve(elapsed)));
    child.stdin.write(INIT);
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

try {
  // One warm-up each (file cache), not counted.
  await once([patchbay, 'mcp']);
  await once([bare]);
  const times = { patchbay: [], bare: [] };
  for (let i = 0; i < runs; i++) {
    times.patchbay.push(await once([patchbay, 'mcp']));
    times.bare.push(await once([bare]));
  }
  const mp = median(times.patchbay);
  const mb = median(times.bare);
  console.log(`node ${process.version}, ${os.cpus().length} CPUs, ${runs} runs each, alternating`);
  console.log(`patchbay mcp (dist/patchbay.mjs): median ${mp.toFixed(1)} ms  (min ${Math.min(...times.patchbay).toFixed(1)}, max ${Math.max(...times.patchbay).toFixed(1)})`);
  console.log(`bare serveStdio one-tool server:  median ${mb.toFixed(1)} ms  (min ${Math.min(...times.bare).toFixed(1)}, max ${Math.max(...times.bare).toFixed(1)})`);
  console.log(`ratio patchbay/bare: ${(mp / mb).toFixed(2)}`);
} finally {
  await rm(tmp, { recursive: true, force: true });
}
