// The managed entry: `npx --yes patchbay-mcp@<version> mcp`, in each host's native shape, and the
// recognizer that tells OUR entry (current or stale, plain or `cmd /c` form) from a foreign one.
//
// Windows: Node's spawn cannot run `npx` (an npx.cmd shim) without a shell (EINVAL since Node 20.12.2,
// hosts.md §3.8). Claude Code, Cursor and the generic convention spawn without a shell, so on win32
// they get `cmd /c npx ...` (hosts.md §12.6). OpenCode keeps the plain `["npx", ...]` array on win32:
// §12.6 does not list it among the hosts needing the wrapper, OpenCode's own documentation writes
// `["npx", "-y", ...]` for every OS, and it runs on Bun, whose spawn resolves PATHEXT shims. If that
// ever proves wrong, the recognizer below already accepts the `cmd /c` form for OpenCode too, so a
// hand-wrapped entry is still ours.
import type { Recognition } from './binding.js';
import { LEGACY_PACKAGE_NAMES, PACKAGE_NAME } from '../version.js';
import { launchOf, type NpmSource, type StringMap } from '../servers/spec.js';
import { STYLES, readArgv, renderEntry, stdioOf, withoutHarmless, type EntryStyle } from './shapes.js';

export const OPENCODE_SCHEMA_URL = 'https://opencode.ai/config.json';

/** A style id of STYLES (shapes.ts): 'mcpServers', 'opencode-v1', 'opencode-v2', … */
export type EntryShape = string;

export function managedArgv(version: string): string[] {
  const launch = launchOf(selfSpec(version));
  return launch.transport === 'stdio' ? [launch.command, ...launch.args] : [];
}

/**
 * patchbay's own server: `npx --yes patchbay-mcp@<version> mcp`. `env` is empty for people; the e2e
 * tests add the local registry through it (self-env.ts), rendered like any server's env.
 */
export function selfSpec(version: string, env: StringMap = {}): NpmSource {
  return { npm: PACKAGE_NAME, version, args: ['mcp'], ...(Object.keys(env).length > 0 ? { env } : {}) };
}

/** The exact entry patchbay writes for its own server in a host style, version and platform. */
export function managedEntry(shape: EntryShape | EntryStyle, version: string, platform: NodeJS.Platform, env: StringMap = {}): Record<string, unknown> {
  const style = typeof shape === 'string' ? styleOf(shape) : shape;
  const rendered = renderEntry(style, launchOf(selfSpec(version, env)), platform);
  if (!rendered.ok) throw new Error(`internal: ${style.id} cannot render patchbay's own entry: ${rendered.message}`);
  return rendered.value as Record<string, unknown>;
}

function styleOf(id: string): EntryStyle {
  const style = STYLES[id];
  if (!style) throw new Error(`internal: unknown entry style ${id}`);
  return style;
}

/** `<name>@<version>` for our package name or a legacy one (0.1's `patchbay@…`). */
export function pinOfSpec(spec: string): string | undefined {
  const at = spec.lastIndexOf('@');
  if (at <= 0) return undefined;
  const name = spec.slice(0, at);
  if (name !== PACKAGE_NAME && !LEGACY_PACKAGE_NAMES.includes(name)) return undefined;
  const version = spec.slice(at + 1);
  return version === '' ? undefined : version;
}

/** `npx --yes patchbay-mcp@<v> mcp` (or 0.1's `patchbay@<v>`), optionally behind `cmd /c`; returns the pinned version. */
export function pinFromArgv(argv: unknown): string | undefined {
  if (!Array.isArray(argv) || !argv.every((a) => typeof a === 'string')) return undefined;
  let rest = argv as string[];
  if (rest[0]?.toLowerCase() === 'cmd' && rest[1]?.toLowerCase() === '/c') rest = rest.slice(2);
  if (rest.length !== 4 || rest[0] !== 'npx' || rest[1] !== '--yes' || rest[3] !== 'mcp') return undefined;
  return pinOfSpec(rest[2] as string);
}

/**
 * Is `value` (the entry named patchbay) ours? Ours means: it runs exactly the managed argv (any
 * version, our name or 0.1's, plain or behind `cmd /c`) and holds nothing else but what this style
 * writes, or members the style counts as harmless (`type: "stdio"`, an empty `env`, OpenCode's "on"
 * switch of either dialect). Anything else — a different command, settings a person added — is
 * foreign: patchbay never overwrites or removes it.
 */
export function recognize(value: unknown, shape: EntryShape | EntryStyle, version: string, platform: NodeJS.Platform, env: StringMap = {}): Recognition {
  const style = typeof shape === 'string' ? styleOf(shape) : shape;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { ours: false };
  const argv = readArgv(style, value);
  const pin = pinFromArgv(argv);
  if (argv === undefined || pin === undefined) return { ours: false };
  // The entry this style writes for the argv the value runs (its own wrapper and spelling included),
  // with no env or with the self env this run adds (an entry written with or without it is ours).
  const mine = withoutHarmless(style, value as Record<string, unknown>);
  const owns = (extra: StringMap) => {
    const own = renderEntry(style, { ...stdioOf(argv), env: extra }, 'linux');
    return own.ok && deepEqual(mine, withoutHarmless(style, own.value as Record<string, unknown>));
  };
  if (!owns({}) && !owns(env)) return { ours: false };
  return { ours: true, pin, current: deepEqual(value, managedEntry(style, version, platform, env)) };
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  }
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
