// plan: what `patchbay init|migrate|uninstall|add|remove|sync` would write, as unified diffs, plus the exact command
// line a person runs to apply it. The server never applies anything.
//
// Diffs contain host-file text: redactedDiff (src/redact-plan.ts) redacts both sides before diffing.
import { uniqueDiagnostics } from '../../diagnostics.js';
import * as z from 'zod';
import { redactedDiff } from '../../redact-plan.js';
import { rootsOf, type ServerEnvironment } from '../context.js';
import { makeEnvelope, type Envelope } from '../envelope.js';
import { errorDiagnostic, showPath, wireDiagnostic } from '../present.js';
import { planServersFor } from '../sources.js';
import type { ServerSpec } from '../../servers/spec.js';
import { HostsInput, ScopeInput } from './inputs.js';
import { RUNNABLE_TYPES } from '../../registry/render.js';
import { renderChecked } from '../../registry/resolve.js';

const StringMap = z.record(z.string(), z.string());

/**
 * A server to add, as the manifest writes it; an npm source needs its exact version (no registry here).
 * Or a registry server.json the caller already has (`serverJson`, with `vars`, `env`, `headers` for its
 * inputs, `package` or `remote` for the way): rendered offline by the rules of `patchbay add <name>`.
 */
const ServerInput = z.object({
  name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/),
  npm: z.string().optional(),
  version: z.string().optional(),
  pypi: z.string().optional(),
  url: z.string().optional(),
  transport: z.enum(['http', 'sse']).optional(),
  headers: StringMap.optional(),
  command: z.string().optional(),
  args: z.array(z.string()).optional(),
  env: StringMap.optional(),
  serverJson: z.record(z.string(), z.unknown()).optional().describe('A registry server.json (as `patchbay add --from` reads it)'),
  vars: StringMap.optional().describe('serverJson: values for its {variables}'),
  package: z.enum(RUNNABLE_TYPES).optional().describe('serverJson: run this package type'),
  remote: z.boolean().optional().describe('serverJson: use its remote endpoint'),
});

export const PlanInput = z.object({
  action: z.enum(['init', 'migrate', 'uninstall', 'add', 'remove', 'sync']).describe('The command to preview'),
  hosts: HostsInput.optional().describe('Hosts to include; default: as the CLI picks them (the manifest, else the detected hosts)'),
  scope: ScopeInput.optional().describe('Default: project'),
  server: ServerInput.optional().describe('add: the server (npm with an exact version, pypi, url, command, or a registry serverJson)'),
  names: z.array(z.string()).max(100).optional().describe('remove: the server names'),
});

export const PlanData = z.object({
  action: z.string(),
  scope: z.string(),
  hosts: z.array(z.string()),
  applicable: z.boolean().describe('true when the command would succeed and change something'),
  command: z.string().optional().describe('The command line a person runs to apply this plan'),
  files: z.array(z.looseObject({ path: z.string(), change: z.enum(['create', 'modify', 'delete']), host: z.string().optional() })),
  summary: z.array(z.string()),
  diff: z.string().describe('Unified diff of every file, secrets redacted'),
});
export type PlanData = z.infer<typeof PlanData>;

export async function planTool(environment: ServerEnvironment, input: z.infer<typeof PlanInput>): Promise<Envelope<PlanData>> {
  const roots = rootsOf(environment);
  let servers: Record<string, ServerSpec> | undefined;
  let words: string[];
  if (input.action === 'add') {
    let parsed;
    try {
      parsed = input.server ? specOf(input.server) : { problem: 'add needs `server`' };
    } catch (error) {
      // A server.json that is malformed, a template, offers nothing runnable or lacks a required input.
      return makeEnvelope<PlanData>('plan', 'diagnostic', undefined, [errorDiagnostic(error, roots)]);
    }
    if ('problem' in parsed) return makeEnvelope<PlanData>('plan', 'invalid', undefined, [{ code: 'usage', severity: 'error', message: parsed.problem }]);
    servers = { [input.server!.name]: parsed.spec };
    words = input.server!.serverJson ? registryAddWords(input.server!, parsed.spec) : addWords(input.server!.name, parsed.spec);
  } else if (input.action === 'remove') {
    if (!input.names?.length) return makeEnvelope<PlanData>('plan', 'invalid', undefined, [{ code: 'usage', severity: 'error', message: 'remove needs `names`' }]);
    words = ['remove', ...input.names];
  } else words = [input.action];
  let result;
  try {
    // The same planner as the CLI: hosts, scope and pins are resolved by the core, so the diff shown
    // here is what `command` writes.
    result = await planServersFor(environment, {
      action: input.action,
      ...(servers ? { servers } : {}),
      ...(input.names ? { names: input.names } : {}),
      ...(input.hosts ? { hosts: input.hosts } : {}),
      ...(input.scope ? { scope: input.scope } : {}),
    });
  } catch (error) {
    return makeEnvelope<PlanData>('plan', 'diagnostic', undefined, [errorDiagnostic(error, roots)]);
  }
  const diags = uniqueDiagnostics(result.diagnostics.map((d) => wireDiagnostic(d, roots)));
  const hasErrors = diags.some((d) => d.severity === 'error');
  const changes = result.plan.changes;
  const show = (absolute: string) => showPath(absolute, roots);
  const data: PlanData = {
    action: input.action,
    scope: result.scope,
    hosts: result.hosts,
    applicable: !hasErrors && changes.length > 0,
    files: changes.map((c) => ({ path: show(c.path), change: c.after === 'delete' ? 'delete' : c.before.exists ? 'modify' : 'create', ...(c.label ? { host: c.label } : {}) })),
    summary: result.hostPlans.flatMap((hp) => hp.summary.map((line) => `${hp.host}: ${line}`)),
    diff: changes.length > 0 ? redactedDiff(result.plan, show) : '',
  };
  // Flags before the words: everything after a `--` in them belongs to the server's command line.
  if (data.applicable) data.command = [...result.command.split(' '), '--yes', '--host', result.hosts.join(','), '--scope', result.scope, ...words.slice(1)].join(' ');
  return makeEnvelope('plan', hasErrors ? 'diagnostic' : changes.length === 0 ? 'empty' : 'ok', data, diags);
}

