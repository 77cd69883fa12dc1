// argv → a typed request. Pure (no I/O, no heavy imports) so main.ts can parse before it decides which
// command module to load, and so usage errors cost nothing.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PatchbayError } from '../errors.js';
import type { HostId, Scope } from '../installers/types.js';
import { validateHosts } from '../core/host-ids.js';
import { didYouMean } from '../core/suggest.js';
import { parseDoctorArgs } from './doctor-args.js';

export const COMMAND_NAMES = ['init', 'add', 'remove', 'list', 'update', 'sync', 'status', 'search', 'migrate', 'uninstall', 'rollback', 'history', 'hosts', 'doctor', 'repair', 'mcp'] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

type OptionSpec = { type: 'boolean' | 'string'; short?: string; multiple?: boolean };

const HELP: Record<string, OptionSpec> = { help: { type: 'boolean', short: 'h' } };
const JSON_FLAG: Record<string, OptionSpec> = { json: { type: 'boolean' } };
const PLAN_FLOW: Record<string, OptionSpec> = {
  yes: { type: 'boolean', short: 'y' },
  host: { type: 'string' },
  scope: { type: 'string' },
  'opencode-version': { type: 'string' },
  'dry-run': { type: 'boolean' },
};

const REGISTRY: Record<string, OptionSpec> = { registry: { type: 'string' }, 'registry-timeout': { type: 'string' } };

export const COMMAND_OPTIONS: Record<CommandName, Record<string, OptionSpec>> = {
  search: { ...HELP, ...JSON_FLAG, ...REGISTRY, limit: { type: 'string' } },
  init: { ...HELP, ...JSON_FLAG, ...PLAN_FLOW, 'no-mcp': { type: 'boolean' } },
  status: { ...HELP, ...JSON_FLAG, host: { type: 'string' }, scope: { type: 'string' }, 'opencode-version': { type: 'string' } },
  migrate: { ...HELP, ...JSON_FLAG, ...PLAN_FLOW },
  uninstall: { ...HELP, ...JSON_FLAG, ...PLAN_FLOW },
  rollback: { ...HELP, ...JSON_FLAG, force: { type: 'boolean' } },
  history: { ...HELP, ...JSON_FLAG },
  hosts: { ...HELP, ...JSON_FLAG, platform: { type: 'string' } },
  doctor: { ...HELP, ...JSON_FLAG, host: { type: 'string' }, scope: { type: 'string' }, timeout: { type: 'string' }, parallel: { type: 'string' }, trust: { type: 'boolean' }, 'install-timeout': { type: 'string' } },
  mcp: { ...HELP },
  repair: { ...HELP, ...JSON_FLAG, yes: { type: 'boolean', short: 'y' }, 'dry-run': { type: 'boolean' } },
  add: {
    ...HELP, ...JSON_FLAG, ...PLAN_FLOW, pypi: { type: 'string' }, url: { type: 'string' }, transport: { type: 'string' },
    env: { type: 'string', multiple: true }, header: { type: 'string', multiple: true }, adopt: { type: 'boolean' }, force: { type: 'boolean' },
    'allow-literal-secrets': { type: 'boolean' },
    ...REGISTRY, var: { type: 'string', multiple: true }, package: { type: 'string' }, remote: { type: 'boolean' }, as: { type: 'string' }, from: { type: 'string' },
  },
  remove: { ...HELP, ...JSON_FLAG, ...PLAN_FLOW, force: { type: 'boolean' } },
  update: { ...HELP, ...JSON_FLAG, ...PLAN_FLOW, ...REGISTRY, latest: { type: 'boolean' }, force: { type: 'boolean' } },
  sync: { ...HELP, ...JSON_FLAG, ...PLAN_FLOW, force: { type: 'boolean' }, adopt: { type: 'boolean' }, 'allow-literal-secrets': { type: 'boolean' } },
  list: { ...HELP, ...JSON_FLAG, host: { type: 'string' }, scope: { type: 'string' } },
};

/** What each command takes as its one optional positional (doctor: names, then a dir; doctor-args.ts). */
const POSITIONAL: Record<CommandName, 'dir' | 'id' | 'names-dir' | 'words' | null> = {
  add: 'words',
  search: 'words',
  remove: 'words',
  update: 'words',
  sync: 'dir',
  list: 'dir',
  init: 'dir',
  status: 'dir',
  migrate: 'dir',
  uninstall: 'dir',
  rollback: 'id',
  history: null,
  hosts: 'dir',
  doctor: 'names-dir',
  mcp: null,
  repair: null,
};

/** Commands whose positional is the project folder (they read, and may write, files in it). */
export function takesProjectDir(command: CommandName): boolean {
  return POSITIONAL[command] === 'dir';
}

