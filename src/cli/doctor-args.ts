// doctor's own arguments, kept out of args.ts (which every command shares): server names and a
// project dir share the positionals, plus --timeout, --parallel, --trust and --install-timeout. Pure,
// like args.ts.
import { PatchbayError } from '../errors.js';

export interface DoctorArgs {
  names?: string[];
  dir?: string;
  timeoutMs?: number;
  parallel?: number;
  /** Start project servers their host would not start now (explicit, this run only). */
  trust?: boolean;
  /** Budget for fetching an npm/PyPI package before its handshake timer starts. */
  installTimeoutMs?: number;
}

function usage(message: string): PatchbayError {
  return new PatchbayError('usage', message, { hint: "Run 'patchbay doctor --help' for usage." });
}

function integer(value: string, flag: string, what: string, min: number, max: number): number {
  const n = /^\d+$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) throw usage(`${flag} needs ${what} (${min}–${max}), not '${value}'.`);
  return n;
}

/**
 * `doctor [name…] [dir]`: the last positional is the dir when it looks like a path (`.`, `..`, or it
 * contains a slash), since server names do not; a bare folder name therefore needs `./` (the
 * unknown-name error says so).
 */
export function parseDoctorArgs(
  positionals: readonly string[],
  option: (name: string) => string | undefined,
  flag: (name: string) => boolean = () => false,
): DoctorArgs {
  const out: DoctorArgs = {};
  const last = positionals[positionals.length - 1];
  const lastIsDir = last !== undefined && (last === '.' || last === '..' || /[\\/]/.test(last));
  const names = lastIsDir ? positionals.slice(0, -1) : [...positionals];
  if (lastIsDir) out.dir = last;
  if (names.length > 0) out.names = [...new Set(names)];
  const timeout = option('timeout');
  if (timeout !== undefined) out.timeoutMs = integer(timeout, '--timeout', 'milliseconds, e.g. 10000', 1, 600_000);
  const parallel = option('parallel');
  if (parallel !== undefined) out.parallel = integer(parallel, '--parallel', 'a number of servers at once, e.g. 4', 1, 64);
  const install = option('install-timeout');
  if (install !== undefined) out.installTimeoutMs = integer(install, '--install-timeout', 'milliseconds, e.g. 300000', 1, 3_600_000);
  if (flag('trust')) out.trust = true;
  return out;
}
