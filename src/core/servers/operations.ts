// add / remove / update / sync as ONE plan: every (host × server) edit stacked on one overlay, plus
// the manifest (project scope) or managed.json (user scope) that records what patchbay manages, and
// the hashes of what it wrote. The CLI, the MCP server's `plan` and the library API all call this.
import type { Diagnostic } from '../../diagnostics.js';
import { hasErrors } from '../../diagnostics.js';
import { PatchbayError } from '../../errors.js';
import type { HostContext, HostId, HostPlan, Scope } from '../../installers/types.js';
import type { Plan } from '../../rollback/types.js';
import type { ServerSpec } from '../../servers/spec.js';
import { PACKAGE_NAME, PATCHBAY_VERSION } from '../../version.js';
import type { Environment } from '../environment.js';
import { validateHosts } from '../host-ids.js';
import { loadManifest, manifestPath, renderManifest } from '../manifest/manifest.js';
import { manifestServers } from '../manifest/pin.js';
import { managedBinding } from './binding.js';
import { entryOf } from '../../installers/places.js';
import { entryHash, readRecordsIn, recordsPath, stageRecords, type Records } from './records.js';
import { planOfOverlay } from '../overlay-plan.js';
import { literalSecrets } from './secrets.js';

export type ServerAction = 'add' | 'remove' | 'update' | 'sync';

export interface ServersRequest {
  action: ServerAction;
  /** add: the one server; update: the new specs (resolved by the caller); remove: names only. */
  servers?: Readonly<Record<string, ServerSpec>>;
  names?: readonly string[];
  hosts?: readonly string[];
  scope?: Scope;
  /** Overwrite entries edited by hand since patchbay wrote them. */
  force?: boolean;
  /** Take over a same-name entry patchbay does not manage. */
  adopt?: boolean;
  allowLiteralSecrets?: boolean;
  /**
   * Record project-scope servers in patchbay.jsonc (default true: the CLI's lockfile). A CLI that
   * registers its own server through the library passes false: ownership then lives in managed.json
   * only, and the user's project gains no file it did not ask for.
   */
  writeManifest?: boolean;
}

export interface ServersPlan {
  plan: Plan;
  hostPlans: HostPlan[];
  diagnostics: Diagnostic[];
  hosts: HostId[];
  scope: Scope;
  /** What the manifest says after this plan (the servers patchbay manages at this scope). */
  servers: Record<string, ServerSpec>;
  command: string;
}

