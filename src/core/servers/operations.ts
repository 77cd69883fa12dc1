// Every write command as ONE plan: init, add, remove, update, sync, migrate and uninstall decide, server
// by server, what changes (changes.ts); every (host × server) edit is stacked on one overlay, with the
// manifest (patchbay.jsonc) and managed.json that record what patchbay manages, the hashes of what it
// wrote, and the folders it created. The CLI, the MCP server's `plan` and the library all call this.
import type { Diagnostic } from '../../diagnostics.js';
import { hasErrors, uniqueDiagnostics } from '../../diagnostics.js';
import type { HostContext, HostId, HostPlan, Scope } from '../../installers/types.js';
import type { Plan } from '../../rollback/types.js';
import type { ServerSpec } from '../../servers/spec.js';
import { PACKAGE_NAME, PATCHBAY_VERSION } from '../../version.js';
import type { Environment } from '../environment.js';
import type { HostChoice, HostSource } from '../host-selection.js';
import { loadManifest, manifestPath } from '../manifest/manifest.js';
import { readRecordsIn, recordsPath, stageRecords, type Records } from './records.js';
import { planOfOverlay } from '../overlay-plan.js';
import { literalSecrets } from './secrets.js';
import { specProblems } from '../../servers/validate.js';
import { managedServers, splitManaged, specsOf, type ManagedServer, type RecordHome } from './managed-set.js';
import { decideChanges, type ServerOp } from './changes.js';
import { recordWritten } from './record-written.js';
import { emptiedDirs } from './prune.js';
import { stageManifest } from './stage-manifest.js';

export type ServerAction = 'init' | 'add' | 'remove' | 'update' | 'sync' | 'migrate' | 'uninstall';

export interface ServersRequest {
  action: ServerAction;
  /** add: the servers; update: the new specs (resolved by the caller); init: patchbay's own (default: the recorded one, else this version). */
  servers?: Readonly<Record<string, ServerSpec>>;
  /** remove: names only. */
  names?: readonly string[];
  hosts?: readonly string[];
  scope?: Scope;
  /** Overwrite (or remove) entries edited by hand since patchbay wrote them. */
  force?: boolean;
  /** Take over a same-name entry patchbay does not manage. */
  adopt?: boolean;
  allowLiteralSecrets?: boolean;
  /**
   * Record new project-scope servers in patchbay.jsonc (default true: the CLI's lockfile). A CLI that
   * registers its own server through the library passes false: ownership then lives in managed.json
   * only, and the user's project gains no file it did not ask for.
   */
  writeManifest?: boolean;
  /** A new server with nothing detected: the generic user file (CLI, default) or no host (library). */
  fallback?: 'generic' | 'none';
  /** `--opencode-version`: selects the OpenCode dialect without probing. */
  opencodeVersion?: string;
}

export interface Placement {
  name: string;
  hosts: HostId[];
  scope: Scope;
  /** Where the server is recorded after the plan: patchbay.jsonc or patchbay's state dir. */
  recordedIn: RecordHome;
}

export interface ServersPlan {
  plan: Plan;
  hostPlans: HostPlan[];
  diagnostics: Diagnostic[];
  /** Every host this plan is about, once each. */
  hosts: HostId[];
  /** The scope of the servers planned (the first one's when they differ). */
  scope: Scope;
  /** Where each planned server goes (or is removed from). */
  placements: Placement[];
  /** Every server patchbay manages here after this plan. */
  servers: Record<string, ServerSpec>;
  /** How the hosts of a new server were chosen (init's and add's "Hosts (detected): …" line). */
  choice?: HostChoice;
  source: HostSource;
  command: string;
}