export interface CommandArgs {
  command: CommandName;
  help: boolean;
  json: boolean;
  /** Absolute project directory ([dir], default cwd). */
  projectDir: string;
  /** rollback [id] */
  id?: string;
  yes: boolean;
  /** --host a,b (validated ids), undefined when not given. */
  hosts?: HostId[];
  /** --scope, undefined when not given (each command picks its default). */
  scope?: Scope;
  opencodeVersion?: string;
  dryRun: boolean;
  noMcp: boolean;
  force: boolean;
  /** doctor: [name…], --timeout <ms>, --parallel <n>, --trust, --install-timeout <ms> (doctor-args.ts). */
  names?: string[];
  timeoutMs?: number;
  parallel?: number;
  trust?: boolean;
  installTimeoutMs?: number;
  /** add/remove/update: the positional words (server name, package spec); `--` and what follows: a command. */
  words?: string[];
  commandLine?: string[];
  /** add: --pypi, --url, --transport, --env K[=V] (repeatable), --header 'K: V' (repeatable). */
  pypi?: string;
  url?: string;
  transport?: string;
  env?: string[];
  header?: string[];
  adopt?: boolean;
  allowLiteralSecrets?: boolean;
  latest?: boolean;
  /** add (registry): --var name=value (repeatable), --package TYPE, --remote, --as NAME, --from FILE. */
  vars?: string[];
  packageType?: string;
  remote?: boolean;
  as?: string;
  from?: string;
  /** add/update/search: --registry URL, --registry-timeout ms; search: --limit N. */
  registry?: string;
  registryTimeoutMs?: number;
  limit?: number;
  /** hosts: --platform linux|darwin|win32, the system whose table to show (default: this one). */
  platform?: TablePlatform;
}

export const TABLE_PLATFORMS = ['linux', 'darwin', 'win32'] as const;
export type TablePlatform = (typeof TABLE_PLATFORMS)[number];

export type ParsedArgv =
  | { kind: 'version' }
  | { kind: 'help'; topic?: CommandName }
  | { kind: 'command'; args: CommandArgs };

export function isCommandName(value: string): value is CommandName {
  return (COMMAND_NAMES as readonly string[]).includes(value);
}

function usage(message: string, command?: CommandName): PatchbayError {
  const hint = command ? `Run 'patchbay ${command} --help' for usage.` : "Run 'patchbay --help' for usage.";
  return new PatchbayError('usage', message, { hint });
}

export function parseHostList(value: string, command?: CommandName): HostId[] {
  const ids = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (ids.length === 0) throw usage('--host needs at least one host id.', command);
  return validateHosts(ids);
}

export function parseScope(value: string, command?: CommandName): Scope {
  if (value === 'project' || value === 'user') return value;
  throw usage(`--scope must be 'project' or 'user', not '${value}'.`, command);
}

/**
 * Our own words for the two mistakes people make (an unknown flag, a flag without its value), with
 * the valid flags and a suggestion, instead of node:util's parseArgs text.
 */
function checkOptions(command: CommandName, tokens: readonly string[]): void {
  const spec = COMMAND_OPTIONS[command];
  const longNames = Object.keys(spec);
  const shortNames = new Map(Object.entries(spec).flatMap(([name, o]) => (o.short ? [[o.short, name] as const] : [])));
  const valid = longNames.map((n) => `--${n}`).join(', ');
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string;
    if (token === '--') return;
    if (!token.startsWith('-') || token === '-') continue;
    const [flag = token] = token.split('=', 1);
    const name = flag.startsWith('--') ? flag.slice(2) : shortNames.get(flag.slice(1));
    if (name === undefined || !(name in spec)) {
      throw usage(`Unknown option '${flag}' for '${command}'.${didYouMean(flag.replace(/^-+/, ''), longNames, (c) => `'--${c}'`)} Options: ${valid}.`, command);
    }
    const option = spec[name] as OptionSpec;
    if (option.type === 'string' && !token.includes('=')) {
      const next = tokens[i + 1];
      if (next === undefined || next.startsWith('-')) throw usage(`Option '--${name}' needs a value, e.g. --${name} ${EXAMPLE_VALUES[name] ?? '<value>'}.`, command);
      i++;
    }
  }
}

const EXAMPLE_VALUES: Record<string, string> = { host: 'opencode,claude-code', scope: 'project', 'opencode-version': '1.18.33', platform: 'darwin' };

