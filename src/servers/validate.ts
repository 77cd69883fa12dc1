// The one validator of a server spec (issue 24 item 4). The CLI's flags, the manifest, the library and
// the registry all build a ServerSpec and pass it here before it reaches a plan, so a value refused on
// the command line is refused in patchbay.jsonc too. It answers with problems as data (where + what);
// each face turns them into its own refusal (usage, manifest-invalid at line:column, a diagnostic).
// What a host file can hold is not enough of a rule: a name becomes a file name (Continue writes one
// file per server) and a JSON key, a header value goes on the wire, a URL is opened by the host.
import { hasReference, isVariableName } from './env-ref.js';
import { EXACT_VERSION, type ServerSpec } from './spec.js';

/** Longer names are refused: a name is a file name for some hosts (255 bytes at most) and a JSON/TOML key for all. */
export const SERVER_NAME_MAX = 64;

/** The name of patchbay's own server: no other server may take it (init/uninstall would call it foreign). */
export const RESERVED_NAME = 'patchbay';

/** `__proto__` & co.: as keys of a plain object they are dropped or change its prototype. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
/** RFC 9110 `token`: what a header field name may be. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** C0 controls and DEL, tab excepted (a tab is legal inside a header value). */
const CONTROL = /[\u0000-\u0008\u000A-\u001F\u007F]/;
const CONTROL_OR_TAB = /[\u0000-\u001F\u007F]/;
/** npm's own package-name rule (validate-npm-package-name, new packages): lower case, url-safe. */
const NPM_NAME = /^(?:@[a-z0-9~][a-z0-9._~-]*\/)?[a-z0-9~][a-z0-9._~-]*$/;
const NPM_NAME_MAX = 214;
/** PEP 508 project names. */
const PYPI_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/;
/** A PEP 440 release, exact: `1.0`, `2025.1.14`, `1.2.0rc1`, `0.3.post1`, `1.0.dev2`, `1.0+local`. */
const PEP440_EXACT = /^(?:\d+!)?\d+(?:\.\d+)*(?:(?:a|b|rc)\d+)?(?:\.post\d+)?(?:\.dev\d+)?(?:\+[a-z0-9]+(?:\.[a-z0-9]+)*)?$/i;
/** Package runners that fetch what they run: an unpinned package there floats to whatever is newest. */
const RUNNERS = new Set(['npx', 'bunx', 'pnpx', 'uvx']);

export interface SpecProblem {
  /** `name`, `env.A B`, `headers.X`, `url`, `args[2]`, `version`: where the value is, never the value. */
  where: string;
  message: string;
}

export interface ValidateOptions {
  /** The npm package of patchbay's own server: the one spec the reserved name may have. */
  ownPackage: string;
}

/** Why `name` cannot name a server, or undefined. */
export function serverNameProblem(name: string, spec: ServerSpec | undefined, options: ValidateOptions): string | undefined {
  if (name === '') return 'a server name cannot be empty';
  if (name.length > SERVER_NAME_MAX) return `a server name is at most ${SERVER_NAME_MAX} characters (this one has ${name.length})`;
  if (PROTOTYPE_KEYS.has(name)) return `'${name}' cannot name a server (it is a reserved object key)`;
  if (!NAME.test(name)) return `'${printable(name)}' is not a usable server name: letters, digits, '.', '_' and '-' only, starting with a letter or digit`;
  if (name === RESERVED_NAME && !(spec !== undefined && 'npm' in spec && spec.npm === options.ownPackage)) {
    return `'${RESERVED_NAME}' is the name of patchbay's own server (patchbay init registers it); choose another name, e.g. --as`;
  }
  return undefined;
}

