// Pinning an npm source: resolve `<pkg>@<range>` to ONE exact version through npm itself
// (`npm view … version --json`), so the user's registry, .npmrc, scopes and auth all apply — no
// hand-rolled HTTP. Done once at add/update; what is written everywhere is the exact version.
import maxSatisfying from 'semver/ranges/max-satisfying.js';
import validRange from 'semver/ranges/valid.js';
import { PatchbayError } from '../../errors.js';

const TIMEOUT_MS = 60_000;

export interface NpmRunner {
  (args: readonly string[], env: Readonly<Record<string, string | undefined>>): Promise<{ code: number | null; stdout: string; stderr: string }>;
}

/**
 * Runs npm without a shell (on Windows `npm` is a .cmd shim, so it goes through cmd /c).
 * node:child_process is imported here, on the first run, not at load: this module is in the chunk
 * every CLI command loads, and only pinning an npm range spawns (issue 25: ~2 ms of node internals).
 */
export const runNpm: NpmRunner = async (args, env) => {
  const { spawn } = await import('node:child_process');
  return new Promise((resolve, reject) => {
    const [cmd, argv] = process.platform === 'win32' ? ['cmd', ['/c', 'npm', ...args]] : ['npm', [...args]];
    const child = spawn(cmd, argv, { env: env as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'], timeout: TIMEOUT_MS });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
};

/** Splits `pkg@range` (scoped packages keep their leading @); no range means `latest`. */
export function splitPackageSpec(spec: string): { name: string; range: string | undefined } {
  const at = spec.lastIndexOf('@');
  if (at > 0) return { name: spec.slice(0, at), range: spec.slice(at + 1) || undefined };
  return { name: spec, range: undefined };
}

export async function resolveNpmVersion(
  name: string, range: string | undefined, env: Readonly<Record<string, string | undefined>>, run: NpmRunner = runNpm,
): Promise<string> {
  const query = `${name}@${range ?? 'latest'}`;
  let result;
  try {
    result = await run(['view', query, 'version', '--json'], env);
  } catch (error) {
    throw new PatchbayError('registry-unreachable', `Could not run npm to resolve ${query}: ${(error as Error).message}`, {
      hint: 'patchbay resolves pins with your own npm; make sure `npm` is on PATH',
    });
  }
  if (result.code !== 0) {
    const text = `${result.stderr}\n${result.stdout}`;
    if (/E404|404 Not Found|is not in this registry/i.test(text)) {
      throw new PatchbayError('no-such-package', `The registry has no package ${name}.`, { hint: 'check the package name (and the registry in your .npmrc)' });
    }
    throw new PatchbayError('registry-unreachable', `npm could not resolve ${query}: ${firstLine(text)}`, {
      hint: 'check your network and registry settings (npm config get registry); nothing was written',
    });
  }
  const parsed: unknown = result.stdout.trim() === '' ? [] : JSON.parse(result.stdout);
  const versions = (Array.isArray(parsed) ? parsed : [parsed]).filter((v): v is string => typeof v === 'string');
  const best = range && validRange(range) ? maxSatisfying(versions, range) : versions[versions.length - 1];
  if (!best) {
    throw new PatchbayError('no-such-version', `No published version of ${name} matches ${range ?? 'latest'}.`, {
      hint: `list them with \`npm view ${name} versions\``,
    });
  }
  return best;
}

function firstLine(text: string): string {
  return text.split(/\r?\n/).map((l) => l.trim()).find((l) => l !== '') ?? 'no output';
}
