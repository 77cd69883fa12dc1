// Host entry value → Launch. The host's EntryStyle (shapes.ts) decides the decoder: OpenCode's
// one-`command`-array shape (OpenCode, Kilo) here, every `command`+`args` style in styled-entry.ts.
// Nothing here reads files, spawns, or looks at anything but its arguments.
import path from 'node:path';
import { redactUrl } from '../redact.js';
import { CLAUDE_STYLE, type EntryStyle } from '../installers/shapes.js';
import {
  displayCommand, finish, invalid, isObject, isWindowsWrapper, literalNotes, stringList, stringMap, type EntryLaunch, type LaunchContext,
} from './launch-parts.js';
import { launchFromStyledEntry } from './styled-entry.js';
import type { Launch } from './types.js';

export { displayCommand, type EntryLaunch, type LaunchContext } from './launch-parts.js';

/** Claude Code, Cursor, generic: `command` + `args` + `env`, or `url` + `type` + `headers` (Cursor: no `type`). */
export function launchFromMcpServersEntry(value: unknown, ctx: LaunchContext, style: EntryStyle = CLAUDE_STYLE): EntryLaunch {
  return launchFromStyledEntry(style, value, ctx);
}

const OVERRIDE_KEYS = new Set(['enabled', 'disabled', 'timeout']);

/** OpenCode (V1 `mcp.<name>` and V2 `mcp.servers.<name>`) and its fork Kilo: one `command` array + `environment`. */
export function launchFromOpenCodeEntry(value: unknown, ctx: LaunchContext): EntryLaunch {
  if (!isObject(value)) return invalid('unknown', '', 'the entry is not an object');
  const disabled = value.enabled === false || value.disabled === true;
  const disabledReason = value.enabled === false ? '`enabled: false` in the entry' : '`disabled: true` in the entry';
  if (value.type === undefined && Object.keys(value).every((k) => OVERRIDE_KEYS.has(k))) return { transport: 'unknown', display: '', result: { kind: 'override' } };
  if (value.type === 'local') {
    const argv = stringList(value.command, 'command');
    const display = Array.isArray(argv) ? displayCommand(argv) : '';
    if (typeof argv === 'string' || argv.length === 0) {
      return invalid('stdio', display, `${ctx.hostName ?? 'OpenCode'} needs \`command\` as a non-empty array: the executable and its arguments`);
    }
    const env = stringMap(value.environment, 'environment');
    if (typeof env === 'string') return invalid('stdio', display, env);
    if (value.cwd !== undefined && typeof value.cwd !== 'string') return invalid('stdio', display, '`cwd` must be a string');
    if (disabled) return { transport: 'stdio', display, result: { kind: 'disabled', reason: disabledReason } };
    const [command = '', ...args] = argv;
    const cwd = typeof value.cwd === 'string' ? path.resolve(ctx.projectDir, value.cwd) : ctx.projectDir;
    const launch: Launch = { transport: 'stdio', command, args, env, cwd, windowsWrapper: isWindowsWrapper(command, args) };
    const notes = literalNotes(launch, ctx);
    return { transport: 'stdio', display, result: finish(launch, ctx), ...(notes.length > 0 ? { notes } : {}) };
  }
  if (value.type === 'remote') {
    if (typeof value.url !== 'string') return invalid('http', '', 'a remote entry needs a `url`');
    const display = redactUrl(value.url);
    const headers = stringMap(value.headers, 'headers');
    if (typeof headers === 'string') return invalid('http', display, headers);
    if (disabled) return { transport: 'http', display, result: { kind: 'disabled', reason: disabledReason } };
    return { transport: 'http', display, result: finish({ transport: 'http', url: value.url, headers, sseFallback: true }, ctx) };
  }
  const host = ctx.hostName ?? 'OpenCode';
  const got = value.type === undefined ? 'the entry has none' : `not ${JSON.stringify(value.type)}`;
  return invalid('unknown', '', `${host} needs \`type\` "local" or "remote", ${got} (${host} rejects the whole file)`);
}

export function launchFromEntry(style: EntryStyle, value: unknown, ctx: LaunchContext): EntryLaunch {
  return style.argv === 'command-array' ? launchFromOpenCodeEntry(value, ctx) : launchFromStyledEntry(style, value, ctx);
}
