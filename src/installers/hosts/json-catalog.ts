// The JSON-family hosts as data, one record each, from docs/host-facts.md / host-facts.json (the
// research pass; tags there: RUN = the real CLI was run, SRC = host source, DOC = official docs).
// Path templates: path-template.ts. Entry styles: json-styles.ts. Where a fact is UNVERIFIED the
// record says so and takes the conservative choice: strict JSON (a comment fails closed rather than
// being guessed at), and only files the host is known to read.
import type { JsonHostData } from './json-host-record.js';
import {
  AMAZON_Q_STYLE, AMP_STYLE, ANTIGRAVITY_STYLE, CLAUDE_DESKTOP_STYLE, CLINE_STYLE, COPILOT_STYLE, CRUSH_STYLE, DROID_STYLE,
  GEMINI_STYLE, JUNIE_STYLE, KILO_LEGACY_STYLE, KILO_STYLE, KILO_USER_STYLE, KIRO_STYLE, LM_STUDIO_STYLE, QWEN_STYLE, ROO_STYLE, TRAE_STYLE, VSCODE_STYLE,
  WINDSURF_STYLE, ZED_STYLE, KIMI_STYLE, VISUAL_STUDIO_STYLE, PI_STYLE, FIREBASE_STUDIO_STYLE, FIREBENDER_STYLE, MASTRA_CODE_STYLE,
  FIVE_IRE_STYLE, ENCONVO_STYLE, BOLTAI_STYLE, TOME_STYLE, AUGMENT_STYLE, MCPORTER_STYLE, BEDROCK_CLIENT_STYLE, LIBRECHAT_STYLE,
  WINDSURF_JETBRAINS_STYLE,
} from './json-styles.js';

/** The VS Code user folder of a product (`Code`, `Code - Insiders`) on each OS. */
function vsCodeUser(product: string, rest: string): JsonHostData['userFiles'] {
  return {
    linux: [`$XDG_CONFIG_HOME/${product}/User${rest}`],
    darwin: [`~/Library/Application Support/${product}/User${rest}`],
    win32: [`%APPDATA%/${product}/User${rest}`],
  };
}

/** Cline's shared MCP settings file, with its three override variables (innermost: CLINE_DIR). */
const CLINE_SHARED_FILE = '${CLINE_MCP_SETTINGS_PATH:-${CLINE_DATA_DIR:-${CLINE_DIR:-~/.cline}/data}/settings/cline_mcp_settings.json}';

/** The same templates on every OS (`~` is %USERPROFILE% on Windows). */
function everyOs(...templates: string[]): JsonHostData['userFiles'] {
  return { linux: templates, darwin: templates, win32: templates };
}

