// The host catalog as data: every host patchbay knows, in one list. It has no imports on purpose, so
// the argv parser and the MCP server's input schemas can read it at start-up for free. A host with
// `supported: true` has a HostRecord in catalog.ts (a test fails when the two lists disagree); the
// others are hosts users name that patchbay has no record for yet, so `--host gemini` is told so
// instead of being called a typo.

export interface HostInfo {
  id: string;
  displayName: string;
  supported: boolean;
}

export const HOST_INFO = [
  { id: 'opencode', displayName: 'OpenCode', supported: true },
  { id: 'claude-code', displayName: 'Claude Code', supported: true },
  { id: 'cursor', displayName: 'Cursor', supported: true },
  { id: 'generic', displayName: 'generic mcp.json', supported: true },
  { id: 'vscode', displayName: 'VS Code', supported: true },
  { id: 'vscode-insiders', displayName: 'VS Code Insiders', supported: true },
  { id: 'gemini', displayName: 'Gemini CLI', supported: true },
  { id: 'qwen-code', displayName: 'Qwen Code', supported: true },
  { id: 'copilot-cli', displayName: 'GitHub Copilot CLI', supported: true },
  { id: 'windsurf', displayName: 'Windsurf', supported: true },
  { id: 'zed', displayName: 'Zed', supported: true },
  { id: 'claude-desktop', displayName: 'Claude Desktop', supported: true },
  { id: 'cline', displayName: 'Cline (VS Code extension)', supported: true },
  { id: 'cline-cli', displayName: 'Cline CLI', supported: true },
  { id: 'roo', displayName: 'Roo Code', supported: true },
  { id: 'kiro', displayName: 'Kiro', supported: true },
  { id: 'amazon-q', displayName: 'Amazon Q Developer', supported: true },
  { id: 'kilo', displayName: 'Kilo Code', supported: true },
  { id: 'crush', displayName: 'Crush', supported: true },
  { id: 'factory-droid', displayName: 'Factory Droid', supported: true },
  { id: 'lm-studio', displayName: 'LM Studio', supported: true },
  { id: 'junie', displayName: 'Junie', supported: true },
  { id: 'trae', displayName: 'Trae', supported: true },
  { id: 'antigravity', displayName: 'Antigravity', supported: true },
  { id: 'amp', displayName: 'Amp', supported: true },
  { id: 'codex', displayName: 'Codex', supported: true },
  { id: 'grok', displayName: 'Grok', supported: true },
  { id: 'mistral-vibe', displayName: 'Mistral Vibe', supported: true },
  { id: 'goose', displayName: 'Goose', supported: true },
  { id: 'continue', displayName: 'Continue', supported: true },
  { id: 'kimi', displayName: 'Kimi Code', supported: true },
  { id: 'pi', displayName: 'Pi', supported: true },
  { id: 'visual-studio', displayName: 'Visual Studio', supported: true },
  { id: 'firebase-studio', displayName: 'Firebase Studio', supported: true },
  { id: 'firebender', displayName: 'Firebender', supported: true },
  { id: 'mastra-code', displayName: 'Mastra Code', supported: true },
  { id: '5ire', displayName: '5ire', supported: true },
  { id: 'enconvo', displayName: 'Enconvo', supported: true },
  { id: 'boltai', displayName: 'BoltAI', supported: true },
  { id: 'tome', displayName: 'Tome', supported: true },
  { id: 'augment', displayName: 'Augment (Auggie CLI)', supported: true },
  { id: 'mcporter', displayName: 'MCPorter', supported: true },
  { id: 'bedrock-client', displayName: 'Amazon Bedrock Client', supported: true },
  { id: 'windsurf-jetbrains', displayName: 'Windsurf (JetBrains)', supported: true },
  { id: 'librechat', displayName: 'LibreChat', supported: true },
  // Known (docs/hosts-catalog.md), no record yet. OpenHands keeps servers in `config.toml` as inline
  // arrays (`[mcp] stdio_servers = [{…}]`), a layout the TOML document does not edit yet; Witsy's
  // settings.json and Qoder's file were not confirmed in their own docs or source.
  { id: 'openhands', displayName: 'OpenHands', supported: false },
  { id: 'witsy', displayName: 'Witsy', supported: false },
  { id: 'qoder', displayName: 'Qoder', supported: false },
] as const satisfies readonly HostInfo[];

/** A host patchbay can write, as a type: the library's `hosts` is typed with it, so a misspelt id does not compile. */
export type SupportedHostId = Extract<(typeof HOST_INFO)[number], { supported: true }>['id'];

/** The hosts patchbay can write, in catalog order. */
export const HOST_IDS: readonly string[] = HOST_INFO.filter((h) => h.supported).map((h) => h.id);

/** Hosts patchbay knows of but has no record for yet. */
export const PLANNED_HOST_IDS: readonly string[] = HOST_INFO.filter((h) => !h.supported).map((h) => h.id);
