// Entry styles: how a host writes one server entry, as DATA. Field names differ between hosts (`url`
// or `serverUrl`, `env` or `environment`, a `command` string plus `args` or one `command` array, a
// required `type`), so a style names them; render/read/recognize below are the only code. A host
// whose entries differ in more than names gets its own style record with a custom renderer.
import type { DocValue } from './document/types.js';
import type { Launch, StdioLaunch, StringMap } from '../servers/spec.js';
import { renderReferences, type RefSyntax } from '../servers/env-ref.js';

export interface EntryStyle {
  id: string;
  /** stdio: `command` + `args` (most hosts) or one `command` array (OpenCode). */
  argv: 'command+args' | 'command-array';
  /** stdio: the `type` value written first (OpenCode `local`, VS Code `stdio`); none when undefined. */
  stdioType?: string;
  /** The member stdioType is written under (default `type`; Zed's tagged shape: `source: "custom"`). */
  stdioTypeKey?: string;
  envKey: string;
  /** Written after the launch on every entry (OpenCode V1 `enabled: true`). */
  extra?: Record<string, DocValue>;
  /** Remote servers: the URL member, and the `type` value per transport (absent: no `type` written). */
  urlKey: string;
  /** Per-transport URL member where it differs from urlKey (Qwen: `httpUrl` is Streamable HTTP, `url` SSE). */
  urlKeys?: { http?: string; sse?: string };
  remoteType?: { http?: string; sse?: string };
  /** No remote entries in this host's files (or unverified): rendering one fails closed. */
  remote: boolean;
  /** The remote transports the host has, when not both (Zed: http only); others fail closed. */
  transports?: readonly ('http' | 'sse')[];
  headersKey: string;
  /** Members a host or person may add without changing what the entry runs (ownership ignores them). */
  harmless: Record<string, readonly DocValue[]>;
  refSyntax: RefSyntax;
  /** The host spawns without a shell, so on Windows `npx` needs `cmd /c` (Node cannot run .cmd shims). */
  windowsWrapper: boolean;
}

export const CLAUDE_STYLE: EntryStyle = {
  id: 'mcpServers', argv: 'command+args', envKey: 'env', urlKey: 'url', remoteType: { http: 'http', sse: 'sse' }, remote: true,
  headersKey: 'headers', harmless: { type: ['stdio'], env: [{}] }, refSyntax: '${NAME}', windowsWrapper: true,
};

/** Cursor: `${env:NAME}` references; a remote entry is just `url` (Cursor infers the transport). */
export const CURSOR_STYLE: EntryStyle = { ...CLAUDE_STYLE, id: 'cursor', remoteType: {}, refSyntax: '${env:NAME}' };

/** The generic mcp.json convention: Cursor's syntax (SEP-2633's draft), `type` for remote entries. */
export const GENERIC_STYLE: EntryStyle = { ...CLAUDE_STYLE, id: 'generic', refSyntax: '${env:NAME}' };

export const OPENCODE_V1_STYLE: EntryStyle = {
  id: 'opencode-v1', argv: 'command-array', stdioType: 'local', envKey: 'environment', extra: { enabled: true }, urlKey: 'url',
  remoteType: { http: 'remote', sse: 'remote' }, remote: true, headersKey: 'headers',
  // Either dialect's switch, as long as it leaves the server on.
  harmless: { enabled: [true], disabled: [false] }, refSyntax: '{env:NAME}', windowsWrapper: false,
};

export const OPENCODE_V2_STYLE: EntryStyle = { ...OPENCODE_V1_STYLE, id: 'opencode-v2', extra: { disabled: false } };

export const STYLES: Readonly<Record<string, EntryStyle>> = {
  mcpServers: CLAUDE_STYLE,
  cursor: CURSOR_STYLE,
  generic: GENERIC_STYLE,
  'opencode-v1': OPENCODE_V1_STYLE,
  'opencode-v2': OPENCODE_V2_STYLE,
};

export type RenderResult = { ok: true; value: DocValue } | { ok: false; code: string; message: string };

function refs(map: StringMap, syntax: RefSyntax): StringMap | undefined {
  const out: StringMap = {};
  for (const [k, v] of Object.entries(map)) {
    const rendered = renderReferences(v, syntax);
    if (rendered === undefined) return undefined;
    out[k] = rendered;
  }
  return out;
}

/** The entry a host with this style reads for `launch`. */
export function renderEntry(style: EntryStyle, launch: Launch, platform: NodeJS.Platform): RenderResult {
  const entry: Record<string, DocValue> = {};
  if (launch.transport === 'stdio') {
    if (style.stdioType !== undefined) entry[style.stdioTypeKey ?? 'type'] = style.stdioType;
    let argv = [launch.command, ...launch.args];
    // Either argv spelling: a command array (Kilo) needs the wrapper as much as command + args.
    if (platform === 'win32' && style.windowsWrapper) argv = ['cmd', '/c', ...argv];
    if (style.argv === 'command-array') entry.command = argv;
    else {
      entry.command = argv[0] as string;
      entry.args = argv.slice(1);
    }
    if (Object.keys(launch.env).length > 0) {
      const env = refs(launch.env, style.refSyntax);
      if (!env) return unsupportedReference();
      entry[style.envKey] = env;
    }
  } else {
    if (!style.remote || (style.transports && !style.transports.includes(launch.transport))) {
      return { ok: false, code: 'transport-unsupported', message: `this host has no ${launch.transport} (remote) server entries` };
    }
    const type = style.remoteType?.[launch.transport];
    if (type !== undefined) entry.type = type;
    entry[style.urlKeys?.[launch.transport] ?? style.urlKey] = launch.url;
    if (Object.keys(launch.headers).length > 0) {
      const headers = refs(launch.headers, style.refSyntax);
      if (!headers) return unsupportedReference();
      entry[style.headersKey] = headers;
    }
  }
  Object.assign(entry, style.extra ?? {});
  return { ok: true, value: entry };
}

function unsupportedReference(): RenderResult {
  return { ok: false, code: 'secret-reference-unsupported', message: 'this host has no syntax for environment-variable references in its config' };
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The stdio argv an entry runs (the `cmd /c` wrapper included), or undefined for anything else. */
export function readArgv(style: EntryStyle, value: unknown): string[] | undefined {
  if (!isObject(value)) return undefined;
  const raw = style.argv === 'command-array' ? value.command : typeof value.command === 'string' ? [value.command, ...(Array.isArray(value.args) ? value.args : [])] : undefined;
  return Array.isArray(raw) && raw.every((a) => typeof a === 'string') ? (raw as string[]) : undefined;
}

/** `value` without the members this style counts as harmless (when they hold a harmless value). */
export function withoutHarmless(style: EntryStyle, value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const allowed = style.harmless[k];
    if (allowed && allowed.some((a) => JSON.stringify(a) === JSON.stringify(v))) continue;
    out[k] = v;
  }
  return out;
}

/** A stdio launch as the entry states it (for rendering it back to compare ownership). */
export function stdioOf(argv: readonly string[]): StdioLaunch {
  return { transport: 'stdio', command: argv[0] ?? '', args: argv.slice(1), env: {} };
}
