// Host entry → Launch for every `command`+`args` host, driven by the host's EntryStyle (shapes.ts):
// the style names the command member (`command`, Goose `cmd`), the env member (`env`, `envs`), the
// type member (`type`, Mistral Vibe `transport`), the URL member(s) (`url`, `serverUrl`, `uri`, Qwen
// `httpUrl`), where headers live, which members carry variables by name, and which remote transports
// the host has. One function for all of them, so a new host record is read by doctor for free.
// OpenCode's command-array shape has its own decoder (launch.ts). Pure.
import { redactUrl } from '../redact.js';
import type { EntryStyle } from '../installers/shapes.js';
import {
  displayCommand, finish, invalid, isObject, isWindowsWrapper, literalNotes, stringList, stringMap,
  type EntryLaunch, type LaunchContext, type NamedValues, type Obj,
} from './launch-parts.js';
import type { Launch, TransportName } from './types.js';

const GENERIC_HTTP_TYPES = ['http', 'streamable-http'];
const GENERIC_SSE_TYPES = ['sse'];

/** Why the entry is switched off, if it is: `disabled: true` everywhere, `enabled: false` where the host has that switch. */
function offReason(style: EntryStyle, value: Obj): string | undefined {
  if (value.disabled === true) return '`disabled: true` in the entry';
  const hasEnabled = 'enabled' in style.harmless || (style.extra !== undefined && 'enabled' in style.extra);
  if (hasEnabled && value.enabled === false) return '`enabled: false` in the entry';
  return undefined;
}

/** The URL and the member it sits in: the style's own members first, then `url`. */
function urlOf(style: EntryStyle, value: Obj): { key: string; url: string } | undefined {
  const keys = [style.urlKeys?.http, style.urlKeys?.sse, style.urlKey, 'url'].filter((k): k is string => k !== undefined);
  for (const key of new Set(keys)) if (typeof value[key] === 'string') return { key, url: value[key] };
  return undefined;
}

/** The value at a member path (headers nested under `requestOptions` or `auth`). */
function at(value: Obj, path: readonly string[]): unknown {
  let cur: unknown = value;
  for (const key of path) cur = isObject(cur) ? cur[key] : undefined;
  return cur;
}

/** Env variables the host forwards by name (Codex `env_vars`, Goose `env_keys`), as set here. */
function forwarded(style: EntryStyle, value: Obj, ctx: LaunchContext): { env: Record<string, string>; unset: string[] } | string {
  if (style.envByNameKey === undefined) return { env: {}, unset: [] };
  const names = stringList(value[style.envByNameKey], style.envByNameKey);
  if (typeof names === 'string') return names;
  const env: Record<string, string> = {};
  const unset: string[] = [];
  for (const name of names) {
    const v = ctx.env[name];
    if (v === undefined) unset.push(name);
    else env[name] = v;
  }
  return { env, unset };
}

function stdio(style: EntryStyle, value: Obj, command: string, ctx: LaunchContext): EntryLaunch {
  const typeKey = style.typeKey ?? 'type';
  const commandKey = style.commandKey ?? 'command';
  const args = stringList(value.args, 'args');
  const display = displayCommand([command, ...(Array.isArray(args) ? args : [])]);
  const type = value[typeKey];
  // Zed writes its tag under `source`, so only a type under the type member itself is compared.
  const stdioTypes = ['stdio', ...(style.stdioType !== undefined && style.stdioTypeKey === undefined ? [style.stdioType] : [])];
  if (type !== undefined && !stdioTypes.includes(type as string)) {
    return invalid('stdio', display, `\`${typeKey}\` is ${JSON.stringify(type)} but the entry has a \`${commandKey}\``);
  }
  if (typeof args === 'string') return invalid('stdio', display, args);
  const env = stringMap(value[style.envKey], style.envKey);
  if (typeof env === 'string') return invalid('stdio', display, env);
  const byName = forwarded(style, value, ctx);
  if (typeof byName === 'string') return invalid('stdio', display, byName);
  const off = offReason(style, value);
  if (off !== undefined) return { transport: 'stdio', display, result: { kind: 'disabled', reason: off } };
  const launch: Launch = { transport: 'stdio', command, args, env, cwd: ctx.projectDir, windowsWrapper: isWindowsWrapper(command, args) };
  const notes = literalNotes(launch, ctx);
  if (byName.unset.length > 0) {
    notes.push(`${byName.unset.join(', ')} (${style.envByNameKey}) ${byName.unset.length === 1 ? 'is' : 'are'} not set here, so doctor forwarded nothing for ${byName.unset.length === 1 ? 'it' : 'them'}`);
  }
  return { transport: 'stdio', display, result: finish(launch, ctx, { env: byName.env }), ...(notes.length > 0 ? { notes } : {}) };
}