/** Parses process.argv.slice(2). Throws PatchbayError('usage' | 'unknown-host') on bad input. */
export function parseArgv(argv: readonly string[], cwd: string): ParsedArgv {
  const [first, ...rest] = argv;
  if (first === undefined) throw usage('Missing command.');
  if (first === '--version' || first === '-v' || first === '-V') return { kind: 'version' };
  if (first === '--help' || first === '-h') return { kind: 'help' };
  if (first === 'help') {
    const topic = rest[0];
    if (topic === undefined) return { kind: 'help' };
    if (!isCommandName(topic)) throw usage(`Unknown command '${topic}'.${didYouMean(topic, COMMAND_NAMES, (c) => `'${c}'`)} Commands: ${COMMAND_NAMES.join(', ')}.`);
    return { kind: 'help', topic };
  }
  if (!isCommandName(first)) {
    throw usage(
      first.startsWith('-')
        ? `Unknown option '${first}' before the command. Commands: ${COMMAND_NAMES.join(', ')}.`
        : `Unknown command '${first}'.${didYouMean(first, COMMAND_NAMES, (c) => `'${c}'`)} Commands: ${COMMAND_NAMES.join(', ')}.`,
    );
  }
  const command = first;
  // `add name -- docker run …`: everything after `--` is the server's command line, not our flags.
  const dashes = POSITIONAL[command] === 'words' ? rest.indexOf('--') : -1;
  const own = dashes >= 0 ? rest.slice(0, dashes) : rest;
  checkOptions(command, own);
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: [...own], options: COMMAND_OPTIONS[command], allowPositionals: true, strict: true });
  } catch (error) {
    // checkOptions catches what users mistype; this is a backstop for anything it missed.
    const message = error instanceof Error ? error.message.replace(/^TypeError \[[A-Z_]+\]: /, '') : String(error);
    throw usage(message, command);
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  if (values.help === true) return { kind: 'help', topic: command };

  const positional = POSITIONAL[command];
  const max = positional === null ? 0 : positional === 'names-dir' || positional === 'words' ? Infinity : 1;
  if (parsed.positionals.length > max) {
    const extra = parsed.positionals.slice(max).map((p) => `'${p}'`).join(', ');
    throw usage(`Unexpected argument ${extra} for '${command}'.`, command);
  }
  const str = (name: string): string | undefined => {
    const v = values[name];
    return typeof v === 'string' ? v : undefined;
  };
  const { dir, ...doctor } = positional === 'names-dir' ? parseDoctorArgs(parsed.positionals, str, (name) => values[name] === true) : {};
  const given = positional === 'names-dir' ? dir : parsed.positionals[0];
  const hostValue = str('host');
  const scopeValue = str('scope');
  const args: CommandArgs = {
    command,
    help: false,
    json: values.json === true,
    projectDir: path.resolve(cwd, positional !== 'id' && positional !== 'words' && given !== undefined ? given : '.'),
    yes: values.yes === true,
    dryRun: values['dry-run'] === true,
    noMcp: values['no-mcp'] === true,
    force: values.force === true,
    ...doctor,
  };
  if (positional === 'id' && given !== undefined) args.id = given;
  if (positional === 'words') {
    args.words = [...parsed.positionals];
    if (dashes >= 0) args.commandLine = rest.slice(dashes + 1);
    const list = (name: string) => {
      const v = (parsed.values as Record<string, unknown>)[name];
      return Array.isArray(v) ? v.map(String) : undefined;
    };
    for (const [key, flag] of [['pypi', 'pypi'], ['url', 'url'], ['transport', 'transport']] as const) {
      const v = str(flag);
      if (v !== undefined) args[key] = v;
    }
    const env = list('env');
    if (env) args.env = env;
    const header = list('header');
    if (header) args.header = header;
    const vars = list('var');
    if (vars) args.vars = vars;
    for (const [key, flag] of [['packageType', 'package'], ['as', 'as'], ['from', 'from'], ['registry', 'registry']] as const) {
      const v = str(flag);
      if (v !== undefined) args[key] = v;
    }
    if (values.remote === true) args.remote = true;
    const count = (flag: string, min: number): number | undefined => {
      const v = str(flag);
      if (v === undefined) return undefined;
      if (!/^\d+$/.test(v) || Number(v) < min) throw usage(`--${flag} must be a whole number of at least ${min}, not '${v}'.`, command);
      return Number(v);
    };
    const timeout = count('registry-timeout', 1);
    if (timeout !== undefined) args.registryTimeoutMs = timeout;
    const limit = count('limit', 1);
    if (limit !== undefined) args.limit = limit;
  }
  if (values.adopt === true) args.adopt = true;
  if (values['allow-literal-secrets'] === true) args.allowLiteralSecrets = true;
  if (values.latest === true) args.latest = true;
  if (hostValue !== undefined) args.hosts = parseHostList(hostValue, command);
  if (scopeValue !== undefined) args.scope = parseScope(scopeValue, command);
  const platform = str('platform');
  if (platform !== undefined) {
    if (!(TABLE_PLATFORMS as readonly string[]).includes(platform)) {
      throw usage(`--platform must be one of ${TABLE_PLATFORMS.join(', ')}, not '${platform}'.${didYouMean(platform, TABLE_PLATFORMS, (c) => `'${c}'`)}`, command);
    }
    args.platform = platform as TablePlatform;
  }
  const oc = str('opencode-version');
  if (oc !== undefined) {
    if (oc.trim() === '') throw usage('--opencode-version needs a version, e.g. 1.18.33 or 2.0.1.', command);
    args.opencodeVersion = oc.trim();
  }
  return { kind: 'command', args };
}
