// Host entry value → Launch: one pure function per entry shape, so that the host catalog can later
// supply the shape and reference syntax per host instead of this file knowing host ids. Nothing here
// reads files, spawns, or looks at anything but its arguments.
import path from 'node:path';
import { redactArgs, redactUrl } from '../redact.js';
import { expandRecord, expandRefs, type RefContext } from './env-refs.js';
import type { EntryShape, Launch, LaunchResult, RefSyntax, TransportName } from './types.js';

export interface LaunchContext extends RefContext {
  syntax: RefSyntax;
  /** Claude Code skips a `url` entry without `type` (hosts.md §3.3); Cursor infers the transport. */
  urlNeedsType: boolean;
}

export interface EntryLaunch {
  transport: TransportName;
  /** Command line or URL as written, redacted: what rows show. */
  display: string;
  result: LaunchResult;
}

type Obj = Record<string, unknown>;

function isObject(value: unknown): value is Obj {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A string map (env, headers); numbers and booleans are accepted as their text, anything else is not. */
function stringMap(value: unknown, field: string): Record<string, string> | string {
  if (value === undefined) return {};
  if (!isObject(value)) return `\`${field}\` must be an object of strings`;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = String(v);
    else return `\`${field}.${k}\` must be a string`;
  }
  return out;
}

function stringList(value: unknown, field: string): string[] | string {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) return `\`${field}\` must be an array of strings`;
  return value as string[];
}

