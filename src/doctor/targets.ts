// Host files → Targets: finds each selected host's files through the installers facade (the same
// candidates `status` reads), parses them, and turns every server entry into a Target with its
// launch resolved against the current environment. Reads files only; starts nothing.
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { createHostContext, hostRecord, supportsScope } from '../installers/index.js';
import { HOST_IDS, type HostContext, type HostId, type Scope } from '../installers/types.js';
import { claudeProjectApproval, type ClaudeApprovalInputs } from './approval.js';
import { claudeLocalEntries, DOCTOR_HOSTS, rawEntries, type RawEntry } from './host-entries.js';
import { launchFromEntry } from './launch.js';
import { readJsonFile } from './read-json.js';
import type { Target } from './types.js';

export interface ReadTargetsOptions {
  projectDir: string;
  home: string;
  env: Readonly<Record<string, string | undefined>>;
  platform?: NodeJS.Platform;
  /** Default: every host. */
  hosts?: readonly HostId[];
  /** Default: both. */
  scopes?: readonly Scope[];
}

export interface TargetsRead {
  targets: Target[];
  /** File-level problems (malformed file, wrong container type): those files contribute no target. */
  diagnostics: Diagnostic[];
  /** Absolute paths of the host files that exist and were read. */
  files: string[];
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined);

/** The keys Claude Code may have used for this project in ~/.claude.json (it records the real path). */
async function projectKeys(projectDir: string): Promise<string[]> {
  const keys = [path.resolve(projectDir)];
  try {
    const real = await realpath(projectDir);
    if (!keys.includes(real)) keys.push(real);
  } catch {
    // a project dir that does not exist has no entry either
  }
  return keys;
}

function projectRecord(claudeJson: unknown, keys: readonly string[]): { key: string; value: unknown } | undefined {
  const projects = obj(obj(claudeJson)?.projects);
  for (const key of keys) if (projects && key in projects) return { key, value: projects[key] };
  return undefined;
}

async function claudeApprovalInputs(ctx: HostContext, claudeJson: unknown, keys: readonly string[]): Promise<ClaudeApprovalInputs> {
  const configDir = ctx.env.CLAUDE_CONFIG_DIR && path.isAbsolute(ctx.env.CLAUDE_CONFIG_DIR) ? ctx.env.CLAUDE_CONFIG_DIR : path.join(ctx.home, '.claude');
  const files = [
    path.join(configDir, 'settings.json'),
    path.join(ctx.projectDir, '.claude', 'settings.json'),
    path.join(ctx.projectDir, '.claude', 'settings.local.json'),
  ];
  // Settings files are read tolerantly: an unreadable one just approves nothing.
  const settings = (await Promise.all(files.map((f) => readJsonFile(f, false)))).map((f) => f.value);
  return { project: projectRecord(claudeJson, keys)?.value, settings };
}

function containerDiagnostic(host: HostId, file: string, root: unknown): Diagnostic | undefined {
  const key = DOCTOR_HOSTS[host]?.shape === 'opencode' ? 'mcp' : 'mcpServers';
  const value = obj(root)?.[key];
  if (value === undefined || obj(value)) return undefined;
  return {
    code: 'invalid-shape',
    severity: 'error',
    host,
    path: file,
    pointer: `/${key}`,
    message: `\`${key}\` must be an object of servers, so the host reads no server from this file`,
    hint: `make \`${key}\` an object or remove it`,
  };
}

export async function readTargets(options: ReadTargetsOptions): Promise<TargetsRead> {
  const ctx = createHostContext({
    projectDir: options.projectDir,
    env: { ...options.env },
    home: options.home,
    ...(options.platform !== undefined ? { platform: options.platform } : {}),
  });
  const hosts = options.hosts ?? HOST_IDS;
  const scopes = options.scopes ?? (['project', 'user'] as const);
  const keys = await projectKeys(ctx.projectDir);
  const read: TargetsRead = { targets: [], diagnostics: [], files: [] };
  // ~/.claude.json is needed for approvals even when only the project scope is checked.
  const claudeUserFile = hostRecord('claude-code').files(ctx, 'user')?.[0];
  const claudeJson = claudeUserFile !== undefined && hosts.includes('claude-code') ? (await readJsonFile(claudeUserFile, true)).value : undefined;
  let approvalInputs: ClaudeApprovalInputs | undefined;

  for (const host of hosts) {
    const spec = DOCTOR_HOSTS[host];
    // A host doctor cannot read the launch of yet (no entry reader) is left out, not guessed at.
    if (!spec) continue;
    for (const scope of scopes) {
      const record = hostRecord(host);
      if (!supportsScope(record, scope)) continue;
      for (const file of record.files(ctx, scope) ?? []) {
        const parsed = await readJsonFile(file, spec.strict);
        if (!parsed.exists) continue;
        read.files.push(file);
        read.diagnostics.push(...parsed.diagnostics.map((d) => ({ ...d, host })));
        if (parsed.value === undefined) continue;
        const bad = containerDiagnostic(host, file, parsed.value);
        if (bad) read.diagnostics.push(bad);

        const groups: Array<{ scope: Target['scope']; entries: RawEntry[] }> = [{ scope, entries: rawEntries(spec.shape, parsed.value) }];
        if (host === 'claude-code' && scope === 'user') {
          const local = projectRecord(parsed.value, keys);
          if (local) groups.push({ scope: 'local', entries: claudeLocalEntries(parsed.value, local.key) });
        }
        for (const group of groups) {
          for (const entry of group.entries) {
            const converted = launchFromEntry(spec.shape, entry.value, {
              syntax: spec.syntax,
              urlNeedsType: spec.urlNeedsType,
              env: options.env,
              projectDir: ctx.projectDir,
              home: ctx.home,
            });
            if (converted.result.kind === 'override') continue;
            const target: Target = {
              host,
              scope: group.scope,
              file,
              name: entry.name,
              transport: converted.transport,
              display: converted.display,
              launch: converted.result,
            };
            if (host === 'claude-code' && group.scope === 'project' && converted.result.kind !== 'disabled') {
              approvalInputs ??= await claudeApprovalInputs(ctx, claudeJson, keys);
              const approval = claudeProjectApproval(entry.name, approvalInputs);
              if (approval.state === 'disabled') target.launch = { kind: 'disabled', reason: `Claude Code: ${approval.reason ?? 'disabled'}` };
              else if (approval.state === 'pending') target.pendingApproval = approval.reason ?? 'not approved';
            }
            read.targets.push(target);
          }
        }
      }
    }
  }
  return read;
}
