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

export const OPENCODE_SCHEMA_URL = 'https://opencode.ai/config.json';

export type EntryShape = 'mcpServers' | 'opencode-v1' | 'opencode-v2';

export function managedArgv(version: string): string[] {
  return ['npx', '--yes', `${PACKAGE_NAME}@${version}`, 'mcp'];
}

/** The exact entry patchbay writes for a host shape, version and platform. */
export function managedEntry(shape: EntryShape, version: string, platform: NodeJS.Platform): Record<string, unknown> {
  const argv = managedArgv(version);
  if (shape === 'opencode-v1') return { type: 'local', command: argv, enabled: true };
  if (shape === 'opencode-v2') return { type: 'local', command: argv, disabled: false };
  if (platform === 'win32') return { command: 'cmd', args: ['/c', ...argv] };
  return { command: argv[0], args: argv.slice(1) };
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
 * Is `value` (the entry named patchbay) ours? Ours means: the argv is exactly the managed one (any
 * version, plain or cmd /c), and the other keys are ones patchbay writes or a host adds harmlessly
 * (`type: "stdio"`, an empty `env`). Anything else — a different command, extra settings a person
 * added — is foreign: patchbay never overwrites or removes it.
 */
export function recognize(value: unknown, shape: EntryShape, version: string, platform: NodeJS.Platform): Recognition {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { ours: false };
  const entry = value as Record<string, unknown>;
  let pin: string | undefined;
  let allowed: string[];
  if (shape === 'mcpServers') {
    if (typeof entry.command !== 'string') return { ours: false };
    pin = pinFromArgv([entry.command, ...(Array.isArray(entry.args) ? entry.args : [null])]);
    if (entry.type !== undefined && entry.type !== 'stdio') return { ours: false };
    if (entry.env !== undefined && !isEmptyObject(entry.env)) return { ours: false };
    allowed = ['command', 'args', 'type', 'env'];
  } else {
    if (entry.type !== 'local') return { ours: false };
    pin = pinFromArgv(entry.command);
    // Either dialect's switch, as long as it leaves the server on.
    if (entry.enabled !== undefined && entry.enabled !== true) return { ours: false };
    if (entry.disabled !== undefined && entry.disabled !== false) return { ours: false };
    allowed = ['type', 'command', 'enabled', 'disabled'];
  }
  if (pin === undefined) return { ours: false };
  if (Object.keys(entry).some((k) => !allowed.includes(k))) return { ours: false };
  const current = deepEqual(entry, managedEntry(shape, version, platform));
  return { ours: true, pin, current };
}

function isEmptyObject(v: unknown): boolean {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0;
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
