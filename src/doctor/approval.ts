// Claude Code starts a project `.mcp.json` server only once the workspace is trusted AND the server is
// approved (hosts.md §3.5, checked against 2.1.332). The decision is pure over already-parsed values;
// reading the files lives in host-files.ts.
import type { Approval } from './types.js';

export interface ClaudeApprovalInputs {
  /** `~/.claude.json` → `projects[<abs project dir>]`, when present. */
  project: unknown;
  /** Parsed settings files: `~/.claude/settings.json`, `.claude/settings.json`, `.claude/settings.local.json`. */
  settings: readonly unknown[];
}

type Obj = Record<string, unknown>;

function obj(value: unknown): Obj {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Obj) : {};
}

function lists(value: unknown, key: string, name: string): boolean {
  const list = obj(value)[key];
  return Array.isArray(list) && list.includes(name);
}

export function claudeProjectApproval(name: string, inputs: ClaudeApprovalInputs): Approval {
  const sources = [inputs.project, ...inputs.settings];
  // A refusal is the user's explicit choice: the server is not started at all.
  if (sources.some((s) => lists(s, 'disabledMcpjsonServers', name))) {
    return { state: 'disabled', reason: `listed in disabledMcpjsonServers` };
  }
  if (obj(inputs.project).hasTrustDialogAccepted !== true) {
    // Without trust Claude Code ignores every approval setting, so naming them would mislead.
    return { state: 'pending', reason: 'the project is not trusted yet (run `claude` in it and accept the trust dialog)' };
  }
  const approved = sources.some((s) => lists(s, 'enabledMcpjsonServers', name) || obj(s).enableAllProjectMcpServers === true);
  if (approved) return { state: 'approved' };
  return { state: 'pending', reason: 'not approved (run `claude` in the project and approve it, or list it in enabledMcpjsonServers)' };
}
