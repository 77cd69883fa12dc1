// check: every diagnostic `patchbay status` (inspection of every host file) and `patchbay init`
// (planning the install for the selected hosts) would raise, without writing anything.
import { uniqueDiagnostics } from '../../diagnostics.js';
import * as z from 'zod';
import type { HostId, Scope } from '../../installers/types.js';
import { rootsOf, type ServerEnvironment } from '../context.js';
import { makeEnvelope, type Envelope, type WireDiagnostic } from '../envelope.js';
import { errorDiagnostic, wireDiagnostic } from '../present.js';
import { hostContext, inspect, planServersFor } from '../sources.js';
import { HostsInput, ScopeInput } from './inputs.js';

export const CheckInput = z.object({ scope: ScopeInput.optional(), hosts: HostsInput.optional() });

export const CheckData = z.object({
  checked: z.array(z.looseObject({ host: z.string(), scope: z.string(), detected: z.boolean() })),
  errors: z.number().int(),
  warnings: z.number().int(),
});
export type CheckData = z.infer<typeof CheckData>;

export async function check(environment: ServerEnvironment, input: z.infer<typeof CheckInput>): Promise<Envelope<CheckData>> {
  const roots = rootsOf(environment);
  const ctx = await hostContext(environment);
  const diagnostics: WireDiagnostic[] = [];
  const checked: CheckData['checked'] = [];
  const scopes: Scope[] = input.scope ? [input.scope] : ['project', 'user'];
  let failures = 0;
  for (const scope of scopes) {
    let initHosts: HostId[] = input.hosts ? [...input.hosts] : [];
    try {
      const reports = await inspect(environment, scope, input.hosts, ctx);
      for (const report of reports) {
        checked.push({ host: report.host, scope, detected: report.detection.detected });
        if (!input.hosts && report.detection.detected) initHosts.push(report.host);
        for (const d of report.detection.diagnostics) diagnostics.push(wireDiagnostic(d, roots));
        for (const d of report.diagnostics) diagnostics.push(wireDiagnostic(d, roots));
        for (const file of report.files) for (const d of file.diagnostics) diagnostics.push(wireDiagnostic(d, roots));
      }
    } catch (error) {
      failures++;
      diagnostics.push(errorDiagnostic(error, roots));
    }
    initHosts = [...new Set(initHosts)];
    if (initHosts.length === 0) continue;
    try {
      const result = await planServersFor(environment, { action: 'init', hosts: initHosts, scope }, ctx);
      for (const d of result.diagnostics) diagnostics.push(wireDiagnostic(d, roots));
    } catch (error) {
      diagnostics.push(errorDiagnostic(error, roots));
    }
  }
  diagnostics.push({ code: 'servers-not-started', severity: 'info', message: 'check reads host files only; it starts no server', hint: 'to see whether each configured server starts and answers (initialize + tools/list, per host), ask the user to run `patchbay doctor` (`--json` for rows)' });
  const diags = uniqueDiagnostics(diagnostics);
  if (failures === scopes.length && checked.length === 0) return makeEnvelope<CheckData>('check', 'unavailable', undefined, diags);
  const errors = diags.filter((d) => d.severity === 'error').length;
  const warnings = diags.filter((d) => d.severity === 'warning').length;
  return makeEnvelope('check', errors > 0 ? 'diagnostic' : 'ok', { checked, errors, warnings }, diags);
}