interface RemoteChoice {
  transport: TransportName;
  sseFallback: boolean;
  note?: string;
}

/** Which transport the host would use for this URL entry, or the row that says it cannot be told. */
function remoteTransport(style: EntryStyle, value: Obj, urlKey: string, ctx: LaunchContext, display: string): RemoteChoice | EntryLaunch {
  const typeKey = style.typeKey ?? 'type';
  const type = value[typeKey];
  const host = ctx.hostName ?? 'the host';
  const { urlKeys } = style;
  // Qwen: the member decides (`httpUrl` streamable HTTP, `url` SSE), there is no type.
  if (urlKeys?.http !== undefined && urlKeys.sse !== undefined && urlKeys.http !== urlKeys.sse && type === undefined) {
    return { transport: urlKey === urlKeys.sse ? 'sse' : 'http', sseFallback: false };
  }
  if (type !== undefined) {
    if (type === 'ws') return { transport: 'ws', display, result: { kind: 'unsupported', message: 'doctor does not speak the WebSocket transport' } };
    if (type === style.remoteType?.http || GENERIC_HTTP_TYPES.includes(type as string)) return { transport: 'http', sseFallback: false };
    if (type === style.remoteType?.sse || GENERIC_SSE_TYPES.includes(type as string)) return { transport: 'sse', sseFallback: false };
    return invalid('unknown', display, `unknown \`${typeKey}\` ${JSON.stringify(type)}`);
  }
  if (ctx.urlNeedsType) return invalid('unknown', display, `the entry has a \`url\` but no \`${typeKey}\`; the host skips it (add "${typeKey}": "http")`);
  const hasSse = (style.transports ?? ['http', 'sse']).includes('sse');
  const writesType = style.remoteType?.http !== undefined || style.remoteType?.sse !== undefined;
  // A host that writes no type infers the transport (Cursor, Codex, Zed...): streamable HTTP, then SSE
  // where it has SSE at all. A host that writes one but meets an entry without it: the MCP spec's
  // compatibility rule is the best doctor can do, and the row says so.
  if (!writesType) return { transport: 'http', sseFallback: hasSse };
  return {
    transport: 'http',
    sseFallback: hasSse,
    note: `the entry has no \`${typeKey}\`: doctor tried streamable HTTP${hasSse ? ', then SSE,' : ''} as the MCP spec suggests; whether ${host} does the same is not known`,
  };
}

