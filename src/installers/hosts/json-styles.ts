// Entry styles of the JSON-family hosts (docs/host-facts.md, per host): how each writes one server,
// as data over shapes.ts's EntryStyle. Where a fact is UNVERIFIED the conservative choice is taken and
// said: no env-reference syntax (a reference fails closed instead of being written literally), the
// Windows `cmd /c` wrapper (it also works under a shell), and no remote transport that is not documented.
import { CLAUDE_STYLE, OPENCODE_V1_STYLE, type EntryStyle } from '../shapes.js';

function mcpServersStyle(id: string, overrides: Partial<EntryStyle>): EntryStyle {
  return { ...CLAUDE_STYLE, id, ...overrides };
}

/** Members a person or the host adds to say "on" (`disabled: false`), with an empty env. */
const OFF_SWITCH = { type: ['stdio'], env: [{}], disabled: [false] } as const;

/** VS Code: `servers`, `type` on every entry (`stdio|http|sse`), `${env:NAME}`; spawns through a shell resolver (no wrapper). */
export const VSCODE_STYLE = mcpServersStyle('vscode', { stdioType: 'stdio', refSyntax: '${env:NAME}', windowsWrapper: false, harmless: { env: [{}] } });

/**
 * Gemini CLI: no stdio `type`; `type: http|sse` with `url`. It expands `$NAME` and `${NAME}`
 * (regex `\$(?:(\w+)|{([^}]+)})`): patchbay writes the braced form, which cannot swallow the letters
 * after it (`$TOKENx` would name TOKENx). No wrapper: the MCP SDK spawns through cross-spawn.
 */
export const GEMINI_STYLE = mcpServersStyle('gemini', { refSyntax: '${NAME}', windowsWrapper: false });

/** Qwen Code: as Gemini, but `httpUrl` is Streamable HTTP and `url` is SSE, with no `type` (0.24.4 listed `type: http` + `url` as sse). */
export const QWEN_STYLE = mcpServersStyle('qwen', { urlKeys: { http: 'httpUrl', sse: 'url' }, remoteType: {}, refSyntax: '${NAME}', windowsWrapper: false });

/**
 * GitHub Copilot CLI writes `type: "local"` itself but runs entries without a type [RUN 1.0.102], and
 * its project `.mcp.json` is Claude Code's file: both hosts must write the same entry, or the second
 * install would call the first one's entry stale. So Copilot gets Claude Code's style everywhere.
 */
export const COPILOT_STYLE = CLAUDE_STYLE;

/** Windsurf: remote `serverUrl` (`url` reported not to connect), no `type`; `${env:NAME}`; Windows UNVERIFIED → wrap. */
export const WINDSURF_STYLE = mcpServersStyle('windsurf', { urlKey: 'serverUrl', remoteType: {}, refSyntax: '${env:NAME}', harmless: OFF_SWITCH });

/**
 * Zed `context_servers`: `{source: "custom", command, args, env}` is valid in both the tagged
 * (mid-2025, `source` and `args` required) and the current untagged shape (extra `source` ignored).
 * Remote is `{url, headers}`, HTTP only. No reference syntax documented. No wrapper since zed#42382.
 */
export const ZED_STYLE = mcpServersStyle('zed', {
  stdioType: 'custom', stdioTypeKey: 'source', remoteType: {}, transports: ['http'], refSyntax: null, windowsWrapper: false,
  harmless: { source: ['custom'], env: [{}], enabled: [true] },
});

/** Claude Desktop: stdio only (remote servers are Connectors in the UI), no references, wrapped on Windows. */
export const CLAUDE_DESKTOP_STYLE = mcpServersStyle('claude-desktop', { remote: false, refSyntax: null });

/** Cline: `type: stdio`; a `url` without `type` is SSE, so HTTP is `streamableHttp`; no references; shell:true on win32. */
export const CLINE_STYLE = mcpServersStyle('cline', {
  stdioType: 'stdio', remoteType: { http: 'streamableHttp', sse: 'sse' }, refSyntax: null, windowsWrapper: false, harmless: OFF_SWITCH,
});

/** Roo Code: `type` required with `url` (`streamable-http`|`sse`), `${env:NAME}`; McpHub wraps with cmd.exe itself. */
export const ROO_STYLE = mcpServersStyle('roo', {
  stdioType: 'stdio', remoteType: { http: 'streamable-http', sse: 'sse' }, refSyntax: '${env:NAME}', windowsWrapper: false, harmless: OFF_SWITCH,
});

/** Kiro: `{url, headers}` without `type`; `${NAME}` [DOC]; closed source → wrap. */
export const KIRO_STYLE = mcpServersStyle('kiro', { remoteType: {}, refSyntax: '${NAME}', harmless: OFF_SWITCH });

/** Amazon Q legacy mcp.json: remote `{type: "http", url}` only; references UNVERIFIED → none. */
export const AMAZON_Q_STYLE = mcpServersStyle('amazon-q', { remoteType: { http: 'http' }, transports: ['http'], refSyntax: null, harmless: OFF_SWITCH });

/**
 * Kilo CLI 7.x (an OpenCode fork): OpenCode V1's `mcp` shape. `{env:NAME}` works in the user file but a
 * project kilo.json holding one was rejected and silently skipped [RUN] → no references in project
 * files (refused, naming the host), OpenCode's `{env:NAME}` in user files (KILO_USER_STYLE).
 * Windows UNVERIFIED → wrap (the command array gets `cmd /c` in front).
 */
