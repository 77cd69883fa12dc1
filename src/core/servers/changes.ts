// What a write command changes, server by server, before anything is planned: which (server × hosts ×
// scope) to install, re-pin or remove, and what patchbay manages afterwards. Pure policy over the
// managed set (managed-set.ts) and the one host rule (host-selection.ts); no file is read here except
// through detection.
import type { Diagnostic } from '../../diagnostics.js';
import { PatchbayError } from '../../errors.js';
import type { ServerBinding } from '../../installers/binding.js';
import type { HostAction, ReplacePolicy } from '../../installers/host-core.js';
import type { HostContext, HostId, Scope } from '../../installers/types.js';
import type { ServerSpec } from '../../servers/spec.js';
import { PATCHBAY_VERSION } from '../../version.js';
import { validateHosts } from '../host-ids.js';
import { hostsForNewServer, hostsOfServer, sweepHosts, type HostChoice, type HostSource } from '../host-selection.js';
import type { ManifestModel } from '../manifest/pin.js';
import { selfSpec } from '../../installers/entry.js';
import { SELF_SERVER_NAME } from '../../installers/binding.js';
import { bindingFor, managedBinding, ownershipOf } from './binding.js';
import { findManaged, selfServer, type ManagedServer } from './managed-set.js';
import type { Records } from './records.js';
import type { ServersRequest } from './operations.js';

/** One server's action in some hosts at one scope. */
export interface ServerOp {
  name: string;
  /** The launch written (install) or removed; absent for an entry known only by its recorded hash. */
  spec?: ServerSpec;
  hosts: HostId[];
  scope: Scope;
  action: HostAction;
  binding: ServerBinding;
  replace: ReplacePolicy;
  /** A sweep for leftovers (migrate, uninstall, sync's dropped entries): not a placement to report. */
  sweep?: boolean;
}

export interface Decided {
  ops: ServerOp[];
  /** Every server patchbay manages after the command. */
  next: ManagedServer[];
  diagnostics: Diagnostic[];
  choice?: HostChoice;
  source: HostSource;
  /** The command only removes (remove, uninstall): an emptied manifest patchbay created is deleted. */
  removing: boolean;
}

export interface DecideInput {
  managed: readonly ManagedServer[];
  records: Records;
  defaults: ManifestModel['defaults'];
  /** The project has a patchbay.jsonc (init records into it; without one, init adds no file to the project). */
  hasManifest: boolean;
}

