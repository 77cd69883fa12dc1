// list_hosts and list_servers: what is installed and what every host file registers.
import { uniqueDiagnostics } from '../../diagnostics.js';
import * as z from 'zod';
import type { HostId, HostReport, Scope } from '../../installers/types.js';
import type { ServerEnvironment } from '../context.js';
import { rootsOf } from '../context.js';
import { makeEnvelope, type Envelope, type WireDiagnostic } from '../envelope.js';
import { errorDiagnostic, showPath, wireDiagnostic, wireServer, type WireServer } from '../present.js';
import { hostContext, inspect } from '../sources.js';
import { HostsInput, ScopeInput } from './inputs.js';

export const ListHostsInput = z.object({ scope: ScopeInput.optional(), hosts: HostsInput.optional() });

const FileSchema = z.looseObject({
  scope: z.enum(['project', 'user']),
  path: z.string(),
  exists: z.boolean(),
  target: z.boolean(),
  state: z.string(),
  pin: z.string().optional(),
  dialect: z.string().optional(),
  server_count: z.number().int(),
});

export const HostsData = z.object({
  hosts: z.array(
    z.looseObject({
      host: z.string(),
      detected: z.boolean(),
      reasons: z.array(z.string()),
      version: z.string().optional(),
      dialect: z.string().optional(),
      targets: z.looseObject({ project: z.string().optional(), user: z.string().optional() }),
      files: z.array(FileSchema),
    }),
  ),
});
export type HostsData = z.infer<typeof HostsData>;

export const ServersData = z.object({
  servers: z.array(
    z.looseObject({
      host: z.string(),
      scope: z.string(),
      file: z.string(),
      name: z.string(),
      transport: z.string(),
      command: z.string().optional(),
      args: z.array(z.string()).optional(),
      url: z.string().optional(),
      env_names: z.array(z.string()),
      header_names: z.array(z.string()),
      managed: z.boolean(),
      pin: z.string().optional(),
      dialect: z.string().optional(),
      disabled: z.boolean().optional(),
      state: z.string(),
      pointer: z.string(),
    }),
  ),
});
export type ServersData = z.infer<typeof ServersData>;

function scopesOf(scope?: Scope): Scope[] {
  return scope ? [scope] : ['project', 'user'];
}

/** Inspects every requested scope; failures become diagnostics rather than a failed call. */
async function reports(environment: ServerEnvironment, scope?: Scope, hosts?: HostId[]) {
  const ctx = await hostContext(environment);
  const out: HostReport[] = [];
  const diagnostics: WireDiagnostic[] = [];
  for (const s of scopesOf(scope)) {
    try {
      out.push(...(await inspect(environment, s, hosts, ctx)));
    } catch (error) {
      diagnostics.push(errorDiagnostic(error, rootsOf(environment)));
    }
  }
  return { reports: out, diagnostics };
}

export async function listHosts(environment: ServerEnvironment, input: z.infer<typeof ListHostsInput>): Promise<Envelope<HostsData>> {
  const roots = rootsOf(environment);
  const { reports: list, diagnostics } = await reports(environment, input.scope, input.hosts);
  if (list.length === 0 && diagnostics.length > 0) return makeEnvelope<HostsData>('list_hosts', 'unavailable', undefined, diagnostics);
  const byHost = new Map<string, HostsData['hosts'][number]>();
  for (const report of list) {
    let host = byHost.get(report.host);
    if (!host) {
      host = { host: report.host, detected: report.detection.detected, reasons: report.detection.reasons.map((r) => showReason(r, environment)), targets: {}, files: [] };
      if (report.detection.version !== undefined) host.version = report.detection.version;
      if (report.detection.dialect !== undefined) host.dialect = report.detection.dialect;
      byHost.set(report.host, host);
      for (const d of report.detection.diagnostics) diagnostics.push(wireDiagnostic(d, roots));
    }
    for (const file of report.files) {
      const f: z.infer<typeof FileSchema> = {
        scope: file.scope,
        path: showPath(file.path, roots),
        exists: file.exists,
        target: file.target,
        state: file.state,
        server_count: file.servers.length,
      };
      if (file.pin !== undefined) f.pin = file.pin;
      if (file.dialect !== undefined) f.dialect = file.dialect;
      host.files.push(f);
      if (file.target) host.targets[file.scope] = f.path;
      for (const d of file.diagnostics) diagnostics.push(wireDiagnostic(d, roots));
    }
    for (const d of report.diagnostics) diagnostics.push(wireDiagnostic(d, roots));
  }
  const hosts = [...byHost.values()];
  const diags = uniqueDiagnostics(diagnostics);
  const status = hosts.length === 0 ? 'empty' : diags.some((d) => d.severity === 'error') ? 'diagnostic' : 'ok';
  return makeEnvelope('list_hosts', status, { hosts }, diags);
}

/** Detection reasons may name absolute paths (a config dir under HOME): shorten them. */
function showReason(reason: string, environment: ServerEnvironment): string {
  return wireDiagnostic({ code: 'reason', severity: 'info', message: reason }, rootsOf(environment)).message;
}

export const ListServersInput = z.object({ scope: ScopeInput.optional(), hosts: HostsInput.optional() });

export async function listServers(
  environment: ServerEnvironment,
  input: z.infer<typeof ListServersInput>,
): Promise<Envelope<ServersData>> {
  const roots = rootsOf(environment);
  const { listServers: list } = await import('../../core/list.js');
  const ctx = await hostContext(environment);
  const servers: WireServer[] = [];
  const diagnostics: WireDiagnostic[] = [];
  let answered = 0;
  for (const scope of scopesOf(input.scope)) {
    try {
      const result = await list(ctx, { scope, stateDir: environment.stateDir, ...(input.hosts ? { hosts: input.hosts } : {}) });
      answered++;
      for (const s of result.servers) {
        const wire = wireServer(s.entry, s.file, roots);
        wire.managed = s.managed;
        wire.state = s.state;
        if (s.pin !== undefined) wire.pin = s.pin;
        servers.push(wire);
      }
      for (const file of result.files) for (const d of file.diagnostics) diagnostics.push(wireDiagnostic(d, roots));
    } catch (error) {
      diagnostics.push(errorDiagnostic(error, roots));
    }
  }
  if (answered === 0 && diagnostics.length > 0) return makeEnvelope<ServersData>('list_servers', 'unavailable', undefined, diagnostics);
  const diags = uniqueDiagnostics(diagnostics);
  const status = servers.length > 0 ? 'ok' : diags.some((d) => d.severity === 'error') ? 'diagnostic' : 'empty';
  return makeEnvelope('list_servers', status, { servers }, diags);
}