function remote(style: EntryStyle, value: Obj, found: { key: string; url: string }, ctx: LaunchContext): EntryLaunch {
  const display = redactUrl(found.url);
  const host = ctx.hostName ?? 'the host';
  const choice = remoteTransport(style, value, found.key, ctx, display);
  if ('result' in choice) return choice;
  const { transport } = choice;
  // A transport patchbay's record does not know this host to have: starting it anyway would test
  // something the host never does, so the row says what is unknown instead.
  if (!style.remote) {
    return { transport, display, result: { kind: 'unsupported', message: `patchbay knows no URL server entries for ${host}; doctor does not guess how it would connect` } };
  }
  if (style.transports !== undefined && !style.transports.includes(transport as 'http' | 'sse')) {
    return { transport, display, result: { kind: 'unsupported', message: `${host} has no ${transport === 'sse' ? 'SSE' : transport} transport that patchbay knows of` } };
  }
  const headersPath = style.headersPath ?? [style.headersKey];
  const headers = stringMap(at(value, headersPath), headersPath.join('.'));
  if (typeof headers === 'string') return invalid(transport, display, headers);
  const named = namedHeaders(style, value, ctx);
  if (typeof named === 'string') return invalid(transport, display, named);
  const off = offReason(style, value);
  if (off !== undefined) return { transport, display, result: { kind: 'disabled', reason: off } };
  const launch: Launch = { transport: transport as 'http' | 'sse', url: found.url, headers, ...(choice.sseFallback ? { sseFallback: true } : {}) };
  const notes = [...literalNotes(launch, ctx), ...(choice.note !== undefined ? [choice.note] : [])];
  return { transport, display, result: finish(launch, ctx, named), ...(notes.length > 0 ? { notes } : {}) };
}

/** Codex's headers by variable name: `bearer_token_env_var` and `env_http_headers`. */
function namedHeaders(style: EntryStyle, value: Obj, ctx: LaunchContext): NamedValues | string {
  const headers: Record<string, string> = {};
  const missing: string[] = [];
  const take = (header: string, name: string, format: (v: string) => string) => {
    const v = ctx.env[name];
    if (v === undefined) missing.push(name);
    else headers[header] = format(v);
  };
  if (style.bearerEnvKey !== undefined && value[style.bearerEnvKey] !== undefined) {
    const name = value[style.bearerEnvKey];
    if (typeof name !== 'string') return `\`${style.bearerEnvKey}\` must be a string`;
    take('Authorization', name, (v) => `Bearer ${v}`);
  }
  if (style.headersByNameKey !== undefined) {
    const map = stringMap(value[style.headersByNameKey], style.headersByNameKey);
    if (typeof map === 'string') return map;
    for (const [header, name] of Object.entries(map)) take(header, name, (v) => v);
  }
  return { headers, missing };
}

export function launchFromStyledEntry(style: EntryStyle, value: unknown, ctx: LaunchContext): EntryLaunch {
  if (!isObject(value)) return invalid('unknown', '', 'the entry is not an object');
  const commandKey = style.commandKey ?? 'command';
  const command = value[commandKey];
  // Zed's tagged shape: `source: "extension"` is a server an extension provides, not a command here.
  const tag = style.stdioTypeKey !== undefined ? value[style.stdioTypeKey] : undefined;
  if (typeof tag === 'string' && tag !== style.stdioType) {
    return { transport: 'unknown', display: '', result: { kind: 'unsupported', message: `\`${style.stdioTypeKey}: ${tag}\`: ${ctx.hostName ?? 'the host'} provides this server itself; doctor has nothing to start` } };
  }
  if (typeof command === 'string') return stdio(style, value, command, ctx);
  if (command !== undefined) return invalid('stdio', '', `\`${commandKey}\` must be a string (the arguments go in \`args\`)`);
  const found = urlOf(style, value);
  if (found !== undefined) return remote(style, value, found, ctx);
  const typeKey = style.typeKey ?? 'type';
  const type = value[typeKey];
  // Goose's `builtin`/`platform` extensions and the like: real entries, but not a process or URL.
  if (typeof type === 'string' && type !== 'stdio' && !GENERIC_HTTP_TYPES.includes(type) && !GENERIC_SSE_TYPES.includes(type)) {
    return { transport: 'unknown', display: '', result: { kind: 'unsupported', message: `\`${typeKey}: ${type}\` names no command or URL; doctor has nothing to start` } };
  }
  return invalid('unknown', '', `the entry has neither a \`${commandKey}\` nor a \`${style.urlKey}\``);
}