export function displayCommand(argv: readonly string[]): string {
  return redactArgs(argv)
    .map((a) => (a === '' || /[\s"'\\]/.test(a) ? JSON.stringify(a) : a))
    .join(' ');
}

function isWindowsWrapper(command: string, args: readonly string[]): boolean {
  return /^cmd(\.exe)?$/i.test(path.basename(command)) && /^\/c$/i.test(args[0] ?? '');
}

/** Expands references in every string the host expands; missing names (sorted) or the launch. */
function finish(launch: Launch, ctx: LaunchContext): LaunchResult {
  const missing = new Set<string>();
  const one = (text: string): string => {
    const e = expandRefs(text, ctx.syntax, ctx);
    for (const n of e.missing) missing.add(n);
    return e.value;
  };
  let expanded: Launch;
  if (launch.transport === 'stdio') {
    expanded = {
      ...launch,
      command: one(launch.command),
      args: launch.args.map(one),
      env: expandRecord(launch.env, ctx.syntax, ctx, missing),
    };
  } else {
    expanded = { ...launch, url: one(launch.url), headers: expandRecord(launch.headers, ctx.syntax, ctx, missing) };
  }
  if (missing.size > 0) return { kind: 'missing-env', names: [...missing].sort() };
  return { kind: 'launch', launch: expanded };
}

function invalid(transport: TransportName, display: string, message: string): EntryLaunch {
  return { transport, display, result: { kind: 'invalid', message } };
}

/** Claude Code, Cursor, generic: `command` + `args` + `env`, or `url` + `type` + `headers`. */
export function launchFromMcpServersEntry(value: unknown, ctx: LaunchContext): EntryLaunch {
  if (!isObject(value)) return invalid('unknown', '', 'the entry is not an object');
  const type = value.type;
  const url = typeof value.url === 'string' ? value.url : undefined;
  if (typeof value.command === 'string') {
    const args = stringList(value.args, 'args');
    const display = displayCommand([value.command, ...(Array.isArray(args) ? args : [])]);
    if (type !== undefined && type !== 'stdio') return invalid('stdio', display, `\`type\` is ${JSON.stringify(type)} but the entry has a \`command\``);
    if (typeof args === 'string') return invalid('stdio', display, args);
    const env = stringMap(value.env, 'env');
    if (typeof env === 'string') return invalid('stdio', display, env);
    if (value.disabled === true) return { transport: 'stdio', display, result: { kind: 'disabled', reason: '`disabled: true` in the entry' } };
    const launch: Launch = {
      transport: 'stdio',
      command: value.command,
      args,
      env,
      cwd: ctx.projectDir,
      windowsWrapper: isWindowsWrapper(value.command, args),
    };
    return { transport: 'stdio', display, result: finish(launch, ctx) };
  }
  if (url !== undefined) {
    const display = redactUrl(url);
    let transport: TransportName;
    if (type === 'http' || type === 'streamable-http') transport = 'http';
    else if (type === 'sse') transport = 'sse';
    else if (type === 'ws') return { transport: 'ws', display, result: { kind: 'unsupported', message: 'doctor does not speak the WebSocket transport' } };
    else if (type === undefined && !ctx.urlNeedsType) transport = 'http';
    else if (type === undefined) return invalid('unknown', display, 'the entry has a `url` but no `type`; the host skips it (add "type": "http")');
    else return invalid('unknown', display, `unknown \`type\` ${JSON.stringify(type)}`);
    const headers = stringMap(value.headers, 'headers');
    if (typeof headers === 'string') return invalid(transport, display, headers);
    if (value.disabled === true) return { transport, display, result: { kind: 'disabled', reason: '`disabled: true` in the entry' } };
    const inferred = type === undefined;
    return { transport, display, result: finish({ transport, url, headers, ...(inferred ? { sseFallback: true } : {}) }, ctx) };
  }
  return invalid('unknown', '', 'the entry has neither a `command` nor a `url`');
}

const OVERRIDE_KEYS = new Set(['enabled', 'disabled', 'timeout']);

/** OpenCode (V1 `mcp.<name>` and V2 `mcp.servers.<name>`): one `command` array + `environment`. */
export function launchFromOpenCodeEntry(value: unknown, ctx: LaunchContext): EntryLaunch {
  if (!isObject(value)) return invalid('unknown', '', 'the entry is not an object');
  const disabled = value.enabled === false || value.disabled === true;
  const disabledReason = value.enabled === false ? '`enabled: false` in the entry' : '`disabled: true` in the entry';
  if (value.type === undefined && Object.keys(value).every((k) => OVERRIDE_KEYS.has(k))) return { transport: 'unknown', display: '', result: { kind: 'override' } };
  if (value.type === 'local') {
    const argv = stringList(value.command, 'command');
    const display = Array.isArray(argv) ? displayCommand(argv) : '';
    if (typeof argv === 'string' || argv.length === 0) {
      return invalid('stdio', display, 'OpenCode needs `command` as a non-empty array: the executable and its arguments');
    }
    const env = stringMap(value.environment, 'environment');
    if (typeof env === 'string') return invalid('stdio', display, env);
    if (value.cwd !== undefined && typeof value.cwd !== 'string') return invalid('stdio', display, '`cwd` must be a string');
    if (disabled) return { transport: 'stdio', display, result: { kind: 'disabled', reason: disabledReason } };
    const [command = '', ...args] = argv;
    const cwd = typeof value.cwd === 'string' ? path.resolve(ctx.projectDir, value.cwd) : ctx.projectDir;
    const launch: Launch = { transport: 'stdio', command, args, env, cwd, windowsWrapper: isWindowsWrapper(command, args) };
    return { transport: 'stdio', display, result: finish(launch, ctx) };
  }
  if (value.type === 'remote') {
    if (typeof value.url !== 'string') return invalid('http', '', 'a remote entry needs a `url`');
    const display = redactUrl(value.url);
    const headers = stringMap(value.headers, 'headers');
    if (typeof headers === 'string') return invalid('http', display, headers);
    if (disabled) return { transport: 'http', display, result: { kind: 'disabled', reason: disabledReason } };
    return { transport: 'http', display, result: finish({ transport: 'http', url: value.url, headers, sseFallback: true }, ctx) };
  }
  const got = value.type === undefined ? 'the entry has none' : `not ${JSON.stringify(value.type)}`;
  return invalid('unknown', '', `OpenCode needs \`type\` "local" or "remote", ${got} (OpenCode rejects the whole file)`);
}

export function launchFromEntry(shape: EntryShape, value: unknown, ctx: LaunchContext): EntryLaunch {
  return shape === 'opencode' ? launchFromOpenCodeEntry(value, ctx) : launchFromMcpServersEntry(value, ctx);
}
