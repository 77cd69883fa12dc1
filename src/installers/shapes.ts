// Entry styles: how a host writes one server entry, as DATA. Field names differ between hosts (`url`
// or `serverUrl`, `env` or `environment`, a `command` string plus `args` or one `command` array, a
// required `type`), so a style names them; render/read/recognize below are the only code. A host
// whose entries differ in more than names gets its own style record with a custom renderer.
import type { DocValue } from './document/types.js';
import type { Launch, StdioLaunch } from '../servers/spec.js';
import type { RefSyntax } from '../servers/env-ref.js';
import { envMembers, headerMembers } from './style-members.js';

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
  // Optional, for the TOML/YAML hosts (absent: the behaviour above, unchanged). See style-members.ts.
  /** The stdio command member when it is not `command` (Goose `cmd`). */
  commandKey?: string;
  /** The member holding the `type` value when it is not `type` (Mistral Vibe `transport`). */
  typeKey?: string;
  /** A list of variable NAMES the host forwards from its own environment (Codex `env_vars`, Goose
   *  `env_keys`): an env value that is exactly `${env:KEY}` for its own key KEY goes there. */
  envByNameKey?: string;
  /** Codex `bearer_token_env_var`: `Authorization: Bearer ${env:X}` becomes this member = "X". */
  bearerEnvKey?: string;
  /** Codex `env_http_headers`: a header whose value is exactly `${env:X}` becomes `{header: "X"}` here. */
  headersByNameKey?: string;
  /** Headers nested below the entry (Continue `requestOptions.headers`); replaces `headersKey`. */
  headersPath?: readonly string[];
  /** Written next to nested headers (Mistral Vibe `auth.type = "static"`). */
  headersWith?: Record<string, DocValue>;
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

// TOML and YAML hosts (docs/host-facts.md, host-facts.json). None interpolates `${…}` in values.

/** Codex `[mcp_servers.<name>]`: no `type` (command vs url decides), no SSE, secrets by NAME. */
export const CODEX_STYLE: EntryStyle = {
  id: 'codex', argv: 'command+args', envKey: 'env', envByNameKey: 'env_vars', urlKey: 'url', remoteType: {}, remote: true,
  transports: ['http'], headersKey: 'http_headers', bearerEnvKey: 'bearer_token_env_var', headersByNameKey: 'env_http_headers',
  harmless: { enabled: [true], env: [{}], env_vars: [[]] }, refSyntax: null, windowsWrapper: true,
};

/** Grok Build: Codex-like tables; only command/args/env/url are known (one real file), so no by-NAME members. */
export const GROK_STYLE: EntryStyle = {
  id: 'grok', argv: 'command+args', envKey: 'env', urlKey: 'url', remoteType: {}, remote: true, transports: ['http'],
  headersKey: 'http_headers', harmless: { enabled: [true], env: [{}] }, refSyntax: null, windowsWrapper: true,
};

/** Mistral Vibe `[[mcp_servers]]` items: `transport` is required; headers live in `[mcp_servers.auth]`. */
export const VIBE_STYLE: EntryStyle = {
  id: 'mistral-vibe', argv: 'command+args', typeKey: 'transport', stdioType: 'stdio', envKey: 'env', urlKey: 'url',
  remoteType: { http: 'streamable-http' }, remote: true, transports: ['http'], headersKey: 'headers', headersPath: ['auth', 'headers'],
  headersWith: { type: 'static' }, harmless: { env: [{}], disabled: [false] }, refSyntax: null, windowsWrapper: false,
};

/** Goose `extensions.<key>`: `cmd`, `envs`, secrets by name in `env_keys`, `enabled` and `timeout` written. */
export const GOOSE_STYLE: EntryStyle = {
  id: 'goose', argv: 'command+args', commandKey: 'cmd', stdioType: 'stdio', envKey: 'envs', envByNameKey: 'env_keys', urlKey: 'uri',
  remoteType: { http: 'streamable_http' }, remote: true, transports: ['http'], headersKey: 'headers', extra: { enabled: true, timeout: 300 },
  // What goose itself adds when it rewrites the file (defaults that change nothing).
  harmless: { envs: [{}], env_keys: [[]], bundled: [null, false], description: [''], available_tools: [[]] },
  refSyntax: null, windowsWrapper: true,
};

/** Continue `mcpServers` items: `${{ secrets.NAME }}` references, remote headers in `requestOptions`. */
export const CONTINUE_STYLE: EntryStyle = {
  id: 'continue', argv: 'command+args', envKey: 'env', urlKey: 'url', remoteType: { http: 'streamable-http', sse: 'sse' }, remote: true,
  headersKey: 'headers', headersPath: ['requestOptions', 'headers'], harmless: { type: ['stdio'], env: [{}] },
  refSyntax: '${{ secrets.NAME }}', windowsWrapper: false,
};

export const STYLES: Readonly<Record<string, EntryStyle>> = {
  mcpServers: CLAUDE_STYLE,
  cursor: CURSOR_STYLE,
  generic: GENERIC_STYLE,
  'opencode-v1': OPENCODE_V1_STYLE,
  'opencode-v2': OPENCODE_V2_STYLE,
  codex: CODEX_STYLE,
  grok: GROK_STYLE,
  'mistral-vibe': VIBE_STYLE,
  goose: GOOSE_STYLE,
  continue: CONTINUE_STYLE,
};

export type RenderResult = { ok: true; value: DocValue } | { ok: false; code: string; message: string };

/** The entry a host with this style reads for `launch`. */
export function renderEntry(style: EntryStyle, launch: Launch, platform: NodeJS.Platform): RenderResult {
  const entry: Record<string, DocValue> = {};
  if (launch.transport === 'stdio') {
    if (style.stdioType !== undefined) entry[style.stdioTypeKey ?? style.typeKey ?? 'type'] = style.stdioType;
    let argv = [launch.command, ...launch.args];
    // Either argv spelling: a command array (Kilo) needs the wrapper as much as command + args.
    if (platform === 'win32' && style.windowsWrapper) argv = ['cmd', '/c', ...argv];
    if (style.argv === 'command-array') entry.command = argv;
    else {
      entry[style.commandKey ?? 'command'] = argv[0] as string;
      entry.args = argv.slice(1);
    }
    const env = envMembers(style, launch.env);
    if (!env) return unsupportedReference();
    Object.assign(entry, env);
  } else {
    if (!style.remote || !(style.transports ?? ['http', 'sse']).includes(launch.transport)) {
      return { ok: false, code: 'transport-unsupported', message: `this host has no ${launch.transport} (remote) server entries` };
    }
    const type = style.remoteType?.[launch.transport];
    if (type !== undefined) entry[style.typeKey ?? 'type'] = type;
    entry[style.urlKeys?.[launch.transport] ?? style.urlKey] = launch.url;
    const headers = headerMembers(style, launch.headers);
    if (!headers) return unsupportedReference();
    Object.assign(entry, headers);
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
  const command = value[style.commandKey ?? 'command'];
  const raw = style.argv === 'command-array' ? command : typeof command === 'string' ? [command, ...(Array.isArray(value.args) ? value.args : [])] : undefined;
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
