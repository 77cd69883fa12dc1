// argv → a typed request. Pure (no I/O, no heavy imports) so main.ts can parse before it decides which
// command module to load, and so usage errors cost nothing.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PatchbayError } from '../errors.js';
import { HOST_IDS, type HostId, type Scope } from '../installers/types.js';

export const COMMAND_NAMES = ['init', 'status', 'migrate', 'uninstall', 'rollback', 'history', 'mcp'] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

type OptionSpec = { type: 'boolean' | 'string'; short?: string };

const HELP: Record<string, OptionSpec> = { help: { type: 'boolean', short: 'h' } };
const JSON_FLAG: Record<string, OptionSpec> = { json: { type: 'boolean' } };
const PLAN_FLOW: Record<string, OptionSpec> = {
  yes: { type: 'boolean', short: 'y' },
  host: { type: 'string' },
  scope: { type: 'string' },
  'opencode-version': { type: 'string' },
  'dry-run': { type: 'boolean' },
};

export const COMMAND_OPTIONS: Record<CommandName, Record<string, OptionSpec>> = {
  init: { ...HELP, ...JSON_FLAG, ...PLAN_FLOW, 'no-mcp': { type: 'boolean' } },
  status: { ...HELP, ...JSON_FLAG, host: { type: 'string' }, scope: { type: 'string' }, 'opencode-version': { type: 'string' } },
  migrate: { ...HELP, ...JSON_FLAG, ...PLAN_FLOW },
  uninstall: { ...HELP, ...JSON_FLAG, ...PLAN_FLOW },
  rollback: { ...HELP, ...JSON_FLAG, force: { type: 'boolean' } },
  history: { ...HELP, ...JSON_FLAG },
  mcp: { ...HELP },
};

/** What each command takes as its one optional positional. */
const POSITIONAL: Record<CommandName, 'dir' | 'id' | null> = {
  init: 'dir',
  status: 'dir',
  migrate: 'dir',
  uninstall: 'dir',
  rollback: 'id',
  history: null,
  mcp: null,
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
}

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
  const unknown = ids.filter((id) => !(HOST_IDS as readonly string[]).includes(id));
  if (unknown.length > 0) {
    throw new PatchbayError(
      'unknown-host',
      `Unknown host ${unknown.map((u) => `'${u}'`).join(', ')}: valid host ids are ${HOST_IDS.join(', ')}.`,
      { hint: `Pass --host with a comma-separated list of: ${HOST_IDS.join(', ')}.` },
    );
  }
  return [...new Set(ids)] as HostId[];
}

export function parseScope(value: string, command?: CommandName): Scope {
  if (value === 'project' || value === 'user') return value;
  throw usage(`--scope must be 'project' or 'user', not '${value}'.`, command);
}

/** Parses process.argv.slice(2). Throws PatchbayError('usage' | 'unknown-host') on bad input. */
export function parseArgv(argv: readonly string[], cwd: string): ParsedArgv {
  const [first, ...rest] = argv;
  if (first === undefined) throw usage('Missing command.');
  if (first === '--version' || first === '-v' || first === '-V') return { kind: 'version' };
  if (first === '--help' || first === '-h') return { kind: 'help' };
  if (first === 'help') {
    const topic = rest[0];
    if (topic === undefined) return { kind: 'help' };
    if (!isCommandName(topic)) throw usage(`Unknown command '${topic}'. Commands: ${COMMAND_NAMES.join(', ')}.`);
    return { kind: 'help', topic };
  }
  if (!isCommandName(first)) {
    throw usage(
      first.startsWith('-')
        ? `Unknown option '${first}' before the command.`
        : `Unknown command '${first}'. Commands: ${COMMAND_NAMES.join(', ')}.`,
    );
  }
  const command = first;
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: [...rest], options: COMMAND_OPTIONS[command], allowPositionals: true, strict: true });
  } catch (error) {
    // node:util's messages name the offending flag; keep them, drop its error-code prefix.
    const message = error instanceof Error ? error.message.replace(/^TypeError \[[A-Z_]+\]: /, '') : String(error);
    throw usage(message, command);
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  if (values.help === true) return { kind: 'help', topic: command };

  const positional = POSITIONAL[command];
  const max = positional === null ? 0 : 1;
  if (parsed.positionals.length > max) {
    const extra = parsed.positionals.slice(max).map((p) => `'${p}'`).join(', ');
    throw usage(`Unexpected argument ${extra} for '${command}'.`, command);
  }
  const given = parsed.positionals[0];
  const str = (name: string): string | undefined => {
    const v = values[name];
    return typeof v === 'string' ? v : undefined;
  };
  const hostValue = str('host');
  const scopeValue = str('scope');
  const args: CommandArgs = {
    command,
    help: false,
    json: values.json === true,
    projectDir: path.resolve(cwd, positional === 'dir' && given !== undefined ? given : '.'),
    yes: values.yes === true,
    dryRun: values['dry-run'] === true,
    noMcp: values['no-mcp'] === true,
    force: values.force === true,
  };
  if (positional === 'id' && given !== undefined) args.id = given;
  if (hostValue !== undefined) args.hosts = parseHostList(hostValue, command);
  if (scopeValue !== undefined) args.scope = parseScope(scopeValue, command);
  const oc = str('opencode-version');
  if (oc !== undefined) {
    if (oc.trim() === '') throw usage('--opencode-version needs a version, e.g. 1.18.33 or 2.0.1.', command);
    args.opencodeVersion = oc.trim();
  }
  return { kind: 'command', args };
}
