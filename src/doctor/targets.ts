// Host files → Targets: finds each selected host's files through its host record (the same
// candidates `status` reads), parses them with the record's codec, lists the entries of the record's
// places, and turns every entry into a Target with its launch resolved against the current
// environment, decoded with the place's entry style. Every catalog host is read; there is no
// doctor-only table of hosts. Reads files only; starts nothing.
import { readdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { createHostContext, hostRecord, supportsScope } from '../installers/index.js';
import { codecOf, type HostRecord } from '../installers/host-core.js';
import { HOST_IDS, type HostContext, type HostId, type Scope } from '../installers/types.js';
import { ConsentReader, type Consent } from '../installers/trust.js';
import { fileEntries, localEntries, placesOf, type RawEntry } from './host-entries.js';
import { readHostFile } from './host-file.js';
import { launchFromEntry } from './launch.js';
import { hostRefs } from './ref-syntax.js';
import type { Target, Withheld } from './types.js';

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

/** The folder keys a host may use for this project in a user file (it records the real path). */
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

/** What a host that would not start the server says instead (Withheld), or that the user refused it. */
function withheldOf(consent: Consent): Withheld | { refused: string } | undefined {
  switch (consent.state) {
    case 'consented':
      return undefined;
    case 'refused':
      return { refused: consent.reason };
    case 'unknown':
      return { status: 'untrusted', reason: consent.reason, how: consent.how, unknownRules: true };
    default:
      return { status: consent.state, reason: consent.reason, how: consent.how };
  }
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
  const consents = new ConsentReader(ctx);

  for (const host of hosts) {
    const record = hostRecord(host);
    const urlNeedsType = record.launch?.urlNeedsType === true;
    for (const scope of scopes) {
      if (!supportsScope(record, scope)) continue;
      for (const file of await scopeFiles(record, ctx, scope)) {
        const places = placesOf(record, ctx, scope, file);
        const parsed = await readHostFile(file, codecOf(record, ctx, file, scope));
        if (!parsed.exists) continue;
        if (!read.files.includes(file)) read.files.push(file);
        read.diagnostics.push(...parsed.diagnostics.map((d) => ({ ...d, host })));
        const doc = parsed.doc;
        if (doc === undefined) continue;
        const listed = fileEntries(doc, places, file, ctx.platform);
        read.diagnostics.push(...listed.diagnostics.map((d) => ({ ...d, host })));

        const groups: Array<{ scope: Target['scope']; entries: RawEntry[] }> = [{ scope, entries: listed.entries }];
        const local = record.launch?.localScope;
        if (local !== undefined && scope === 'user' && places[0]) groups.push({ scope: 'local', entries: localEntries(doc, local, keys, places[0].style) });
        for (const group of groups) {
          for (const entry of group.entries) {
            const refs = hostRefs(record, entry.style);
            const converted = launchFromEntry(entry.style, entry.value, {
              refs: refs.rules,
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
            if (converted.result.kind !== 'disabled') {
              const withheld = withheldOf(await consents.consent(record, { name: entry.name, scope: group.scope, entry: entry.value }));
              if (withheld !== undefined && 'refused' in withheld) target.launch = { kind: 'disabled', reason: withheld.refused };
              else if (withheld !== undefined) target.withheld = withheld;
            }
            read.targets.push(target);
          }
        }
      }
    }
  }
  return read;
}
