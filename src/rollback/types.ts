// A plan is plain data. Installers produce it, nothing in it has touched the disk, and it can be
// diffed, printed, serialized (bytes as base64) and applied by src/rollback/apply.ts.

/** What a file looked like when the plan was made. */
export interface FileBefore {
  exists: boolean;
  /** sha256 hex of the prior bytes; null when the file did not exist. */
  sha256: string | null;
  /** Permission bits (st_mode & 0o7777); null when the file did not exist. */
  mode: number | null;
  /** The prior bytes, kept so diffs and previews need no second read. null when absent. */
  bytes: Uint8Array | null;
}

export type FileAfter = Uint8Array | 'delete';

export interface FileChange {
  /** Absolute path as the user names it (may be a symlink; apply writes through to the target). */
  path: string;
  before: FileBefore;
  after: FileAfter;
  /** Mode for a file that does not exist yet (default 0o644). Existing files keep their mode. */
  createMode?: number;
  /** Free-form tag for presenters: which host/scope produced this change. */
  label?: string;
  /**
   * Keep the written bytes in the journal too (not only their hash): for patchbay's own small state
   * file, so `patchbay repair` can restore its last good bytes when it is damaged.
   */
  journalAfter?: boolean;
}

export interface Plan {
  changes: FileChange[];
  /** Folders apply must create (absolute, parents first); removed again on rollback if created. */
  createDirs: string[];
  /**
   * Folders patchbay created that this plan empties (absolute, deepest first): removed after the
   * transaction commits, each only if it is still empty then. `rollback` recreates them with the files.
   */
  removeDirs?: string[];
  /** Human summary for history, e.g. "init opencode,claude-code (project)". */
  description: string;
}
