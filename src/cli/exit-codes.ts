// The CLI's exit codes: ONE table, stable, documented in docs/cli.md. Scripts and CI depend on these
// numbers, so a code never changes meaning; new situations map onto an existing row.
import type { ErrorCode } from '../errors.js';

export const EXIT = {
  /** Done, or nothing to do. */
  ok: 0,
  /** `status`: at least one selected host is not current (absent, stale, foreign, other dialect). */
  drift: 1,
  /** Bad flags or arguments, or a choice that needs a terminal (no TTY and neither --yes nor --host). */
  usage: 2,
  /** Refused before writing: a conflict or a malformed file. Nothing was written. */
  refused: 3,
  /** Apply failed and every file was rolled back (file changed meanwhile, lock held, I/O failure). */
  applyFailed: 4,
  /** `rollback` refused: files changed since patchbay wrote them (use --force). */
  rollbackRefused: 5,
  /** A bug in patchbay (an error it did not expect). */
  internal: 70,
  /** The user cancelled (Ctrl-C or answered no). Nothing was written. */
  cancelled: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** Every PatchbayError code → its exit code. A Record over ErrorCode so a new code cannot be forgotten. */
export const EXIT_CODE_BY_ERROR: Readonly<Record<ErrorCode, ExitCode>> = {
  'file-changed': EXIT.applyFailed,
  'lock-held': EXIT.applyFailed,
  'io-failed': EXIT.applyFailed,
  // Our own journal is unreadable: refuse to touch anything rather than guess.
  'journal-corrupt': EXIT.refused,
  'state-invalid': EXIT.refused,
  'nothing-to-repair': EXIT.ok,
  'state-unrecoverable': EXIT.refused,
  'rollback-refused': EXIT.rollbackRefused,
  // A transaction id that does not exist is a bad argument.
  'transaction-not-found': EXIT.usage,
  // Nothing to roll back is "nothing to do", not a failure.
  'nothing-to-rollback': EXIT.ok,
  'parse-error': EXIT.refused,
  'comment-in-strict-json': EXIT.refused,
  'invalid-shape': EXIT.refused,
  'duplicate-key': EXIT.refused,
  'too-deep': EXIT.refused,
  'too-large': EXIT.refused,
  'foreign-entry': EXIT.refused,
  'stale-entry': EXIT.refused,
  'other-dialect': EXIT.refused,
  'read-only-file': EXIT.refused,
  'modified-entry': EXIT.refused,
  'secret-reference-unsupported': EXIT.refused,
  'transport-unsupported': EXIT.refused,
  'literal-secret-in-project-file': EXIT.refused,
  'no-such-package': EXIT.refused,
  'no-such-version': EXIT.refused,
  'registry-unreachable': EXIT.refused,
  'server-not-managed': EXIT.usage,
  'entry-exists': EXIT.refused,
  // Only ever an info diagnostic; were it raised as an error, nothing was written.
  'project-needs-trust': EXIT.refused,
  // Found while planning (reading the files, checking their folders): nothing was written yet.
  'not-a-file': EXIT.refused,
  'symlink-loop': EXIT.refused,
  'not-a-directory': EXIT.refused,
  'not-readable': EXIT.refused,
  'dir-not-writable': EXIT.refused,
  // A write command refuses before the first write: no journal, no lock, no host file touched.
  'state-dir-unusable': EXIT.refused,
  'unsupported-host-version': EXIT.refused,
  'probe-failed': EXIT.refused,
  'manifest-invalid': EXIT.refused,
  'invalid-server': EXIT.refused,
  'registry-timeout': EXIT.refused,
  'registry-too-large': EXIT.refused,
  'registry-not-found': EXIT.refused,
  'registry-deleted': EXIT.refused,
  'registry-malformed': EXIT.refused,
  'registry-insecure': EXIT.refused,
  'registry-template': EXIT.refused,
  'nothing-runnable': EXIT.refused,
  'input-required': EXIT.usage,
  'unknown-host': EXIT.usage,
  'unsupported-host': EXIT.usage,
  usage: EXIT.usage,
  'not-a-tty': EXIT.usage,
  cancelled: EXIT.cancelled,
  internal: EXIT.internal,
};

export { MALFORMED_CODES } from '../diagnostics.js';

export function exitCodeForErrorCode(code: string): ExitCode {
  return (EXIT_CODE_BY_ERROR as Record<string, ExitCode>)[code] ?? EXIT.internal;
}