export async function planServers(environment: Environment, ctx: HostContext, request: ServersRequest): Promise<ServersPlan> {
  const installers = await import('../../installers/index.js');
  const { PlanningOverlay, planOperations, detectHosts, hostRecord, supportsScope, inspectHost, HOST_IDS } = installers;
  const projectManifest = await loadManifest(ctx.projectDir);
  const scope: Scope = request.scope ?? projectManifest?.manifest.scope ?? 'project';
  const overlay = new PlanningOverlay();
  const recordsFile = recordsPath(environment.stateDir);
  const records: Records = await readRecordsIn(overlay, recordsFile);
  const current: { hosts: string[]; servers: Record<string, ServerSpec> } = scope === 'project'
    ? { hosts: projectManifest ? [...projectManifest.manifest.hosts] : [], servers: projectManifest ? manifestServers(projectManifest.manifest) : {} }
    : { hosts: [...records.user.hosts], servers: { ...records.user.servers } };

  // Hosts: explicit, else the manifest's, else (adding the first server) the detected ones.
  let hosts: HostId[];
  if (request.hosts !== undefined) hosts = validateHosts(request.hosts);
  else if (current.hosts.length > 0) hosts = current.hosts;
  else if (request.action === 'add') {
    const found = (await detectHosts(ctx)).filter((d) => d.detected).map((d) => d.host);
    hosts = found.filter((h) => supportsScope(hostRecord(h), scope));
    if (hosts.length === 0) {
      throw new PatchbayError('usage', `No host detected with a ${scope}-scope file to add the server to.`, { hint: `pass --host with one or more of: ${HOST_IDS.join(', ')}` });
    }
  } else hosts = HOST_IDS.filter((h) => supportsScope(hostRecord(h), scope));

  // The manifest after this action, and which names to install / remove.
  const next = { ...current.servers };
  const install: string[] = [];
  const remove: string[] = [];
  if (request.action === 'add' || request.action === 'update') {
    for (const [name, spec] of Object.entries(request.servers ?? {})) {
      next[name] = spec;
      install.push(name);
    }
  } else if (request.action === 'remove') {
    for (const name of request.names ?? []) {
      if (!(name in current.servers)) {
        throw new PatchbayError('server-not-managed', `patchbay does not manage a server named '${name}' at ${scope} scope.`, {
          hint: Object.keys(current.servers).length > 0 ? `managed here: ${Object.keys(current.servers).join(', ')}` : 'nothing is managed here yet; `patchbay list` shows every server in every host file',
        });
      }
      delete next[name];
      remove.push(name);
    }
  } else {
    install.push(...Object.keys(next));
    // Entries patchbay wrote (it has their hash) whose server the manifest no longer lists.
    for (const file of Object.keys(records.entries)) for (const name of Object.keys(records.entries[file] ?? {})) {
      if (!(name in next) && !remove.includes(name)) remove.push(name);
    }
  }

  const diagnostics: Diagnostic[] = [];
  if (scope === 'project' && !request.allowLiteralSecrets) {
    for (const name of install) {
      for (const secret of literalSecrets(next[name] as ServerSpec)) {
        diagnostics.push({
          code: 'literal-secret-in-project-file', severity: 'error',
          message: `${name}: ${secret.where} holds a literal value that looks like a secret, and project files are committed`,
          hint: `reference it instead, e.g. --env NAME='\${env:NAME}' (each host gets its own syntax), or pass --allow-literal-secrets`,
        });
      }
    }
  }

  const hashesOf = (name: string) => Object.fromEntries(Object.entries(records.entries).map(([file, byName]) => [file, byName[name]]));
  const bindingFor = (name: string, spec: ServerSpec, managed: boolean) => {
    if (name === 'patchbay' && 'npm' in spec && spec.npm === PACKAGE_NAME) return installers.selfBinding(spec.version, installers.selfEnv(ctx.env));
    return managedBinding(name, spec, { managed, hashes: hashesOf(name) });
  };
  const keepFiles = new Set(records.existed);
  const emptyFiles = new Set(records.empty);
  const replace = { stale: true, modified: request.force === true, foreign: request.adopt === true, keepFiles, emptyFiles };
  const operations = [
    ...remove.map((name) => ({ name, spec: current.servers[name] ?? next[name], action: 'uninstall' as const })),
    ...install.map((name) => ({ name, spec: next[name] as ServerSpec, action: 'install' as const })),
  ].flatMap(({ name, spec, action }) => {
    // A dropped server the manifest no longer describes: only its recorded hash can prove ownership.
    // Managed = already listed (manifest / managed.json) or written by patchbay (a recorded hash);
    // a new name meeting a same-name entry is foreign until --adopt.
    const managed = name in current.servers || Object.values(records.entries).some((byName) => name in byName);
    const binding = spec ? bindingFor(name, spec, managed) : managedBinding(name, { command: '' }, { managed: true, hashes: hashesOf(name) });
    return hosts.map((host) => ({ host, scope, binding, action, replace: action === 'install' ? replace : { modified: request.force === true, keepFiles, emptyFiles } }));
  });
  const result = await planOperations(ctx, operations, { description: `${request.action} ${[...install, ...remove].join(',') || 'nothing'} (${scope})`, overlay });
  diagnostics.push(...result.diagnostics);

  if (!hasErrors(diagnostics)) {
    // Record what is now written, by file, so a later edit by hand is recognized as `modified`; and a
    // file patchbay writes to for the first time that already existed, so a removal never deletes it.
    const writtenBefore = new Set(Object.keys(records.entries));
    for (const op of operations) {
      const inspection = await inspectHost(hostRecord(op.host), ctx, scope, overlay, op.binding, {});
      for (const e of inspection.evals) {
        const byName = (records.entries[e.file.path] ??= {});
        if (op.action === 'install' && e.file.before.exists && !writtenBefore.has(e.file.path) && !records.existed.includes(e.file.path)) {
          records.existed.push(e.file.path);
          if (e.file.before.bytes?.length === 0) records.empty.push(e.file.path);
        }
        const ours = e.scans[0]?.ours;
        if (op.action === 'install' && ours?.ours && ours.current) byName[op.binding.name] = entryHash(entryOf(e.scans[0]!.place, op.binding.name, ours.value));
        else if (op.action === 'uninstall') delete byName[op.binding.name];
        if (Object.keys(byName).length === 0) delete records.entries[e.file.path];
      }
    }
    const allHosts = [...new Set([...current.hosts, ...hosts])];
    if (scope === 'project') {
      if (request.writeManifest !== false && (projectManifest || Object.keys(next).length > 0)) {
        const text = renderManifest({ hosts: allHosts, scope: 'project', servers: next }, projectManifest?.text ?? null);
        await overlay.replaceText(manifestPath(ctx.projectDir), text, 'manifest');
      }
    } else {
      records.user = { hosts: allHosts, servers: next };
    }
    await stageRecords(overlay, recordsFile, records);
  }
  return {
    plan: await planOfOverlay(result.plan.description, overlay, result.plan.createDirs),
    hostPlans: result.hostPlans,
    diagnostics,
    hosts,
    scope,
    servers: next,
    command: `npx --yes ${PACKAGE_NAME}@${PATCHBAY_VERSION} ${request.action}`,
  };
}