export async function decideChanges(ctx: HostContext, request: ServersRequest, input: DecideInput): Promise<Decided> {
  const { managed, records } = input;
  const keep = { keepFiles: new Set(records.existed), emptyFiles: new Set(records.empty) };
  const force = request.force === true;
  const binding = (name: string, spec: ServerSpec, isManaged: boolean) => bindingFor(name, spec, ownershipOf(name, records, isManaged), ctx.env);
  /** Managed = listed in a record, or written by patchbay (a recorded hash); else a same-name entry is foreign until --adopt. */
  const known = (name: string) => managed.some((m) => m.name === name) || Object.values(records.entries).some((byName) => name in byName);
  const out: Decided = { ops: [], next: [...managed], diagnostics: [], source: request.hosts !== undefined ? 'flag' : 'server', removing: false };
  const put = (server: ManagedServer) => {
    out.next = out.next.filter((m) => !(m.name === server.name && m.scope === server.scope));
    out.next.push(server);
  };
  const drop = (name: string, scope: Scope, hosts: readonly HostId[]) => {
    out.next = out.next.flatMap((m) => {
      if (m.name !== name || m.scope !== scope) return [m];
      const left = m.hosts.filter((h) => !hosts.includes(h));
      return left.length > 0 ? [{ ...m, hosts: left }] : [];
    });
  };

  switch (request.action) {
    case 'init':
    case 'add': {
      const servers: Record<string, ServerSpec> = request.action === 'init' && request.servers === undefined ? initServer(managed, request.scope) : { ...(request.servers ?? {}) };
      for (const [name, spec] of Object.entries(servers)) {
        const byName = findManaged(managed, name, request.scope);
        const existing = byName.length === 1 ? byName[0] : byName.find((m) => m.scope === (input.defaults.scope ?? 'project'));
        let hosts: HostId[];
        let scope: Scope;
        if (existing) {
          scope = existing.scope;
          // `add --host` of a managed server adds hosts to it; nothing else of the manifest changes.
          hosts = request.hosts !== undefined ? [...new Set([...existing.hosts, ...validateHosts(request.hosts)])] : [...existing.hosts];
        } else {
          const choice = await hostsForNewServer(ctx, {
            explicit: request.hosts, scope: request.scope, defaults: input.defaults, fallback: request.fallback ?? 'generic',
          });
          out.choice = choice;
          out.source = choice.source;
          hosts = choice.hosts;
          scope = choice.scope;
          if (hosts.length === 0) {
            out.diagnostics.push({
              code: 'no-host', severity: 'error',
              message: `No host detected with a ${scope}-scope file to register ${name} in`,
              hint: 'name the hosts (`hosts: [...]` in the library, `--host` on the command line); `patchbay hosts` lists them and why each was or was not detected',
            });
            continue;
          }
        }
        // Where a new server is recorded: user scope and the library in managed.json; `add` at project
        // scope in the manifest (the lockfile); `init` in the manifest only when the project has one,
        // since registering patchbay itself should not add a file to a project that did not ask for it.
        const toState = scope === 'user' || request.writeManifest === false || (request.action === 'init' && !input.hasManifest);
        const home = existing?.home ?? (toState ? 'state' : 'manifest');
        // init replaces nothing (a stale entry is `patchbay migrate`'s job); add/update/sync re-pin.
        const replace: ReplacePolicy = request.action === 'init'
          ? { ...keep }
          : { ...keep, stale: true, modified: force, foreign: request.adopt === true };
        out.ops.push({ name, spec, hosts, scope, action: 'install', binding: binding(name, spec, known(name)), replace });
        put({ name, spec, hosts, scope, home });
      }
      break;
    }
    case 'update': {
      for (const [name, spec] of Object.entries(request.servers ?? {})) {
        const [existing] = findManaged(managed, name, request.scope);
        if (!existing) throw notManaged(name, request.scope, managed);
        out.ops.push({ name, spec, hosts: existing.hosts, scope: existing.scope, action: 'install', binding: binding(name, spec, true), replace: { ...keep, stale: true, modified: force } });
        put({ ...existing, spec });
      }
      break;
    }
    case 'remove': {
      out.removing = true;
      for (const name of request.names ?? []) {
        const matches = findManaged(managed, name, request.scope);
        if (matches.length === 0) throw notManaged(name, request.scope, managed);
        for (const m of matches) {
          const from = hostsOfServer(m.hosts, request.hosts);
          if (from.length === 0) {
            throw new PatchbayError('usage', `${name} is not written to ${request.hosts?.join(', ')}; patchbay manages it in ${m.hosts.join(', ')} (${m.scope} scope).`, {
              hint: `leave --host out to remove it everywhere, or pass --host with some of: ${m.hosts.join(', ')}`,
            });
          }
          out.ops.push({ name, spec: m.spec, hosts: from, scope: m.scope, action: 'uninstall', binding: binding(name, m.spec, true), replace: { ...keep, modified: force } });
          drop(name, m.scope, from);
        }
      }
      break;
    }
    case 'sync': {
      for (const m of managed.filter((s) => request.scope === undefined || s.scope === request.scope)) {
        const hosts = hostsOfServer(m.hosts, request.hosts);
        if (hosts.length === 0) continue;
        out.ops.push({ name: m.name, spec: m.spec, hosts, scope: m.scope, action: 'install', binding: binding(m.name, m.spec, true), replace: { ...keep, stale: true, modified: force, foreign: request.adopt === true } });
      }
      out.ops.push(...(await droppedEntries(ctx, managed, records, request, keep)));
      break;
    }
    case 'migrate':
    case 'uninstall': {
      // patchbay's own server, wherever its entries are: every host with a file at the scope, since a
      // stale or leftover entry may sit in a host no record lists (0.1 and 0.2 recorded none).
      const scope = request.scope ?? selfServer(managed)?.scope ?? input.defaults.scope ?? 'project';
      const self = selfServer(managed, scope);
      const name = self?.name ?? SELF_SERVER_NAME;
      const version = request.action === 'migrate' ? PATCHBAY_VERSION : (self?.spec as { version?: string } | undefined)?.version ?? PATCHBAY_VERSION;
      const spec: ServerSpec = { ...(self?.spec ?? {}), ...selfSpec(version) };
      const hosts = await sweepHosts(scope, request.hosts);
      out.source = request.hosts !== undefined ? 'flag' : 'in-scope';
      out.ops.push({ name, spec, hosts, scope, action: request.action, binding: binding(name, spec, true), replace: { ...keep, modified: force }, sweep: true });
      if (request.action === 'migrate') {
        if (self) put({ ...self, spec });
      } else {
        out.removing = true;
        if (self) drop(name, scope, hosts);
      }
      break;
    }
  }
  return out;
}

