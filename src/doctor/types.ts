// The data of `patchbay doctor`: what to start (Launch), which server of which host file it belongs
// to (Target), and what came out (Row). Plain data, so the reader of host files, the runner and the
// presenters stay independent: runDoctor() takes Targets from anywhere (every catalog host's files
// through targets.ts, or a library caller).

export type TransportName = 'stdio' | 'http' | 'sse' | 'ws' | 'unknown';

/** How the host would start (stdio) or reach (http, sse) the server, references already expanded. */
export type Launch = StdioLaunch | RemoteLaunch;

export interface StdioLaunch {
  transport: 'stdio';
  command: string;
  args: string[];
  /** The entry's own variables only; the runner merges them over the current environment. */
  env: Record<string, string>;
  /** Absolute working directory (the project). */
  cwd: string;
  /** `cmd /c …`: the Windows wrapper for hosts that spawn without a shell (hosts.md §3.8). */
  windowsWrapper: boolean;
}

export interface RemoteLaunch {
  transport: 'http' | 'sse';
  url: string;
  headers: Record<string, string>;
  /**
   * The host chose the transport itself (Cursor without `type`, OpenCode `remote`): when the
   * streamable-HTTP POST is refused with a 4xx it tries the older SSE transport, as the MCP spec's
   * backwards-compatibility section describes. Claude Code's explicit `type` never falls back.
   */
  sseFallback?: boolean;
}

/** The result of turning one host entry into a launch. Only `launch` is ever started. */
export type LaunchResult =
  | { kind: 'launch'; launch: Launch }
  | { kind: 'disabled'; reason: string }
  | { kind: 'missing-env'; names: string[] }
  | { kind: 'invalid'; message: string }
  | { kind: 'unsupported'; message: string }
  /** OpenCode's override-only form (`{"enabled": true}`): it toggles a server defined elsewhere. */
  | { kind: 'override' };

/**
 * A target its host would not start now (trust.ts: the host's own consent records say no, or patchbay
 * does not know how it decides). Project scope: doctor starts it only with --trust. User scope (Gemini
 * suppresses even those in an untrusted folder): started, since they are the user's own.
 */
export interface Withheld {
  /** `untrusted`: the folder is not trusted (or the host's rules are unknown); `needs-approval`: the server is not approved. */
  status: 'untrusted' | 'needs-approval';
  reason: string;
  /** The host's own way to consent. */
  how: string;
  /**
   * patchbay does not know the host's rules (no trust facts): withheld all the same, but once started
   * with --trust the check's own verdict stands, with a note, since no host verdict is known.
   */
  unknownRules?: boolean;
}

export interface Target {
  host: string;
  /** `local` is Claude Code's per-project scope stored in the user file (~/.claude.json projects[dir]). */
  scope: 'project' | 'user' | 'local';
  /** Absolute path of the host file. */
  file: string;
  name: string;
  transport: TransportName;
  /** The command line or URL as written (references unexpanded), secrets redacted: safe to show. */
  display: string;
  launch: LaunchResult;
  /** Set when the host would not start it now: see Withheld and runDoctor. */
  withheld?: Withheld;
  /** Facts about how doctor read the entry (a reference passed literally, a guessed transport): copied to the row. */
  notes?: string[];
}

export type RowStatus =
  | 'ok'
  | 'failed'
  | 'timeout'
  | 'not-found'
  | 'missing-env'
  | 'needs-approval'
  | 'untrusted'
  | 'disabled'
  | 'invalid'
  | 'unsupported';

/** Stable codes saying why a check did not succeed (the `reason` of a row). */
export type FailureCode =
  | 'exited' // the process ended before the handshake finished
  | 'spawn-failed' // the OS refused to start it (EACCES, EINVAL, ...)
  | 'not-found' // the command is not on PATH
  | 'protocol-violation' // stdout carried something that is not a JSON-RPC message
  | 'protocol-mismatch' // no protocol revision both sides accept
  | 'rpc-error' // a JSON-RPC error answer (e.g. to tools/list)
  | 'invalid-response' // a JSON-RPC answer without the fields the method requires
  | 'unreachable' // URL server: connection refused, DNS, TLS ...
  | 'http-status' // URL server: a non-2xx HTTP status
  | 'install-failed' // npm/uv could not fetch the package before the start (prefetch.ts)
  | 'install-timeout' // still fetching when the install budget ran out: downloading, not hung
  | 'timeout';

export interface CheckSuccess {
  ok: true;
  protocolVersion: string;
  tools: number;
  toolNames: string[];
  ms: number;
  /**
   * A URL server reached through the older SSE transport after streamable HTTP was refused with this
   * message (rows of hosts that would not fall back report the refusal instead).
   */
  viaSse?: { refusal: string };
}

export interface CheckFailure {
  ok: false;
  code: FailureCode;
  message: string;
  ms: number;
  exitCode?: number | null;
  signal?: string | null;
  /** Last stderr lines, redacted. */
  stderr?: string[];
}

export type CheckResult = CheckSuccess | CheckFailure;

export interface Row {
  host: string;
  scope: Target['scope'];
  /** Display path (project-relative or ~/…) once presented; absolute inside runDoctor. */
  file: string;
  name: string;
  transport: TransportName;
  status: RowStatus;
  display: string;
  reason?: FailureCode;
  message?: string;
  protocolVersion?: string;
  tools?: number;
  toolNames?: string[];
  ms?: number;
  exitCode?: number | null;
  signal?: string | null;
  stderr?: string[];
  missingEnv?: string[];
  /** Identifies the launch; rows with the same id were served by one start. */
  launchId?: string;
  /** The host would not start it now: the host's own way to consent (the row's hint). */
  consent?: string;
  /** The server was started although its host would not start it (`--trust`, or a user-scope server). */
  startedWithout?: boolean;
  notes: string[];
  hint?: string;
}

export interface DoctorSummary {
  total: number;
  /** Processes started plus URL servers contacted (after sharing identical launches). */
  launches: number;
  counts: Record<RowStatus, number>;
  /** Every row ok, disabled or unsupported. */
  healthy: boolean;
  ms: number;
}

export interface DoctorReport {
  rows: Row[];
  summary: DoctorSummary;
}