export const JSON_HOSTS: readonly JsonHostData[] = [
  // docs/hosts.md §5; vscode-docs agents/reference/mcp-configuration.md; JSONC, `servers`, `inputs` kept.
  // `.vscode/mcp.json` is shared with VS Code Insiders: same style, so both installs are one entry.
  {
    id: 'vscode', displayName: 'VS Code', binaries: ['code'], tolerance: 'jsonc', container: ['servers'], style: VSCODE_STYLE,
    detectDirs: { linux: ['$XDG_CONFIG_HOME/Code'], darwin: ['~/Library/Application Support/Code'], win32: ['%APPDATA%/Code'] },
    projectFiles: ['.vscode/mcp.json'], projectEvidence: ['.vscode'], userFiles: vsCodeUser('Code', '/mcp.json'),
  },
  // As vscode; the Insiders user folder is `Code - Insiders/User` (docs/hosts-catalog.md).
  {
    id: 'vscode-insiders', displayName: 'VS Code Insiders', binaries: ['code-insiders'], tolerance: 'jsonc', container: ['servers'], style: VSCODE_STYLE,
    detectDirs: { linux: ['$XDG_CONFIG_HOME/Code - Insiders'], darwin: ['~/Library/Application Support/Code - Insiders'], win32: ['%APPDATA%/Code - Insiders'] },
    projectFiles: ['.vscode/mcp.json'], userFiles: vsCodeUser('Code - Insiders', '/mcp.json'),
  },
  // docs/hosts.md §8 + RUN 0.61.0: comments allowed, a trailing comma is fatal (rc 52) → 'comments'.
  // GEMINI_CLI_HOME replaces `~`. Project file read in trusted folders only.
  {
    id: 'gemini', displayName: 'Gemini CLI', binaries: ['gemini'], tolerance: 'comments', container: ['mcpServers'], style: GEMINI_STYLE,
    detectDirs: everyOs('${GEMINI_CLI_HOME:-~}/.gemini'), projectFiles: ['.gemini/settings.json'], projectEvidence: ['.gemini'],
    userFiles: everyOs('${GEMINI_CLI_HOME:-~}/.gemini/settings.json'),
  },
  // RUN 0.24.4: comments OK, a trailing comma makes the file silently ignored → 'comments'. QWEN_HOME
  // replaces ~/.qwen [SRC Storage.getGlobalQwenDir]. Qwen also reads the project `.mcp.json`, but that
  // is Claude Code's (and Copilot's) file: patchbay writes Qwen's own `.qwen/settings.json` only.
  {
    id: 'qwen-code', displayName: 'Qwen Code', binaries: ['qwen'], tolerance: 'comments', container: ['mcpServers'], style: QWEN_STYLE,
    detectDirs: everyOs('${QWEN_HOME:-~/.qwen}'), projectFiles: ['.qwen/settings.json'], projectEvidence: ['.qwen'],
    userFiles: everyOs('${QWEN_HOME:-~/.qwen}/settings.json'),
  },
  // RUN 1.0.102: project `.mcp.json`, else `.github/mcp.json` — only the first existing one is read, which
  // is exactly the core's "first existing candidate is the target". `.mcp.json` is strict (a comment
  // made it skip the file) and shared with Claude Code. COPILOT_HOME replaces ~/.copilot; XDG ignored.
  {
    id: 'copilot-cli', displayName: 'GitHub Copilot CLI', binaries: ['copilot'], tolerance: 'strict', container: ['mcpServers'], style: COPILOT_STYLE,
    detectDirs: everyOs('${COPILOT_HOME:-~/.copilot}'), projectFiles: ['.mcp.json', '.github/mcp.json'],
    userFiles: everyOs('${COPILOT_HOME:-~/.copilot}/mcp-config.json'),
  },
  // docs/hosts.md §6 (docs.windsurf.com/windsurf/cascade/mcp): user file only; the `.windsurf/mcp_config.json`
  // some repos commit is not shown to be read. Comment tolerance UNVERIFIED → strict.
  {
    id: 'windsurf', displayName: 'Windsurf', binaries: ['windsurf'], tolerance: 'strict', container: ['mcpServers'], style: WINDSURF_STYLE,
    detectDirs: everyOs('~/.codeium/windsurf'), projectFiles: [], userFiles: everyOs('~/.codeium/windsurf/mcp_config.json'),
  },
  // zed crates/paths/src/paths.rs (docs/hosts.md §9): macOS uses ~/.config/zed too. JSONC (real files
  // carry comments and trailing commas). `context_servers`; entry shape: json-styles.ts ZED_STYLE.
  {
    id: 'zed', displayName: 'Zed', binaries: ['zed', 'zeditor'], tolerance: 'jsonc', container: ['context_servers'], style: ZED_STYLE,
    detectDirs: { linux: ['$XDG_CONFIG_HOME/zed'], darwin: ['~/.config/zed'], win32: ['%APPDATA%/Zed'] },
    projectFiles: ['.zed/settings.json'], projectEvidence: ['.zed'],
    userFiles: { linux: ['$XDG_CONFIG_HOME/zed/settings.json'], darwin: ['~/.config/zed/settings.json'], win32: ['%APPDATA%/Zed/settings.json'] },
  },
  // docs/hosts.md §10: user only, strict JSON. Windows: the MSIX package's virtualised copy wins when it
  // exists; a new file goes to the classic %APPDATA% path, which both installs read. Linux has no
  // official build: `$XDG_CONFIG_HOME/Claude` is UNVERIFIED (capitalised as on macOS and Windows).
  {
    id: 'claude-desktop', displayName: 'Claude Desktop', binaries: [], tolerance: 'strict', container: ['mcpServers'], style: CLAUDE_DESKTOP_STYLE,
    detectDirs: { linux: ['$XDG_CONFIG_HOME/Claude'], darwin: ['~/Library/Application Support/Claude'], win32: ['%APPDATA%/Claude', '%LOCALAPPDATA%/Packages/Claude_pzs8sxrjxfjjc'] },
    projectFiles: [],
    userFiles: {
      linux: ['$XDG_CONFIG_HOME/Claude/claude_desktop_config.json'],
      darwin: ['~/Library/Application Support/Claude/claude_desktop_config.json'],
      win32: ['%LOCALAPPDATA%/Packages/Claude_pzs8sxrjxfjjc/LocalCache/Roaming/Claude/claude_desktop_config.json', '%APPDATA%/Claude/claude_desktop_config.json'],
    },
    createUser: { win32: '%APPDATA%/Claude/claude_desktop_config.json' },
  },
  // Cline is two hosts, one file. cline/cline sdk/packages/shared/src/storage/paths.ts and
  // apps/vscode/src/hosts/vscode/mcp-settings-legacy-migration.ts (getSharedMcpSettingsPath): the VS Code
  // extension (saoudrizwan.claude-dev ≥ 4.1) and the CLI (@cline/cli ≥ 3) read the same shared file on
  // every OS; CLINE_MCP_SETTINGS_PATH (the file), CLINE_DATA_DIR, CLINE_DIR move it. No project file.
  // Strict JSON (JSON.parse in config-loader.ts). The old `<VSU>/globalStorage/saoudrizwan.claude-dev/
  // settings/cline_mcp_settings.json` is migrated ONCE into the shared file, and only while the shared file
  // does not exist, so writing the legacy file could be ignored: not a candidate, only evidence that the
  // extension is installed. Two records sharing one file = one entry (as claude-code and copilot-cli).
  {
    id: 'cline', displayName: 'Cline (VS Code extension)', binaries: [], tolerance: 'strict', container: ['mcpServers'], style: CLINE_STYLE,
    detectDirs: {
      linux: ['$XDG_CONFIG_HOME/Code/User/globalStorage/saoudrizwan.claude-dev'],
      darwin: ['~/Library/Application Support/Code/User/globalStorage/saoudrizwan.claude-dev'],
      win32: ['%APPDATA%/Code/User/globalStorage/saoudrizwan.claude-dev'],
    },
    projectFiles: [],
    userFiles: everyOs(CLINE_SHARED_FILE),
  },
  // The Cline CLI (`cline`, npm @cline/cli): the same shared file and entry shape as the extension.
  {
    id: 'cline-cli', displayName: 'Cline CLI', binaries: ['cline'], tolerance: 'strict', container: ['mcpServers'], style: CLINE_STYLE,
    detectDirs: everyOs('${CLINE_DIR:-~/.cline}'), projectFiles: [], userFiles: everyOs(CLINE_SHARED_FILE),
  },
  // RooCodeInc/Roo-Code src/services/mcp/McpHub.ts @cb836567: `.roo/mcp.json` and the extension's
  // globalStorage settings file, both JSON.parse (strict). The `customStoragePath` setting is not followed.
  {
    id: 'roo', displayName: 'Roo Code', binaries: [], tolerance: 'strict', container: ['mcpServers'], style: ROO_STYLE,
    detectDirs: vsCodeUser('Code', '/globalStorage/rooveterinaryinc.roo-cline'), projectFiles: ['.roo/mcp.json'], projectEvidence: ['.roo'],
    userFiles: vsCodeUser('Code', '/globalStorage/rooveterinaryinc.roo-cline/settings/mcp_settings.json'),
  },
  // kiro.dev/docs/mcp/configuration: project `.kiro/settings/mcp.json` wins over the user file.
  // Closed source: comment tolerance UNVERIFIED → strict (the real files in the corpus are strict).
  {
    id: 'kiro', displayName: 'Kiro', binaries: ['kiro', 'kiro-cli'], tolerance: 'strict', container: ['mcpServers'], style: KIRO_STYLE,
    detectDirs: everyOs('~/.kiro'), projectFiles: ['.kiro/settings/mcp.json'], projectEvidence: ['.kiro'], userFiles: everyOs('~/.kiro/settings/mcp.json'),
  },
  // docs.aws.amazon.com qdev-mcp.html: the legacy mcp.json files, still read by the default agent
  // (`useLegacyMcpJson: true`). Agent files (cli-agents/*.json) are not written. Tolerance UNVERIFIED → strict.
  {
    id: 'amazon-q', displayName: 'Amazon Q Developer', binaries: ['q'], tolerance: 'strict', container: ['mcpServers'], style: AMAZON_Q_STYLE,
    detectDirs: everyOs('~/.aws/amazonq'), projectFiles: ['.amazonq/mcp.json'], projectEvidence: ['.amazonq'], userFiles: everyOs('~/.aws/amazonq/mcp.json'),
  },
  // RUN @kilocode/cli-linux-x64@7.7.9 + strings of the binary: an OpenCode fork reading kilo.jsonc /
  // kilo.json in `.kilo/` and the project root, user `$XDG_CONFIG_HOME/kilo/kilo.jsonc` (where `kilo mcp
  // add` writes, with this `$schema`). JSONC. It still reads the Kilo Code ≤ 4 files `.kilocode/mcp.json`
  // and `.kilo/mcp.json` (its kilocode mcp-migrator: JSON.parse, `mcpServers`; `kilo mcp list` connects a
  // server from `.kilocode/mcp.json` alone [RUN]): patchbay lists, checks and edits them where they exist,
  // last in precedence, so a project with a kilo.jsonc gets its entry there; they are never created.
  // XDG on every OS as in OpenCode (xdg-basedir); Windows UNVERIFIED.
  {
    id: 'kilo', displayName: 'Kilo Code', binaries: ['kilo'], tolerance: 'jsonc', container: ['mcp'], style: KILO_STYLE,
    skeleton: { $schema: 'https://app.kilo.ai/config.json' }, userStyle: KILO_USER_STYLE,
    detectDirs: everyOs('$XDG_CONFIG_HOME/kilo'), projectEvidence: ['.kilo', '.kilocode'],
    projectFiles: ['.kilo/kilo.jsonc', '.kilo/kilo.json', 'kilo.jsonc', 'kilo.json', '.kilo/mcp.json', '.kilocode/mcp.json'],
    otherShapes: {
      '.kilo/mcp.json': { container: ['mcpServers'], style: KILO_LEGACY_STYLE, tolerance: 'strict' },
      '.kilocode/mcp.json': { container: ['mcpServers'], style: KILO_LEGACY_STYLE, tolerance: 'strict' },
    },
    userFiles: everyOs('$XDG_CONFIG_HOME/kilo/kilo.jsonc', '$XDG_CONFIG_HOME/kilo/kilo.json'),
  },
  // charmbracelet/crush internal/config/load.go @37f36e93: `.crush.json`, `crush.json`; json.Valid
  // (strict); user file under home.Config() = XDG_CONFIG_HOME or ~/.config on every OS, Windows too;
  // CRUSH_GLOBAL_CONFIG replaces the folder. The data-dir crush.json is Crush's state: not ours.
  {
    id: 'crush', displayName: 'Crush', binaries: ['crush'], tolerance: 'strict', container: ['mcp'], style: CRUSH_STYLE,
    detectDirs: everyOs('${CRUSH_GLOBAL_CONFIG:-$XDG_CONFIG_HOME/crush}'), projectFiles: ['.crush.json', 'crush.json'],
    userFiles: everyOs('${CRUSH_GLOBAL_CONFIG:-$XDG_CONFIG_HOME/crush}/crush.json'),
  },
  // RUN @factory/cli-linux-x64@0.225.2: `.factory/mcp.json` and `~/.factory/mcp.json`; a file with
  // comments was silently ignored → strict. FACTORY_HOME_OVERRIDE replaces `~` [SRC binary strings].
  {
    id: 'factory-droid', displayName: 'Factory Droid', binaries: ['droid'], tolerance: 'strict', container: ['mcpServers'], style: DROID_STYLE,
    detectDirs: everyOs('${FACTORY_HOME_OVERRIDE:-~}/.factory'), projectFiles: ['.factory/mcp.json'], projectEvidence: ['.factory'],
    userFiles: everyOs('${FACTORY_HOME_OVERRIDE:-~}/.factory/mcp.json'),
  },
  // lmstudio.ai/docs/app/mcp: `~/.lmstudio/mcp.json`; older installs keep `~/.cache/lm-studio`
  // (lmstudio-bug-tracker#1371). User only. Tolerance UNVERIFIED → strict.
  {
    id: 'lm-studio', displayName: 'LM Studio', binaries: ['lms'], tolerance: 'strict', container: ['mcpServers'], style: LM_STUDIO_STYLE,
    detectDirs: everyOs('~/.lmstudio', '~/.cache/lm-studio'), projectFiles: [], userFiles: everyOs('~/.lmstudio/mcp.json', '~/.cache/lm-studio/mcp.json'),
  },
  // jetbrains.com/help/junie/model-context-protocol-mcp.html: `.junie/mcp/mcp.json` and `~/.junie/mcp/mcp.json`
  // (real repos also commit `.junie/mcp.json`, not the documented path: not written). Tolerance UNVERIFIED → strict.
  {
    id: 'junie', displayName: 'Junie', binaries: ['junie'], tolerance: 'strict', container: ['mcpServers'], style: JUNIE_STYLE,
    detectDirs: everyOs('~/.junie'), projectFiles: ['.junie/mcp/mcp.json'], projectEvidence: ['.junie'], userFiles: everyOs('~/.junie/mcp/mcp.json'),
  },
  // mcpm.sh's client table (docs/hosts-catalog.md) and real `.trae/mcp.json` files: a VS Code fork's
  // user folder. Not checked against Trae's own docs: UNVERIFIED → strict, stdio only.
  {
    id: 'trae', displayName: 'Trae', binaries: ['trae'], tolerance: 'strict', container: ['mcpServers'], style: TRAE_STYLE,
    detectDirs: { linux: ['$XDG_CONFIG_HOME/Trae'], darwin: ['~/Library/Application Support/Trae'], win32: ['%APPDATA%/Trae'] },
    projectFiles: ['.trae/mcp.json'], projectEvidence: ['.trae'], userFiles: vsCodeUser('Trae', '/mcp.json'),
  },
  // gleanwork/mcp-config#110 (2.x desktop and `agy` CLI: ~/.gemini/config) and github-mcp-server's
  // install guide (1.x IDE: ~/.gemini/antigravity). User only. Tolerance UNVERIFIED → strict.
  {
    id: 'antigravity', displayName: 'Antigravity', binaries: ['agy', 'antigravity'], tolerance: 'strict', container: ['mcpServers'], style: ANTIGRAVITY_STYLE,
    detectDirs: everyOs('~/.gemini/config', '~/.gemini/antigravity'), projectFiles: [],
    userFiles: everyOs('~/.gemini/config/mcp_config.json', '~/.gemini/antigravity/mcp_config.json'),
  },
  // ampcode.com/manual and corpus/amp/001: `~/.config/amp/settings.json` (literal ~/.config; whether
  // Amp follows XDG is UNVERIFIED), project `.amp/settings.json`. The container is ONE key with a dot,
  // `amp.mcpServers`, next to other `amp.*` keys. Tolerance UNVERIFIED → strict.
  {
    id: 'amp', displayName: 'Amp', binaries: ['amp'], tolerance: 'strict', container: ['amp.mcpServers'], style: AMP_STYLE,
    detectDirs: everyOs('~/.config/amp'), projectFiles: ['.amp/settings.json'], projectEvidence: ['.amp'], userFiles: everyOs('~/.config/amp/settings.json'),
  },
  // --- Hosts added for issue 26. Each cites where its file and key come from; "UNVERIFIED" means only a
  // rival's catalog (docs/hosts-catalog.md) or one docs example was at hand: strict JSON, stdio only,
  // no references, and the files named there only.
  //
  // Kimi Code CLI (moonshotai.github.io/kimi-code/zh/customization/mcp): user `~/.kimi-code/mcp.json`
  // (or `$KIMI_CODE_HOME/mcp.json`), project `.kimi-code/mcp.json`, project entries override user ones.
  // `mcpServers`; `command` = stdio, `url` = HTTP. Tolerance UNVERIFIED → strict.
  {
    id: 'kimi', displayName: 'Kimi Code', binaries: ['kimi'], tolerance: 'strict', container: ['mcpServers'], style: KIMI_STYLE,
    detectDirs: everyOs('${KIMI_CODE_HOME:-~/.kimi-code}'), projectFiles: ['.kimi-code/mcp.json'], projectEvidence: ['.kimi-code'],
    userFiles: everyOs('${KIMI_CODE_HOME:-~/.kimi-code}/mcp.json'),
  },
  // Pi coding agent with pi-mcp-adapter (docs/hosts-catalog.md, add-mcp): `.pi/mcp.json`, `~/.pi/agent/mcp.json`. UNVERIFIED.
  {
    id: 'pi', displayName: 'Pi', binaries: ['pi'], tolerance: 'strict', container: ['mcpServers'], style: PI_STYLE,
    detectDirs: everyOs('~/.pi'), projectFiles: ['.pi/mcp.json'], projectEvidence: ['.pi'], userFiles: everyOs('~/.pi/agent/mcp.json'),
  },
  // Visual Studio 2022 17.14+ / 2026 (learn.microsoft.com/visualstudio/ide/mcp-servers): `%USERPROFILE%\.mcp.json`
  // and the solution's files, `servers` as VS Code's format. Project: `.vs/mcp.json` only — the solution-root
  // `.mcp.json` is Claude Code's file with another container (`mcpServers`), and one file cannot hold both
  // layouts' entry for the same server. Windows only: no user file elsewhere. Tolerance UNVERIFIED → strict.
  {
    id: 'visual-studio', displayName: 'Visual Studio', binaries: [], tolerance: 'strict', container: ['servers'], style: VISUAL_STUDIO_STYLE,
    detectDirs: { win32: ['%LOCALAPPDATA%/Microsoft/VisualStudio'], linux: [] }, projectFiles: ['.vs/mcp.json'], projectEvidence: ['.vs'],
    userFiles: { win32: ['%USERPROFILE%/.mcp.json'], linux: [] },
  },
  // Firebase Studio (firebase.google.com/docs/studio/mcp-servers): the interactive chat reads `.idx/mcp.json`
  // with `mcpServers`. A cloud workspace: project file only. Tolerance UNVERIFIED → strict.
  {
    id: 'firebase-studio', displayName: 'Firebase Studio', binaries: [], tolerance: 'strict', container: ['mcpServers'], style: FIREBASE_STUDIO_STYLE,
    detectDirs: {}, projectFiles: ['.idx/mcp.json'], projectEvidence: ['.idx'], userFiles: {},
  },
  // Firebender (docs.firebender.com/api-reference/syntax): project `<root>/firebender.json`, personal
  // `~/.firebender/firebender.json`, `mcpServers` merged (personal wins). Tolerance UNVERIFIED → strict.
  {
    id: 'firebender', displayName: 'Firebender', binaries: [], tolerance: 'strict', container: ['mcpServers'], style: FIREBENDER_STYLE,
    detectDirs: everyOs('~/.firebender'), projectFiles: ['firebender.json'], projectEvidence: ['firebender.json'], userFiles: everyOs('~/.firebender/firebender.json'),
  },
  // Mastra Code (docs/hosts-catalog.md, one rival): `.mastracode/mcp.json`; user `~/.mastracode/mcp.json`. UNVERIFIED.
  {
    id: 'mastra-code', displayName: 'Mastra Code', binaries: ['mastracode'], tolerance: 'strict', container: ['mcpServers'], style: MASTRA_CODE_STYLE,
    detectDirs: everyOs('~/.mastracode'), projectFiles: ['.mastracode/mcp.json'], projectEvidence: ['.mastracode'], userFiles: everyOs('~/.mastracode/mcp.json'),
  },
  // 5ire (docs/hosts-catalog.md): `~/.config/5ire/mcp.json`; an Electron app, so macOS/Windows keep it in the
  // app-data folder named like the app (UNVERIFIED, as the Linux path).
  {
    id: '5ire', displayName: '5ire', binaries: [], tolerance: 'strict', container: ['mcpServers'], style: FIVE_IRE_STYLE,
    detectDirs: { linux: ['$XDG_CONFIG_HOME/5ire'], darwin: ['~/Library/Application Support/5ire'], win32: ['%APPDATA%/5ire'] }, projectFiles: [],
    userFiles: { linux: ['$XDG_CONFIG_HOME/5ire/mcp.json'], darwin: ['~/Library/Application Support/5ire/mcp.json'], win32: ['%APPDATA%/5ire/mcp.json'] },
  },
  // Enconvo (docs/hosts-catalog.md): `~/.config/enconvo/mcp_config.json` (a macOS app; the literal ~/.config). UNVERIFIED.
  {
    id: 'enconvo', displayName: 'Enconvo', binaries: [], tolerance: 'strict', container: ['mcpServers'], style: ENCONVO_STYLE,
    detectDirs: everyOs('~/.config/enconvo'), projectFiles: [], userFiles: everyOs('~/.config/enconvo/mcp_config.json'),
  },
  // BoltAI (docs/hosts-catalog.md): `~/.boltai/mcp.json` (macOS app). UNVERIFIED.
  {
    id: 'boltai', displayName: 'BoltAI', binaries: [], tolerance: 'strict', container: ['mcpServers'], style: BOLTAI_STYLE,
    detectDirs: everyOs('~/.boltai'), projectFiles: [], userFiles: everyOs('~/.boltai/mcp.json'),
  },
  // Tome (docs/hosts-catalog.md): `~/.tome/mcp_config.json`. UNVERIFIED.
  {
    id: 'tome', displayName: 'Tome', binaries: [], tolerance: 'strict', container: ['mcpServers'], style: TOME_STYLE,
    detectDirs: everyOs('~/.tome'), projectFiles: [], userFiles: everyOs('~/.tome/mcp_config.json'),
  },
  // Augment's Auggie CLI (augmentcode.com changelog 0.5.4: "Configure MCP servers in your settings file
  // (~/.augment/settings.json)", `auggie mcp add|list|remove`). The `mcpServers` map shape is UNVERIFIED
  // (rulesync writes a list for the IDE extension's settings, which is another file) → strict, stdio only.
  {
    id: 'augment', displayName: 'Augment (Auggie CLI)', binaries: ['auggie'], tolerance: 'strict', container: ['mcpServers'], style: AUGMENT_STYLE,
    detectDirs: everyOs('~/.augment'), projectFiles: [], userFiles: everyOs('~/.augment/settings.json'),
  },
  // MCPorter (docs/hosts-catalog.md): project `config/mcporter.json`, user `~/.mcporter/mcporter.json`, `mcpServers`. UNVERIFIED.
  {
    id: 'mcporter', displayName: 'MCPorter', binaries: ['mcporter'], tolerance: 'strict', container: ['mcpServers'], style: MCPORTER_STYLE,
    detectDirs: everyOs('~/.mcporter'), projectFiles: ['config/mcporter.json'], projectEvidence: ['config/mcporter.json'], userFiles: everyOs('~/.mcporter/mcporter.json'),
  },
  // Amazon Bedrock Client for Mac (docs/hosts-catalog.md): `~/Amazon Bedrock Client/mcp_config.json`. UNVERIFIED.
  {
    id: 'bedrock-client', displayName: 'Amazon Bedrock Client', binaries: [], tolerance: 'strict', container: ['mcpServers'], style: BEDROCK_CLIENT_STYLE,
    detectDirs: everyOs('~/Amazon Bedrock Client'), projectFiles: [], userFiles: everyOs('~/Amazon Bedrock Client/mcp_config.json'),
  },
  // Windsurf's JetBrains plugin (ToolHive's client table, docs/hosts-catalog.md): `~/.codeium/mcp_config.json`,
  // Windsurf's format. Tolerance UNVERIFIED → strict.
  {
    id: 'windsurf-jetbrains', displayName: 'Windsurf (JetBrains)', binaries: [], tolerance: 'strict', container: ['mcpServers'], style: WINDSURF_JETBRAINS_STYLE,
    detectDirs: everyOs('~/.codeium'), projectFiles: [], userFiles: everyOs('~/.codeium/mcp_config.json'),
  },
];
