// Each host's rules for starting the servers a PROJECT's files configure, as data keyed by host id
// (joined into the host records by catalog.ts; evaluated by trust.ts). Sources: docs/host-facts.md
// "Consent", each checked against the pinned real CLI (test/e2e/consent.test.ts). A host missing here
// is `unknown`: patchbay has not verified what it does, so doctor starts its project servers only with
// --trust. Nothing here reads a file.
import type { HostTrust } from './types.js';

export const TRUST_FACTS: Readonly<Record<string, HostTrust>> = {
  // No consent step: `opencode mcp list` connects a fresh clone's opencode.jsonc (real-hosts.md §1).
  opencode: { project: 'none', how: 'OpenCode starts project servers without asking', source: 'real-hosts.md §1; OpenCode 1.18.33 [RUN]' },
  // Kilo CLI 7.7.9 (an OpenCode fork) and Droid 0.225.2 connected project servers in a fresh HOME.
  kilo: { project: 'none', how: 'Kilo starts project servers without asking', source: 'host-facts.md "kilo"; Kilo CLI 7.7.9 [RUN]' },
  'factory-droid': { project: 'none', how: 'Droid starts project servers without asking', source: 'host-facts.md "factory-droid"; Droid 0.225.2 [RUN]' },

  // Claude Code 2.1.332 (real-hosts.md §2 "Approval matrix"): `~/.claude/settings.json` approves
  // on its own; the project's settings files and the per-project record in ~/.claude.json count only
  // once the trust dialog was accepted for the project. A refusal anywhere wins.
  'claude-code': {
    project: 'gated',
    gates: [
      {
        kind: 'server-lists',
        refusal: 'needs-approval',
        sources: [
          { file: '${CLAUDE_CONFIG_DIR:-~/.claude}/settings.json', needsTrust: false },
          { file: '.claude/settings.json', needsTrust: true },
          { file: '.claude/settings.local.json', needsTrust: true },
          { file: '${CLAUDE_CONFIG_DIR:-~}/.claude.json', member: ['projects', '<project>'], needsTrust: true },
        ],
        approveAll: 'enableAllProjectMcpServers',
        approveList: 'enabledMcpjsonServers',
        deny: 'disabledMcpjsonServers',
        trust: { file: '${CLAUDE_CONFIG_DIR:-~}/.claude.json', member: ['projects', '<project>', 'hasTrustDialogAccepted'], equals: true },
      },
    ],
    how: 'run `claude` in the project and approve the server, or list it in enabledMcpjsonServers (or set enableAllProjectMcpServers) in ~/.claude/settings.json',
    source: 'real-hosts.md §2 "Approval matrix"; Claude Code 2.1.332 [RUN]',
  },

  // Copilot CLI 1.0.102: no workspace server is loaded unless the folder, or one it is in, is in
  // `trusted_folders` of ~/.copilot/config.json [RUN: a parent folder counts].
  'copilot-cli': {
    project: 'gated',
    gates: [{ kind: 'folder-list', refusal: 'untrusted', file: '${COPILOT_HOME:-~/.copilot}/config.json', member: ['trusted_folders'] }],
    how: 'run `copilot` in the project and trust the folder, or add it to "trusted_folders" in ~/.copilot/config.json',
    source: 'host-facts.md "copilot-cli"; Copilot CLI 1.0.102 [RUN]',
  },

  // Codex 0.171.0 reads `.codex/config.toml` only for `[projects."<abs>"] trust_level = "trusted"`
  // (the exact folder: a trusted parent did not count [RUN]).
  codex: {
    project: 'gated',
    gates: [{ kind: 'project-value', refusal: 'untrusted', file: '${CODEX_HOME:-~/.codex}/config.toml', codec: 'toml', member: ['projects', '<project>', 'trust_level'], equals: 'trusted' }],
    how: 'open the project in Codex once and trust it, or add a [projects."<project>"] table with trust_level = "trusted" to ~/.codex/config.toml',
    source: 'docs/hosts.md §7; Codex 0.171.0 [RUN]',
  },

  // Gemini CLI 0.61.0 packages/core/src/utils/trust.ts [SRC bundle]: GEMINI_RESTRICTED_MODE /
  // GEMINI_CLI_TRUST_WORKSPACE first, then `security.folderTrust.enabled` (default on), then the
  // longest rule of trustedFolders.json holding the folder (TRUST_PARENT trusts the rule's parent).
  // "User-level servers are also suppressed in untrusted folders" (its own warning).
  gemini: {
    project: 'gated',
    gates: [
      {
        kind: 'folder-rules',
        refusal: 'untrusted',
        file: '${GEMINI_CLI_HOME:-~}/.gemini/trustedFolders.json',
        fileVariable: 'GEMINI_CLI_TRUSTED_FOLDERS_PATH',
        levels: { TRUST_FOLDER: 'folder', TRUST_PARENT: 'parent', DO_NOT_TRUST: 'deny' },
        variables: [
          { name: 'GEMINI_RESTRICTED_MODE', value: 'true', trusted: false },
          { name: 'GEMINI_CLI_TRUST_WORKSPACE', value: 'false', trusted: false },
          { name: 'GEMINI_CLI_TRUST_WORKSPACE', value: 'true', trusted: true },
        ],
        switch: { file: '${GEMINI_CLI_HOME:-~}/.gemini/settings.json', member: ['security', 'folderTrust', 'enabled'], defaultOn: true },
        alsoUser: true,
      },
    ],
    how: 'run `gemini` in the project and trust the folder, or add it as "TRUST_FOLDER" to ~/.gemini/trustedFolders.json',
    source: 'host-facts.md "gemini"; Gemini CLI 0.61.0 [RUN, SRC trust.ts]',
  },

  // Qwen Code 0.24.4 packages/cli/src/config/mcpApprovals.ts and core/src/mcp/configHash.ts [SRC
  // bundle]: a workspace server starts once `qwen mcp approve` stored its hash (the entry after
  // variable expansion, keys sorted, scope/extensionName/description left out). Its folder trust is
  // off by default (`security.folderTrust.enabled ?? false`), so it is not a gate here.
  'qwen-code': {
    project: 'gated',
    gates: [
      {
        kind: 'approval-store',
        refusal: 'needs-approval',
        file: '${QWEN_HOME:-~/.qwen}/mcpApprovals.json',
        fileVariable: 'QWEN_CODE_MCP_APPROVALS_PATH',
        hashIgnores: ['scope', 'extensionName', 'description'],
        approved: 'approved',
      },
    ],
    how: 'run `qwen mcp approve <name>` in the project (with the same variables set), or approve it when Qwen Code asks',
    source: 'host-facts.md "qwen-code"; Qwen Code 0.24.4 [RUN, SRC mcpApprovals.ts]',
  },
};
