// Typed errors with stable string codes. The code is the contract (CLI exit mapping, MCP diagnostics,
// tests); the message is for people and may change.

export type ErrorCode =
  // transaction engine
  | 'file-changed' // a planned file no longer has the hash it had at plan time
  | 'lock-held' // another patchbay process holds the state-dir lock
  | 'io-failed' // a filesystem call failed during apply/rollback
  | 'journal-corrupt' // a journal file could not be parsed
  | 'state-invalid' // managed.json (what patchbay manages) is damaged: refused, never read as empty
  | 'nothing-to-repair' // `patchbay repair` found managed.json readable
  | 'state-unrecoverable' // `patchbay repair` found no journal holding managed.json's last bytes
  | 'rollback-refused' // files changed since patchbay wrote them (rollback without --force)
  | 'transaction-not-found'
  | 'nothing-to-rollback'
  // configuration files
  | 'parse-error' // malformed JSON/JSONC/TOML
  | 'comment-in-strict-json' // a comment or trailing comma in a strict JSON host file
  | 'invalid-shape' // a container has the wrong JSON type (e.g. mcpServers is an array)
  | 'duplicate-key'
  | 'too-deep' // objects/arrays nested deeper than patchbay reads (a damaged or hostile file)
  | 'too-large' // a file or one string in it larger than patchbay reads in that format (text/limits.ts)
  | 'foreign-entry' // an entry named patchbay that patchbay did not write
  | 'stale-entry' // a patchbay entry pinned to another version
  | 'other-dialect' // our entry exists in the other OpenCode dialect
  | 'read-only-file' // a file patchbay would change has no write bit (often a dotfile manager's link)
  | 'modified-entry' // a managed entry edited by hand since patchbay wrote it
  | 'secret-reference-unsupported' // the host has no syntax for ${env:NAME} references
  | 'transport-unsupported' // the host cannot express this transport (e.g. a remote server)
  | 'literal-secret-in-project-file' // a secret-looking literal bound for a committed file
  // servers
  | 'no-such-package'
  | 'no-such-version'
  | 'registry-unreachable'
  | 'registry-timeout' // an MCP registry did not answer within --registry-timeout
  | 'registry-too-large' // a registry response past the size cap
  | 'registry-not-found' // no server of that name (or version) in the registry
  | 'registry-deleted' // the registry marks that version deleted
  | 'registry-malformed' // a registry answer or server.json patchbay cannot use (JSON pointer)
  | 'registry-insecure' // a registry URL that is not https (loopback http excepted), or a redirect elsewhere
  | 'registry-template' // a server.json with ${VERSION}-style placeholders (add --from)
  | 'nothing-runnable' // a registry entry with no way patchbay can run
  | 'input-required' // a registry entry needs a value the user did not give (no terminal to ask)
  | 'invalid-server' // a server spec the one validator refuses (name, env name, header, URL, unpinned)
  | 'server-not-managed' // remove/update of a name patchbay does not manage
  | 'entry-exists'
  | 'project-needs-trust' // info: the host reads this project file only once the project is trusted
  | 'not-a-file' // a config path is a folder (or a socket, FIFO, device), not a regular file
  | 'symlink-loop' // a config path is a symbolic link that leads back to itself (ELOOP)
  | 'not-a-directory' // a path that must be a folder (the project [dir], a config file's folder) is a file
  | 'not-readable' // a config file exists but permission to read it is denied
  | 'dir-not-writable' // the folder of a file patchbay would write does not let it create the temp file
  | 'state-dir-unusable' // the state dir (journals, lock) cannot be created or written: a write command refuses
  // hosts and usage
  | 'unsupported-host-version'
  | 'unknown-host'
  | 'unsupported-host'
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
  /** input-required: what the user must give (registry install), for `--json` `error.inputs`. */
  inputs?: { kind: 'env' | 'arg' | 'var' | 'header'; name: string; description?: string; secret: boolean }[];
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
