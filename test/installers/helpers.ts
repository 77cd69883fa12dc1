// Test helpers: real temp directories and an injected probe that records its calls.
import { mkdtemp, mkdir, writeFile, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { HostContext, ProbeResult } from '../../src/installers/types.js';
import type { FileChange } from '../../src/rollback/types.js';

export interface TestEnv {
  root: string;
  projectDir: string;
  home: string;
  ctx: HostContext;
  probeCalls: string[];
  cleanup(): Promise<void>;
}

export type ProbeTable = Record<string, ProbeResult>;

export async function makeEnv(probes: ProbeTable = {}, platform: NodeJS.Platform = 'linux'): Promise<TestEnv> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'pb-inst-'));
  const projectDir = path.join(root, 'project');
  const home = path.join(root, 'home');
  await mkdir(projectDir, { recursive: true });
  await mkdir(home, { recursive: true });
  const probeCalls: string[] = [];
  const ctx: HostContext = {
    projectDir,
    home,
    env: { XDG_CONFIG_HOME: path.join(home, '.config') },
    platform,
    async probe(command, args) {
      probeCalls.push([command, ...args].join(' '));
      return probes[command] ?? { ok: false, reason: 'not-found', message: `${command} not found` };
    },
  };
  return { root, projectDir, home, ctx, probeCalls, cleanup: () => rm(root, { recursive: true, force: true }) };
}

export async function put(file: string, content: string | Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

export async function readText(file: string): Promise<string> {
  return readFile(file, 'utf8');
}

/** Applies a planned change the simple way (tests only; the real engine is src/rollback). */
export async function applyChange(change: FileChange): Promise<void> {
  if (change.after === 'delete') await rm(change.path);
  else await put(change.path, change.after);
}

export function afterText(change: FileChange | undefined): string {
  if (!change || change.after === 'delete') throw new Error('expected a write');
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(change.after);
}

export const V = '0.1.0';
