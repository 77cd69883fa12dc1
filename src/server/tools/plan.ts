// plan: what `patchbay init|migrate|uninstall` would write, as unified diffs, plus the exact command
// line a person runs to apply it. The server never applies anything.
//
// Diffs contain host-file text: redactedDiff (../plan-diff.ts) redacts both sides before diffing.
import * as z from 'zod';
import type { Action, HostId, Scope } from '../../installers/types.js';
import { PATCHBAY_VERSION } from '../../version.js';
import { rootsOf, type ServerEnvironment } from '../context.js';
import { makeEnvelope, type Envelope, type WireDiagnostic } from '../envelope.js';
import { dedupeDiagnostics, errorDiagnostic, showPath, wireDiagnostic } from '../present.js';
import { hostContext, plan as planAction } from '../sources.js';
import { defaultHosts } from '../default-hosts.js';
import { redactedDiff } from '../plan-diff.js';
import { HostsInput, ScopeInput } from './inputs.js';

export const PlanInput = z.object({
  action: z.enum(['init', 'migrate', 'uninstall']).describe('The command to preview'),
  hosts: HostsInput.optional().describe('Hosts to include; default: the ones the CLI command would use'),
  scope: ScopeInput.optional().describe('Default: project'),
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

export function commandLine(action: Action, hosts: readonly string[], scope: Scope): string {
  return `npx --yes patchbay@${PATCHBAY_VERSION} ${action} --yes --host ${hosts.join(',')} --scope ${scope}`;
}

export async function planTool(environment: ServerEnvironment, input: z.infer<typeof PlanInput>): Promise<Envelope<PlanData>> {
  const roots = rootsOf(environment);
  const scope: Scope = input.scope ?? 'project';
  const diagnostics: WireDiagnostic[] = [];
  let hosts: HostId[];
  try {
    hosts = input.hosts ? [...new Set(input.hosts)] : await defaultHosts(environment, input.action, scope);
  } catch (error) {
    return makeEnvelope<PlanData>('plan', 'unavailable', undefined, [errorDiagnostic(error, roots)]);
  }
  if (hosts.length === 0) {
    return makeEnvelope<PlanData>('plan', 'empty', undefined, [
      {
        code: 'no-hosts',
        severity: 'info',
        message: 'No host was detected, so there is nothing to plan.',
        hint: 'Pass hosts explicitly, e.g. {"action":"init","hosts":["claude-code"]}.',
      },
    ]);
  }
  let result;
  try {
    result = await planAction(environment, { action: input.action, hosts, scope, version: PATCHBAY_VERSION }, await hostContext(environment));
  } catch (error) {
    return makeEnvelope<PlanData>('plan', 'diagnostic', undefined, [errorDiagnostic(error, roots)]);
  }
  for (const d of result.diagnostics) diagnostics.push(wireDiagnostic(d, roots));
  for (const hp of result.hostPlans) for (const d of hp.diagnostics) diagnostics.push(wireDiagnostic(d, roots));
  const diags = dedupeDiagnostics(diagnostics);
  const hasErrors = diags.some((d) => d.severity === 'error');
  const changes = result.plan.changes;
  const files = changes.map((c) => {
    const f: PlanData['files'][number] = {
      path: showPath(c.path, roots),
      change: c.after === 'delete' ? 'delete' : c.before.exists ? 'modify' : 'create',
    };
    if (c.label) f.host = c.label;
    return f;
  });
  const show = (absolute: string) => showPath(absolute, roots);
  const data: PlanData = {
    action: input.action,
    scope,
    hosts,
    applicable: !hasErrors && changes.length > 0,
    files,
    summary: result.hostPlans.flatMap((hp) => hp.summary.map((line) => `${hp.host}: ${line}`)),
    diff: changes.length > 0 ? await redactedDiff(result.plan, show) : '',
  };
  if (data.applicable) data.command = commandLine(input.action, hosts, scope);
  const status = hasErrors ? 'diagnostic' : changes.length === 0 ? 'empty' : 'ok';
  return makeEnvelope('plan', status, data, diags);
}
