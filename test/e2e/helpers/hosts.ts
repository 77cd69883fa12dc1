// Small readers shared by the host e2e tests.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse, type ParseError } from 'jsonc-parser';

/** Parses JSONC the way OpenCode does (comments and trailing commas allowed); throws on a syntax error. */
export async function readJsonc(file: string): Promise<Record<string, unknown>> {
  const text = await readFile(file, 'utf8');
  const errors: ParseError[] = [];
  const value = parse(text, errors, { allowTrailingComma: true, disallowComments: false }) as Record<string, unknown>;
  if (errors.length) throw new Error(`${file} does not parse as JSONC: ${JSON.stringify(errors)}`);
  return value;
}

/** Strict JSON (what Claude Code accepts for .mcp.json). */
export async function readStrictJson(file: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
}

/**
 * The patchbay version npx installed into a sandbox's npm cache, or undefined. Proves that the host's
 * `npx --yes patchbay-mcp@<v> mcp` resolved the package (from the local registry: it is the only one set).
 */
export async function npxInstalledVersion(npmCache: string): Promise<string | undefined> {
  const npx = path.join(npmCache, '_npx');
  let dirs: string[];
  try {
    dirs = await readdir(npx);
  } catch {
    return undefined;
  }
  for (const d of dirs) {
    try {
      const pkg = JSON.parse(await readFile(path.join(npx, d, 'node_modules', 'patchbay-mcp', 'package.json'), 'utf8')) as {
        version: string;
      };
      return pkg.version;
    } catch {
      // another npx install in the same cache
    }
  }
  return undefined;
}

export const managedArgv = (version: string) => ['npx', '--yes', `patchbay-mcp@${version}`, 'mcp'];

/**
 * Every version of `pkg` that npx installed into a sandbox's npm cache (one `_npx/<hash>` dir per spec),
 * sorted. Proves which pins a host's `npx --yes pkg@<v>` actually fetched and ran.
 */
export async function npxInstalledVersionsOf(npmCache: string, pkg: string): Promise<string[]> {
  const npx = path.join(npmCache, '_npx');
  let dirs: string[];
  try {
    dirs = await readdir(npx);
  } catch {
    return [];
  }
  const versions = new Set<string>();
  for (const d of dirs) {
    try {
      const manifest = JSON.parse(await readFile(path.join(npx, d, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string };
      versions.add(manifest.version);
    } catch {
      // an npx install of some other package
    }
  }
  return [...versions].sort();
}