/** The server spec an `add` input describes, or the reason it cannot be planned here. */
function specOf(server: z.infer<typeof ServerInput>): { spec: ServerSpec } | { problem: string } {
  const sources = [server.npm, server.pypi, server.url, server.command, server.serverJson].filter((v) => v !== undefined);
  if (sources.length !== 1) return { problem: 'give exactly one of npm, pypi, url, command or serverJson' };
  if (server.serverJson !== undefined) {
    const choice = { ...(server.package ? { package: server.package } : {}), ...(server.remote ? { remote: true } : {}) };
    const inputs = { env: { ...server.env }, vars: { ...server.vars }, headers: { ...server.headers } };
    return { spec: renderChecked(server.serverJson, inputs, choice, 'give them in server.env, server.vars or server.headers').rendered.spec };
  }
  if (server.npm !== undefined) {
    if (!server.version || !/^\d+\.\d+\.\d+/.test(server.version)) return { problem: 'an npm server needs its exact version here (the server has no registry access; `patchbay add` resolves ranges)' };
    return { spec: { npm: server.npm, version: server.version, ...(server.args ? { args: server.args } : {}), ...(server.env ? { env: server.env } : {}) } };
  }
  if (server.pypi !== undefined) return { spec: { pypi: server.pypi, ...(server.version ? { version: server.version } : {}), ...(server.args ? { args: server.args } : {}), ...(server.env ? { env: server.env } : {}) } };
  if (server.url !== undefined) return { spec: { url: server.url, ...(server.transport ? { transport: server.transport } : {}), ...(server.headers ? { headers: server.headers } : {}) } };
  return { spec: { command: server.command as string, ...(server.args ? { args: server.args } : {}), ...(server.env ? { env: server.env } : {}) } };
}

/** `add <registry-name>@<version> --as <name>` with the inputs the caller gave (the registry must publish that entry). */
function registryAddWords(server: z.infer<typeof ServerInput>, spec: ServerSpec): string[] {
  const origin = spec.registry as NonNullable<ServerSpec['registry']>;
  const words = ['add', `${origin.name}@${origin.version}`, '--as', server.name];
  if (server.remote) words.push('--remote');
  else if (server.package) words.push('--package', server.package);
  for (const [k, v] of Object.entries(server.env ?? {})) words.push('--env', `${k}=${v}`);
  for (const [k, v] of Object.entries(server.vars ?? {})) words.push('--var', `${k}=${v}`);
  for (const [k, v] of Object.entries(server.headers ?? {})) words.push('--header', `${k}: ${v}`);
  return words.map(quoteWord);
}

const quoteWord = (w: string) => (/^[A-Za-z0-9@%+=:,./_-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`);

/** The CLI words that add this server (values are the input's; references stay references). */
function addWords(name: string, spec: ServerSpec): string[] {
  const words = ['add', name];
  if ('npm' in spec) words.push(`${spec.npm}@${spec.version}`);
  else if ('pypi' in spec) words.push('--pypi', spec.version ? `${spec.pypi}==${spec.version}` : spec.pypi);
  else if ('url' in spec) {
    words.push('--url', spec.url);
    if (spec.transport) words.push('--transport', spec.transport);
    for (const [k, v] of Object.entries(spec.headers ?? {})) words.push('--header', `${k}: ${v}`);
  }
  if (!('url' in spec)) for (const [k, v] of Object.entries(spec.env ?? {})) words.push('--env', `${k}=${v}`);
  const tail = 'command' in spec ? [spec.command, ...(spec.args ?? [])] : 'url' in spec ? [] : (spec.args ?? []);
  if (tail.length > 0) words.push('--', ...tail);
  return words.map(quoteWord);
}