export async function planServers(environment: Environment, ctx: HostContext, request: ServersRequest): Promise<ServersPlan> {
  const { PlanningOverlay, planOperations } = await import('../../installers/index.js');
  const overlay = new PlanningOverlay();
  const manifest = await loadManifest(ctx.projectDir);
  const recordsFile = recordsPath(environment.stateDir);
  const records: Records = await readRecordsIn(overlay, recordsFile);
  const before = managedServers(manifest?.model ?? null, records, ctx.projectDir);
  const decided = await decideChanges(ctx, request, { managed: before, records, defaults: manifest?.model.defaults ?? {}, hasManifest: manifest !== null });
  const invalid = invalidServers(decided.ops);
  const diagnostics: Diagnostic[] = [...decided.diagnostics, ...invalid.diagnostics, ...secretDiagnostics(decided.ops, request)];

  // An invalid server is refused as a whole and not planned at all (its entry would hold the bad value).
  const refused = invalid.names;
  const operations = decided.ops.filter((op) => !refused.has(op.name)).flatMap((op) => op.hosts.map((host) => ({ host, scope: op.scope, binding: op.binding, action: op.action, replace: op.replace })));
  const description = describeOps(request.action, decided.ops);
  const result = await planOperations(ctx, operations, { description, overlay, ...(request.opencodeVersion !== undefined ? { opencodeVersion: request.opencodeVersion } : {}) });
  diagnostics.push(...result.diagnostics);

  let removeDirs: string[] = [];
  if (!hasErrors(diagnostics)) {
    const hostChanges = await overlay.changes();
    const after: ManagedServer[] = decided.next;
    const recordsChanged = JSON.stringify(before) !== JSON.stringify(after);
    if (hostChanges.length > 0 || recordsChanged) {
      await recordWritten(ctx, overlay, decided.ops, records);
      for (const dir of result.plan.createDirs) if (!records.createdDirs.includes(dir)) records.createdDirs.push(dir);
      const manifestServers = splitManaged(after, records, ctx.projectDir);
      await stageManifest(overlay, manifestPath(ctx.projectDir), manifest, manifestServers, { removing: decided.removing });
      removeDirs = await emptiedDirs(await overlay.changes(), records.createdDirs);
      records.createdDirs = records.createdDirs.filter((d) => !removeDirs.includes(d));
      await stageRecords(overlay, recordsFile, records);
    }
  }
  const plan = await planOfOverlay(result.plan.description, overlay, result.plan.createDirs);
  if (removeDirs.length > 0) plan.removeDirs = removeDirs;
  const homeOf = (name: string, scope: Scope): RecordHome =>
    [...decided.next, ...before].find((m) => m.name === name && m.scope === scope)?.home ?? 'state';
  const placements = decided.ops.filter((o) => !o.sweep).map((o) => ({ name: o.name, hosts: o.hosts, scope: o.scope, recordedIn: homeOf(o.name, o.scope) }));
  const hosts = [...new Set(decided.ops.flatMap((o) => o.hosts))];
  return {
    plan,
    hostPlans: result.hostPlans,
    diagnostics: uniqueDiagnostics(diagnostics),
    hosts,
    scope: decided.ops[0]?.scope ?? request.scope ?? manifest?.model.defaults.scope ?? 'project',
    placements: dedupePlacements(placements),
    servers: specsOf(decided.next),
    ...(decided.choice ? { choice: decided.choice } : {}),
    source: decided.source,
    command: `npx --yes ${PACKAGE_NAME}@${PATCHBAY_VERSION} ${request.action}`,
  };
}

/**
 * The one validator (servers/validate.ts) over every server this plan installs: the library and the
 * MCP `plan` tool reach here without the CLI's flag checks, and a manifest is checked when it is read.
 */
function invalidServers(ops: readonly ServerOp[]): { diagnostics: Diagnostic[]; names: Set<string> } {
  const diagnostics: Diagnostic[] = [];
  const names = new Set<string>();
  const seen = new Set<string>();
  for (const op of ops) {
    if (op.action !== 'install' || !op.spec || seen.has(op.name)) continue;
    seen.add(op.name);
    for (const problem of specProblems(op.name, op.spec, { ownPackage: PACKAGE_NAME })) {
      names.add(op.name);
      diagnostics.push({ code: 'invalid-server', severity: 'error', message: `${op.name}: ${problem.where}: ${problem.message}` });
    }
  }
  return { diagnostics, names };
}

/**
 * Secrets by reference, enforced: a literal that looks like a secret, bound for a PROJECT file (one
 * people commit), is refused; `--allow-literal-secrets` overrides.
 */
function secretDiagnostics(ops: readonly ServerOp[], request: ServersRequest): Diagnostic[] {
  if (request.allowLiteralSecrets) return [];
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const op of ops) {
    if (op.action !== 'install' || op.scope !== 'project' || !op.spec || seen.has(op.name)) continue;
    seen.add(op.name);
    for (const secret of literalSecrets(op.spec)) {
      out.push({
        code: 'literal-secret-in-project-file', severity: 'error',
        message: `${op.name}: ${secret.where} holds a literal value that looks like a secret, and project files are committed`,
        hint: secret.where.startsWith('url')
          ? `keep the secret out of the URL: send it as a header that references a variable, e.g. --header 'Authorization: Bearer \${env:TOKEN}', or pass --allow-literal-secrets`
          : `reference it instead, e.g. --env NAME='\${env:NAME}' (each host gets its own syntax), or pass --allow-literal-secrets`,
      });
    }
  }
  return out;
}

/** The history line: "add fs → cursor,vscode (project)"; a sweep names no hosts (it is every host in scope). */
function describeOps(action: ServerAction, ops: readonly ServerOp[]): string {
  const names = [...new Set(ops.map((o) => o.name))].join(',') || 'nothing';
  const placed = [...new Set(ops.filter((o) => !o.sweep).flatMap((o) => o.hosts))];
  const scopes = [...new Set(ops.map((o) => o.scope))].join(',');
  return `${action} ${names}${placed.length > 0 ? ` → ${placed.join(',')}` : ''}${scopes ? ` (${scopes})` : ''}`;
}

function dedupePlacements(placements: Placement[]): Placement[] {
  const byKey = new Map<string, Placement>();
  for (const p of placements) {
    const key = `${p.name}\0${p.scope}`;
    const known = byKey.get(key);
    if (known) known.hosts = [...new Set([...known.hosts, ...p.hosts])];
    else byKey.set(key, { ...p, hosts: [...p.hosts] });
  }
  return [...byKey.values()];
}
