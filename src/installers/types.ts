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
  /** Finds a command on PATH without spawning (which.ts createPathLookup: PATH listed once per context). */
  onPath?(command: string): Promise<string | null>;
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

/**
 * How a host decides to start the servers a project's own files configure (a cloned repository's
 * config is untrusted input), as DATA: the records the host keeps and what they must say. One record
 * per host in trust-facts.ts (sources: docs/host-facts.md "Consent"), evaluated by trust.ts. Paths are
 * path templates (path-template.ts); `<project>` in a member path is the project's absolute folder.
 */
export interface HostTrust {
  /**
   * `none`: the host starts project servers without asking (OpenCode, Kilo, Droid). `gated`: every
   * gate must pass. `unknown`: not verified, so patchbay cannot say what the host does; doctor starts
   * such a server only with `--trust`.
   */
  project: 'none' | 'unknown' | 'gated';
  gates?: readonly ConsentGate[];
  /** What the host's own way to consent is, in one sentence (the row's hint). */
  how: string;
  /** Where the facts come from (docs/host-facts.md section, the version it was checked against). */
  source: string;
}

export type ConsentGate = FolderListGate | ProjectValueGate | FolderRulesGate | ServerListsGate | ApprovalStoreGate;

/** A file listing trusted folders: the project, or a folder it is in, must be listed (Copilot CLI). */
export interface FolderListGate {
  kind: 'folder-list';
  /** The gate refuses with `untrusted` (a folder) or `needs-approval` (a server). */
  refusal: 'untrusted';
  file: string;
  member: readonly string[];
}

/** One member of a per-project table must equal a value (Codex `[projects."<project>"] trust_level`). */
export interface ProjectValueGate {
  kind: 'project-value';
  refusal: 'untrusted';
  file: string;
  codec: 'toml' | 'json';
  member: readonly string[];
  equals: string | boolean;
}

/**
 * A map of folder → level; the longest rule whose folder holds the project decides (Gemini CLI's
 * trustedFolders.json). Variables and a setting may decide first. `alsoUser`: an untrusted folder
 * suppresses the user's own servers too.
 */
export interface FolderRulesGate {
  kind: 'folder-rules';
  refusal: 'untrusted';
  file: string;
  /** A variable that replaces `file` when it is an absolute path. */
  fileVariable?: string;
  levels: Readonly<Record<string, 'folder' | 'parent' | 'deny'>>;
  /** Variables checked first: name → value → trusted or not. */
  variables?: readonly { name: string; value: string; trusted: boolean }[];
  /** A setting that switches folder trust off (then every folder is trusted), with its default. */
  switch?: { file: string; member: readonly string[]; defaultOn: boolean };
  alsoUser: boolean;
}

/**
 * Per-server lists in settings files (Claude Code): a server is refused when any source lists it in
 * `deny`, approved when a source that counts approves it (all, or by name). A source with
 * `needsTrust` counts only when `trust` holds (the trust dialog was accepted for the project).
 */
export interface ServerListsGate {
  kind: 'server-lists';
  refusal: 'needs-approval';
  sources: readonly { file: string; member?: readonly string[]; needsTrust: boolean }[];
  approveAll: string;
  approveList: string;
  deny: string;
  trust: { file: string; member: readonly string[]; equals: boolean };
}

/**
 * Approvals per project and server, each bound to a hash of the entry as the host read it (Qwen
 * Code's mcpApprovals.json): `{ "<project>": { "<name>": { hash, status } } }`. A changed entry, or
 * one expanded with other variables, no longer matches and is pending again.
 */
export interface ApprovalStoreGate {
  kind: 'approval-store';
  refusal: 'needs-approval';
  file: string;
  /** A variable naming the file itself. */
  fileVariable?: string;
  /** sha256 over the entry's JSON with sorted keys, these members left out. */
  hashIgnores: readonly string[];
  approved: string;
}

/**
 * How a host reads an entry's values when it starts a server, beyond the form patchbay writes
 * (EntryStyle.refSyntax), and the odd rules no entry style states. Data per host in launch-facts.ts.
 */
export interface HostLaunchFacts {
  /** Reference forms the host expands besides its style's own (Gemini, Qwen: `$NAME` too). */
  alsoExpands?: readonly ('${NAME}' | '$NAME' | '${env:NAME}')[];
  /** `${NAME:-default}` falls back when NAME is unset or empty (Claude Code). */
  defaults?: boolean;
  /** Cursor's editor variables: ${userHome}, ${workspaceFolder}, ${workspaceFolderBasename}, ${pathSeparator}, ${/}. */
  editorVariables?: boolean;
  /** A `url` entry without `type` is skipped (Claude Code); other hosts infer the transport. */
  urlNeedsType?: boolean;
  /**
   * Servers kept in the USER file for one project (Claude Code's local scope:
   * `projects["<project>"].mcpServers` in ~/.claude.json). Member path with `<project>`.
   */
  localScope?: readonly string[];
  /** Where the facts come from. */
  source: string;
}
