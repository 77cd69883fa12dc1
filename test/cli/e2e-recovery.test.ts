// A patchbay process killed mid-apply leaves a pending journal; the next CLI command rolls it back
// before doing anything else and says so on stderr.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, REPO_ROOT, type Sandbox } from '../helpers/cli-sandbox.js';

let sb: Sandbox;
beforeEach(async () => {
  sb = await createSandbox();
});
afterEach(async () => {
  await sb.cleanup();
});

/** Bundles (into the sandbox, not dist/) a script that applies a 2-file plan and hangs before the 2nd rename. */
async function buildCrashScript(): Promise<string> {
  const entry = path.join(sb.root, 'crash.ts');
  const engine = path.join(REPO_ROOT, 'src/rollback/index.ts').split(path.sep).join('/');
  await writeFile(
    entry,
    `import { writeFileSync } from 'node:fs';
import { apply, createPlan, makeChange, readBefore, dirsToCreate } from '${engine}';
const [a, b, marker] = process.argv.slice(2);
const enc = (s: string) => new TextEncoder().encode(s);
const changes = [makeChange(a, await readBefore(a), enc('changed A\\n')), makeChange(b, await readBefore(b), enc('created B\\n'))];
let renames = 0;
await apply(createPlan('crash test', changes, await dirsToCreate(b)), {
  faults: {
    async beforeStep(step) {
      if (step === 'rename' && ++renames === 2) {
        writeFileSync(marker, 'ready');
        // Hang until SIGKILL; the timer keeps the event loop (and so the process) alive.
        await new Promise(() => setInterval(() => {}, 60_000));
      }
    },
  },
});
`,
  );
  const outfile = path.join(sb.root, 'crash.mjs');
  await build({ entryPoints: [entry], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'error' });
  return outfile;
}

describe('crash recovery', () => {
  it('the next command rolls back a killed transaction and says so', async () => {
    const script = await buildCrashScript();
    const a = await sb.write('project/a.txt', 'original A\n');
    const b = path.join(sb.project, 'new', 'b.txt');
    const marker = path.join(sb.root, 'ready');
    const before = await sb.snapshot();

    const child = spawn(process.execPath, [script, a, b, marker], { env: sb.env, stdio: 'ignore' });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const deadline = Date.now() + 20_000;
    while (!existsSync(marker)) {
      if (Date.now() > deadline) throw new Error('crash script never reached the second rename');
      await new Promise((r) => setTimeout(r, 25));
    }
    // While the transaction is live it holds the state-dir lock: another command fails with exit 4.
    const blocked = await sb.run(['init', '--yes']);
    expect(blocked.code).toBe(4);
    expect(blocked.stderr).toContain('lock-held');
    expect(child.exitCode).toBeNull(); // still alive: the kill below is what interrupts it
    child.kill('SIGKILL');
    expect(await exited).toBeNull(); // exit code null: killed by a signal
    expect(await sb.read('project/a.txt')).toBe('changed A\n');

    const r = await sb.run(['history']);
    expect(r.stderr).toMatch(/^patchbay: rolled back an interrupted transaction \S+ \(2 files\)$/m);
    expect(r.code).toBe(0);
    expect(await sb.snapshot()).toEqual(before);

    const again = await sb.run(['history']);
    expect(again.stderr).toBe('');
  });
});
