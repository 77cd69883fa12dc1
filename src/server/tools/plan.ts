// plan: what `patchbay init|migrate|uninstall` would write, as unified diffs, plus the exact command
// line a person runs to apply it. The server never applies anything.
//
// Diffs contain host-file text, so both sides of every file are redacted with redactConfigText
// BEFORE diffing (values of env/headers objects, secret-looking keys, credential-bearing URLs and
// argv flags). Redacting both sides the same way keeps the diff limited to patchbay's own change.
import * as z from 'zod';
import { redactPlan } from '../../redact-plan.js';
import { rootsOf, type ServerEnvironment } from '../context.js';
import { makeEnvelope, type Envelope } from '../envelope.js';
import { dedupeDiagnostics, errorDiagnostic, showPath, wireDiagnostic } from '../present.js';
import { planCommand, unifiedDiff } from '../sources.js';
import { HostsInput, ScopeInput } from './inputs.js';

export const PlanInput = z.object({
  action: z.enum(['init', 'migrate', 'uninstall']).describe('The command to preview'),
  hosts: HostsInput.optional().describe('Hosts to include; default: as the CLI picks them (the manifest, else the detected hosts)'),
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

export async function planTool(environment: ServerEnvironment, input: z.infer<typeof PlanInput>): Promise<Envelope<PlanData>> {
  const roots = rootsOf(environment);
  let result;
  try {
    // The same policy and planner as the CLI: hosts, scope and the manifest's pin are resolved by the
    // core, so the diff shown here is what `command` writes.
    result = await planCommand(environment, {
      action: input.action,
      ...(input.hosts ? { hosts: input.hosts } : {}),
      ...(input.scope ? { scope: input.scope } : {}),
    });
  } catch (error) {
    return makeEnvelope<PlanData>('plan', 'diagnostic', undefined, [errorDiagnostic(error, roots)]);
  }
  const { intent } = result;
  const diags = dedupeDiagnostics(result.diagnostics.map((d) => wireDiagnostic(d, roots)));
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
    scope: intent.scope,
    hosts: intent.hosts,
    applicable: !hasErrors && changes.length > 0,
    files,
    summary: result.hostPlans.flatMap((hp) => hp.summary.map((line) => `${hp.host}: ${line}`)),
    diff: changes.length > 0 ? await unifiedDiff(redactPlan(result.plan), show) : '',
  };
  if (data.applicable) data.command = result.command;
  const status = hasErrors ? 'diagnostic' : changes.length === 0 ? 'empty' : 'ok';
  return makeEnvelope('plan', status, data, diags);
}