/** Every problem of one server spec, in a stable order; an empty list means it may be planned. */
export function specProblems(name: string, spec: ServerSpec, options: ValidateOptions): SpecProblem[] {
  const problems: SpecProblem[] = [];
  const add = (where: string, message: string) => problems.push({ where, message });
  const nameProblem = serverNameProblem(name, spec, options);
  if (nameProblem) add('name', nameProblem);

  if ('url' in spec) {
    const urlProblem = urlProblemOf(spec.url);
    if (urlProblem) add('url', urlProblem);
    for (const [key, value] of Object.entries(spec.headers ?? {})) {
      if (PROTOTYPE_KEYS.has(key)) add(`headers.${key}`, `'${key}' cannot name a header`);
      else if (!HEADER_NAME.test(key)) add(`headers.${printable(key)}`, `'${printable(key)}' is not a header name (letters, digits and !#$%&'*+.^_\`|~- only)`);
      if (CONTROL.test(value)) add(`headers.${printable(key)}`, 'a header value cannot hold a line break or another control character');
    }
    return problems;
  }

  if ('npm' in spec) {
    if (!NPM_NAME.test(spec.npm) || spec.npm.length > NPM_NAME_MAX) add('npm', `'${printable(spec.npm)}' is not an npm package name`);
    if (!EXACT_VERSION.test(spec.version)) add('version', `npm version '${printable(spec.version)}' is not exact (e.g. 1.2.3): every host must run the same release`);
  } else if ('pypi' in spec) {
    if (!PYPI_NAME.test(spec.pypi)) add('pypi', `'${printable(spec.pypi)}' is not a PyPI project name`);
    if (spec.version === undefined) add('version', `PyPI package '${printable(spec.pypi)}' has no version: uvx would run whatever release is newest; pin it, e.g. ${printable(spec.pypi)}==1.2.3`);
    else if (!PEP440_EXACT.test(spec.version)) add('version', `PyPI version '${printable(spec.version)}' is not exact (e.g. 1.2.3)`);
  } else {
    if (spec.command === '' || CONTROL_OR_TAB.test(spec.command)) add('command', 'the command must be a non-empty string without control characters');
    const unpinned = unpinnedRunnerPackage(spec.command, spec.args ?? []);
    if (unpinned) add(`args[${unpinned.index}]`, unpinned.message);
  }
  const runtime = 'npm' in spec || 'pypi' in spec ? (spec.runtimeArgs ?? []) : [];
  runtime.forEach((arg, i) => {
    if (CONTROL.test(arg)) add(`runtimeArgs[${i}]`, 'an argument cannot hold a line break or another control character');
  });
  (spec.args ?? []).forEach((arg, i) => {
    if (CONTROL.test(arg)) add(`args[${i}]`, 'an argument cannot hold a line break or another control character');
  });
  for (const [key, value] of Object.entries(spec.env ?? {})) {
    if (PROTOTYPE_KEYS.has(key) || !isVariableName(key)) add(`env.${printable(key)}`, `'${printable(key)}' is not an environment variable name (letters, digits and '_', not starting with a digit)`);
    if (value.includes('\u0000')) add(`env.${printable(key)}`, 'an environment value cannot hold a NUL character');
  }
  return problems;
}

/** Why a server URL is refused, or undefined: http(s) only, nothing a host would read as a second line. */
export function urlProblemOf(url: string): string | undefined {
  if (CONTROL_OR_TAB.test(url) || /\s/.test(url)) return 'a URL cannot hold whitespace or control characters';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `'${printable(url)}' is not a URL`;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return `a server URL must be http(s), not ${parsed.protocol}`;
  return undefined;
}

/**
 * `npx -y pkg@^1` / `uvx tool` written as a command: the runner fetches the newest matching release at
 * every start, so two machines run two versions. The first argument that is not a flag is the package.
 */
function unpinnedRunnerPackage(command: string, args: readonly string[]): { index: number; message: string } | undefined {
  const runner = command.replace(/\\/g, '/').split('/').pop()?.replace(/\.(cmd|exe)$/i, '') ?? '';
  if (!RUNNERS.has(runner)) return undefined;
  let index = 0;
  for (; index < args.length; index++) {
    const arg = args[index] as string;
    if (arg === '--') return undefined;
    if (!arg.startsWith('-')) break;
    // Flags that take a value as the next argument (`--from pkg==1`, `--package pkg@1`, `-p pkg`) name
    // the package themselves; the command after them is a bin of that package.
    if (/^(?:--from|--package|-p|--with)$/.test(arg)) return pinnedOrProblem(runner, args[index + 1], index + 1);
  }
  return pinnedOrProblem(runner, args[index], index);
}

function pinnedOrProblem(runner: string, pkg: string | undefined, index: number): { index: number; message: string } | undefined {
  if (pkg === undefined || hasReference(pkg) || (pkg.includes('/') && !pkg.startsWith('@'))) return undefined; // a path, not a package
  const exact = runner === 'uvx' ? /==([^=,<>~!]+)$/.exec(pkg)?.[1] : /^(?:@[^@/]+\/)?[^@]+@(.+)$/.exec(pkg)?.[1];
  if (exact !== undefined && (runner === 'uvx' ? PEP440_EXACT : EXACT_VERSION).test(exact)) return undefined;
  const how = runner === 'uvx' ? `pin it (${bare(pkg, runner)}==1.2.3) or use --pypi ${bare(pkg, runner)}==VERSION` : `pin it (${bare(pkg, runner)}@1.2.3) or give the package to patchbay (patchbay add NAME ${bare(pkg, runner)}@RANGE resolves and pins it)`;
  return { index, message: `${runner} ${printable(pkg)} is not pinned to an exact version: ${runner} runs whatever release is newest at each start; ${how}` };
}

function bare(pkg: string, runner: string): string {
  return printable(runner === 'uvx' ? pkg.split(/[=<>~!]/)[0] as string : pkg.replace(/^((?:@[^@/]+\/)?[^@]+)@.*$/, '$1'));
}

/** A value safe to quote in a message: control characters shown as \uXXXX, long values cut. */
function printable(value: string): string {
  const shown = value.replace(/[\u0000-\u001F\u007F]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return shown.length > 80 ? `${shown.slice(0, 77)}...` : shown;
}
