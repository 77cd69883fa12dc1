// The contract between host adapters and their callers (CLI, MCP server). Adapters READ files and
// return data (reports, plans, diagnostics); they never write. Writes go through src/rollback.
import type { Diagnostic } from '../diagnostics.js';
import type { FileChange } from '../rollback/types.js';

/** A host's id, e.g. 'claude-code'. The valid ids are the catalog's (catalog.ts HOST_IDS). */
export type HostId = string;

export { HOST_IDS, PLANNED_HOST_IDS } from './catalog-data.js';

export type Scope = 'project' | 'user';
export type OpenCodeDialect = 'v1' | 'v2';
export type Action = 'init' | 'migrate' | 'uninstall';

/**
 * The state of one server's entry in a file: `stale` is ours with another pin, `modified` is ours but
 * edited by hand since patchbay wrote it, `foreign` is a same-name entry patchbay does not manage.
 */
export type EntryState = 'absent' | 'current' | 'stale' | 'modified' | 'foreign' | 'other-dialect';

export type ProbeResult =
  | { ok: true; stdout: string }
  | { ok: false; reason: 'not-found' | 'timeout' | 'failed'; message: string };

/** Everything an adapter may know about the machine. Injected so tests control it completely. */
export interface HostContext {
  /** Absolute project directory (init [dir]). */
  projectDir: string;
  /** Absolute home directory (HOME / USERPROFILE). */
  home: string;
  /** Environment (XDG_CONFIG_HOME, PATH, ...). */
  env: Readonly<Record<string, string | undefined>>;
  /** Decides `cmd /c npx` wrapping on win32. */
  platform: NodeJS.Platform;
  /** Runs `<command> --version`-style probes without a shell, with a timeout. */
  probe(command: string, args: readonly string[]): Promise<ProbeResult>;
}

export interface Detection {
  host: HostId;
  detected: boolean;
  /** Why it was (or was not) detected, in words, e.g. "`claude --version` printed 2.1.332 (Claude Code)". */
  reasons: string[];
  version?: string;
  /** OpenCode only. */
  dialect?: OpenCodeDialect;
  diagnostics: Diagnostic[];
}

/** A normalized MCP server entry found in a host file (any name, not only ours). */
export interface ServerEntry {
  name: string;
  transport: 'stdio' | 'http' | 'sse' | 'unknown';
  command?: string;
  args?: string[];
  url?: string;
  /** Env variable NAMES only, never values. */
  envNames: string[];
  headerNames: string[];
  managed: boolean;
  /** patchbay version the entry pins, when managed (ours or stale). */
  pin?: string;
  /** OpenCode: which dialect container the entry sits in. */
  dialect?: OpenCodeDialect;
  disabled?: boolean;
  /** JSON pointer of the entry, e.g. /mcpServers/foo */
  pointer: string;
}

export interface FileReport {
  host: HostId;
  scope: Scope;
  /** Absolute path. */
  path: string;
  exists: boolean;
  /** This file is the one install would write (first existing candidate, or the one to create). */
  target: boolean;
  /** State of OUR entry (name `patchbay`) for the selected dialect. */
  state: EntryState;
  pin?: string;
  dialect?: OpenCodeDialect;
  /** Other hosts that read this same file at this scope (Claude Code and Copilot CLI: `.mcp.json`). */
  sharedWith?: HostId[];
  servers: ServerEntry[];
  diagnostics: Diagnostic[];
}

export interface HostReport {
  host: HostId;
  scope: Scope;
  detection: Detection;
  /** Every candidate file in order, existing or not. */
  files: FileReport[];
  diagnostics: Diagnostic[];
}

export interface PlanRequest {
  action: Action;
  hosts: readonly HostId[];
  scope: Scope;
  /** The patchbay version to pin (normally PATCHBAY_VERSION). */
  version: string;
  /** `--opencode-version`: selects the OpenCode dialect without probing. */
  opencodeVersion?: string;
}

export interface HostPlan {
  host: HostId;
  scope: Scope;
  changes: FileChange[];
  /** Folders that must be created for the changes (parents first). */
  createDirs: string[];
  diagnostics: Diagnostic[];
  /** One line per file for people: "create opencode.jsonc", "already current", ... */
  summary: string[];
}