/** init's server: patchbay's own as recorded (its name and pin), else `patchbay` at this version. */
function initServer(managed: readonly ManagedServer[], scope: Scope | undefined): Record<string, ServerSpec> {
  const self = selfServer(managed, scope);
  return self ? { [self.name]: self.spec } : { [SELF_SERVER_NAME]: selfSpec(PATCHBAY_VERSION) };
}

function notManaged(name: string, scope: Scope | undefined, managed: readonly ManagedServer[]): PatchbayError {
  const here = managed.filter((m) => scope === undefined || m.scope === scope);
  const where = scope === undefined ? '' : ` at ${scope} scope`;
  return new PatchbayError('server-not-managed', `patchbay does not manage a server named '${name}'${where} here.`, {
    hint: here.length > 0
      ? `managed here: ${here.map((m) => `${m.name} (${m.scope}: ${m.hosts.join(', ')})`).join('; ')}`
      : 'nothing is managed here yet; `patchbay list` shows every server in every host file',
  });
}

/**
 * sync's removals: entries patchbay wrote (it has their hash in managed.json) whose server the
 * records no longer place in the host that reads that file — dropped from the manifest, or moved off
 * that host. Recognized by hash only: an entry edited since is `modified` and kept without --force.
 */
async function droppedEntries(
  ctx: HostContext, managed: readonly ManagedServer[], records: Records, request: ServersRequest, keep: ReplacePolicy,
): Promise<ServerOp[]> {
  const { HOST_IDS, hostRecord } = await import('../../installers/index.js');
  const scopes: Scope[] = request.scope ? [request.scope] : ['project', 'user'];
  const hosts = request.hosts !== undefined ? validateHosts(request.hosts) : [...HOST_IDS];
  const readers = (file: string, name: string) =>
    scopes.flatMap((scope) => hosts.filter((h) => hostRecord(h).files(ctx, scope, name)?.includes(file)).map((host) => ({ host, scope })));
  const ops: ServerOp[] = [];
  for (const [file, byName] of Object.entries(records.entries)) {
    for (const name of Object.keys(byName)) {
      const places = readers(file, name);
      const placed = places.some(({ host, scope }) => managed.some((m) => m.name === name && m.scope === scope && m.hosts.includes(host)));
      if (placed || places.length === 0) continue;
      const [first] = places as [{ host: HostId; scope: Scope }];
      const binding = managedBinding(name, { command: '' }, ownershipOf(name, records, true));
      ops.push({ name, hosts: [first.host], scope: first.scope, action: 'uninstall', binding, replace: { ...keep, modified: request.force === true }, sweep: true });
    }
  }
  return ops;
}