export const KILO_STYLE: EntryStyle = { ...OPENCODE_V1_STYLE, id: 'kilo', refSyntax: null, windowsWrapper: true, harmless: { enabled: [true] } };
export const KILO_USER_STYLE: EntryStyle = { ...KILO_STYLE, refSyntax: '{env:NAME}' };

/**
 * Kilo's legacy project files `.kilocode/mcp.json` and `.kilo/mcp.json` (`mcpServers`, as Kilo Code ≤ 4 wrote
 * them). Kilo 7.7.9's kilocode mcp-migrator [SRC binary strings, RUN]: remote only with `type`
 * `streamable-http` or `sse` (a bare `url` entry is dropped), local `command` + `args` + `env`, `disabled`;
 * no reference is expanded (`${env:X}` and `{env:X}` reached the server verbatim) → none written.
 */
export const KILO_LEGACY_STYLE = mcpServersStyle('kilo-legacy', {
  remoteType: { http: 'streamable-http', sse: 'sse' }, refSyntax: null, harmless: OFF_SWITCH,
});

/** Crush `mcp`: `type` required (`stdio|http|sse`), shell-style `${NAME}`; Go's LookPath applies PATHEXT (no wrapper). */
export const CRUSH_STYLE = mcpServersStyle('crush', {
  stdioType: 'stdio', remoteType: { http: 'http', sse: 'sse' }, refSyntax: '${NAME}', windowsWrapper: false, harmless: OFF_SWITCH,
});

/** Factory Droid: what `droid mcp add` writes (`type: stdio`), `${NAME}` expanded [RUN]; Windows UNVERIFIED → wrap. */
export const DROID_STYLE = mcpServersStyle('factory-droid', { stdioType: 'stdio', refSyntax: '${NAME}', harmless: OFF_SWITCH });

/** LM Studio ("Cursor's notation"): `{url, headers}`; SSE and references UNVERIFIED → HTTP only, none. */
export const LM_STUDIO_STYLE = mcpServersStyle('lm-studio', { remoteType: {}, transports: ['http'], refSyntax: null });

/** Junie: the IDE plugin runs stdio only → no remote entries; references UNVERIFIED → none. */
export const JUNIE_STYLE = mcpServersStyle('junie', { remote: false, refSyntax: null });

/** Trae: Claude shape from third parties and real files only; remote and references UNVERIFIED → none. */
export const TRAE_STYLE = mcpServersStyle('trae', { remote: false, refSyntax: null, harmless: OFF_SWITCH });

/** Antigravity: remote `serverUrl` (`url`/`httpUrl` do not connect); SSE and references UNVERIFIED. */
export const ANTIGRAVITY_STYLE = mcpServersStyle('antigravity', { urlKey: 'serverUrl', remoteType: {}, transports: ['http'], refSyntax: null });

/** Amp: `{command, args, env}` or `{url, headers}`; references only from a third party → none; HTTP only. */
export const AMP_STYLE = mcpServersStyle('amp', { remoteType: {}, transports: ['http'], refSyntax: null, harmless: OFF_SWITCH });

/**
 * The entry of a host known from its docs' one example (or a rival's catalog) only: `{command, args, env}`
 * over stdio, nothing else — no remote shape, no reference syntax (both fail closed by name), `cmd /c`
 * on Windows (it works under a shell too). Used by the UNVERIFIED records of json-catalog.ts.
 */
function stdioOnlyStyle(id: string): EntryStyle {
  return mcpServersStyle(id, { remote: false, refSyntax: null });
}

/** Kimi Code (moonshotai.github.io/kimi-code customization/mcp): `command` = stdio, `url` = HTTP, no `type`; tokens via `bearerTokenEnvVar`, not a reference syntax → none. */
export const KIMI_STYLE = mcpServersStyle('kimi', { remoteType: {}, transports: ['http'], refSyntax: null });
/** Visual Studio (learn.microsoft.com visualstudio/ide/mcp-servers): `servers`, as VS Code's format; references UNVERIFIED → none. */
export const VISUAL_STUDIO_STYLE = mcpServersStyle('visual-studio', { stdioType: 'stdio', remote: false, refSyntax: null });
export const PI_STYLE = stdioOnlyStyle('pi');
export const FIREBASE_STUDIO_STYLE = stdioOnlyStyle('firebase-studio');
export const FIREBENDER_STYLE = stdioOnlyStyle('firebender');
export const MASTRA_CODE_STYLE = stdioOnlyStyle('mastra-code');
export const FIVE_IRE_STYLE = stdioOnlyStyle('5ire');
export const ENCONVO_STYLE = stdioOnlyStyle('enconvo');
export const BOLTAI_STYLE = stdioOnlyStyle('boltai');
export const TOME_STYLE = stdioOnlyStyle('tome');
export const AUGMENT_STYLE = stdioOnlyStyle('augment');
export const MCPORTER_STYLE = stdioOnlyStyle('mcporter');
export const BEDROCK_CLIENT_STYLE = stdioOnlyStyle('bedrock-client');
/** LibreChat `librechat.yaml` `mcpServers.<name>` `{command, args, env}` (stdio); `${NAME}` is LibreChat's env syntax but UNVERIFIED here → none. */
export const LIBRECHAT_STYLE = stdioOnlyStyle('librechat');
/** Windsurf's JetBrains plugin: Windsurf's own style (ToolHive's client table). */
export const WINDSURF_JETBRAINS_STYLE = { ...WINDSURF_STYLE, id: 'windsurf-jetbrains' };
