// Typed errors with stable string codes. The code is the contract (CLI exit mapping, MCP diagnostics,
// tests); the message is for people and may change.

export type ErrorCode =
  // transaction engine
  | 'file-changed' // a planned file no longer has the hash it had at plan time
  | 'lock-held' // another patchbay process holds the state-dir lock
  | 'io-failed' // a filesystem call failed during apply/rollback
  | 'journal-corrupt' // a journal file could not be parsed
  | 'rollback-refused' // files changed since patchbay wrote them (rollback without --force)
  | 'transaction-not-found'
  | 'nothing-to-rollback'
  // configuration files
  | 'parse-error' // malformed JSON/JSONC/TOML
  | 'comment-in-strict-json' // a comment or trailing comma in a strict JSON host file
  | 'invalid-shape' // a container has the wrong JSON type (e.g. mcpServers is an array)
  | 'duplicate-key'
  | 'too-deep' // nesting deeper than any host configuration (read before a recursive parser overflows)
  | 'foreign-entry' // an entry named patchbay that patchbay did not write
  | 'stale-entry' // a patchbay entry pinned to another version
  | 'other-dialect' // our entry exists in the other OpenCode dialect
  | 'read-only-file' // a file patchbay would change has no write bit (often a dotfile manager's link)
  // hosts and usage
  | 'unsupported-host-version'
  | 'unknown-host'
  | 'probe-failed'
  | 'manifest-invalid'
  | 'usage'
  | 'not-a-tty'
  | 'cancelled'
  | 'internal';

export interface ErrorDetails {
  path?: string;
  line?: number;
  column?: number;
  pointer?: string;
  hint?: string;
  files?: string[];
  cause?: unknown;
}

export class PatchbayError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetails;

  constructor(code: ErrorCode, message: string, details: ErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'PatchbayError';
    this.code = code;
    this.details = details;
  }
}

export function isPatchbayError(value: unknown, code?: ErrorCode): value is PatchbayError {
  return value instanceof PatchbayError && (code === undefined || value.code === code);
}
