// Host files → Targets: finds each selected host's files through its host record (the same
// candidates `status` reads), parses them with the record's codec, lists the entries of the record's
// places, and turns every entry into a Target with its launch resolved against the current
// environment, decoded with the place's entry style. Every catalog host is read; there is no
// doctor-only table of hosts. Reads files only; starts nothing.
import { readdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { createHostContext, hostRecord, supportsScope } from '../installers/index.js';
import type { HostRecord } from '../installers/host-core.js';
import { HOST_IDS, type HostContext, type HostId, type Scope } from '../installers/types.js';
import { claudeProjectApproval, type ClaudeApprovalInputs } from './approval.js';
import { claudeLocalEntries, fileEntries, placesOf, type RawEntry } from './host-entries.js';
import { readHostFile } from './host-file.js';
import { launchFromEntry } from './launch.js';
import { readJsonFile } from './read-json.js';
import { hostRefs } from './ref-syntax.js';
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

/**
 * The files of a scope. A host with a file per server (Continue's project `.continue/mcpServers/<name>.yaml`
 * blocks) names them by server, so its folder is listed and each file the record would name is kept.
 */
async function scopeFiles(record: HostRecord, ctx: HostContext, scope: Scope): Promise<string[]> {
  const one = record.files(ctx, scope, 'a') ?? [];
  const other = record.files(ctx, scope, 'b') ?? [];
  if (one.join('\0') === other.join('\0')) return record.files(ctx, scope) ?? [];
  const dir = path.dirname(one[0] ?? '');
  let names: string[];
  try {
    names = (await readdir(dir)).sort();
  } catch {
    return [];
  }
  const files: string[] = [];
  for (const name of names) {
    const stem = name.replace(/\.[^.]*$/, '');
    const candidate = path.join(dir, name);
    if (record.files(ctx, scope, stem)?.includes(candidate)) files.push(candidate);
  }
  return files;
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
    const record = hostRecord(host);
    // Claude Code skips a `url` entry without `type` (hosts.md §3.3): its one rule no style states.
    const urlNeedsType = host === 'claude-code';
    for (const scope of scopes) {
      if (!supportsScope(record, scope)) continue;
      const places = placesOf(record, ctx, scope);
      for (const file of await scopeFiles(record, ctx, scope)) {
        const parsed = await readHostFile(file, record.codec);
        if (!parsed.exists) continue;
        read.files.push(file);
        read.diagnostics.push(...parsed.diagnostics.map((d) => ({ ...d, host })));
        const doc = parsed.doc;
        if (doc === undefined) continue;
        const listed = fileEntries(doc, places, file, ctx.platform);
        read.diagnostics.push(...listed.diagnostics.map((d) => ({ ...d, host })));

        const groups: Array<{ scope: Target['scope']; entries: RawEntry[] }> = [{ scope, entries: listed.entries }];
        if (host === 'claude-code' && scope === 'user' && places[0]) {
          const local = projectRecord(doc.get([]), keys);
          if (local) groups.push({ scope: 'local', entries: claudeLocalEntries(doc, local.key, places[0].style) });
        }
        for (const group of groups) {
          for (const entry of group.entries) {
            const refs = hostRefs(host, record.displayName, entry.style);
            const converted = launchFromEntry(entry.style, entry.value, {
              syntax: refs.syntax,
              ...(refs.literalNote !== undefined ? { literalNote: refs.literalNote } : {}),
              hostName: record.displayName,
              urlNeedsType,
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
              ...(converted.notes !== undefined ? { notes: converted.notes } : {}),
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
