// plan → preview → confirm → apply: the one flow init, migrate and uninstall share. Nothing is written
// unless the plan has no error diagnostic AND the user (or --yes / --host) agreed.
import { hasErrors, type Diagnostic } from '../diagnostics.js';
import { displayPath } from '../display-path.js';
import { PatchbayError } from '../errors.js';
import { apply } from '../rollback/index.js';
import { STATE_LABEL } from '../core/servers/records.js';
import { redactedDiff } from '../redact-plan.js';
import type { Plan } from '../rollback/types.js';
import { EXIT, EXIT_CODE_BY_ERROR } from './exit-codes.js';
import { diagnosticJson, formatDiagnostic, paintDiff, refusalErrorJson } from './format.js';
import type { Session } from './session.js';

export interface FlowInput {
  plan: Plan;
  diagnostics: readonly Diagnostic[];
  /** Per-host one-line summaries for people ("create opencode.jsonc", "already current"). */
  summaries?: readonly { host: string; lines: readonly string[] }[];
  /** Printed (exit 0) when the plan changes nothing, e.g. "Nothing to do: every host is current". */
  nothingToDo: string;
  /** Extra fields for the --json document (hosts, scope, ...). */
  report?: Record<string, unknown>;
  /**
   * How consent is obtained: 'given' (--yes, or --host without a terminal), or 'ask' (prompt on the
   * terminal). The caller has already refused the no-terminal-no-flag case with exit 2.
   */
  consent: 'given' | 'ask';
}

export function printDiagnostics(session: Session, diagnostics: readonly Diagnostic[]): void {
  for (const d of diagnostics) session.out.err(formatDiagnostic(d, session.roots, session.out.style));
}

function changeKind(change: Plan['changes'][number]): 'create' | 'modify' | 'delete' {
  if (change.after === 'delete') return 'delete';
  return change.before.exists ? 'modify' : 'create';
}

export async function runPlanFlow(session: Session, input: FlowInput): Promise<number> {
  const { out, roots, args } = session;
  const shown = (p: string): string => displayPath(p, roots);
  const base = { command: args.command, ...input.report };
  const diagnosticsJson = input.diagnostics.map((d) => diagnosticJson(d, roots));

  printDiagnostics(session, input.diagnostics);
  if (hasErrors(input.diagnostics)) {
    const firstError = input.diagnostics.find((d) => d.severity === 'error');
    // A diagnostic code the table does not know is still a refusal (nothing was written), not a crash.
    const known = firstError ? (EXIT_CODE_BY_ERROR as Record<string, number>)[firstError.code] : undefined;
    const exitCode = known !== undefined && known !== EXIT.ok ? known : EXIT.refused;
    out.err(`patchbay: refused: nothing was written (${input.diagnostics.filter((d) => d.severity === 'error').length} problem(s) above).`);
    out.json({ ...base, status: 'refused', exitCode, error: refusalErrorJson(input.diagnostics, roots), diagnostics: diagnosticsJson });
    return exitCode;
  }

  const changes = input.plan.changes.map((c) => ({ path: shown(c.path), action: changeKind(c), ...(c.label ? { label: c.label } : {}) }));
  if (input.plan.changes.length === 0) {
    out.out(input.nothingToDo);
    out.json({ ...base, status: 'nothing-to-do', exitCode: EXIT.ok, changes, diagnostics: diagnosticsJson });
    return EXIT.ok;
  }

  // What is shown is redacted (secret values never reach a terminal or a log); what is applied is not.
  const diff = redactedDiff(input.plan, shown);
  for (const summary of input.summaries ?? []) {
    for (const line of summary.lines) out.out(`${out.style.bold(summary.host)}: ${line}`);
  }
  out.out(paintDiff(diff, out.style));
  // The diff leaves patchbay's own bookkeeping out; say that it changes, and where.
  for (const c of input.plan.changes) if (c.label === STATE_LABEL) out.out(`patchbay state: ${changeKind(c)} ${shown(c.path)} (patchbay's record of what it wrote)`);

  if (args.dryRun) {
    out.out(`Dry run: ${changes.length} file(s) would change; nothing was written.`);
    out.json({ ...base, status: 'dry-run', exitCode: EXIT.ok, changes, diff, diagnostics: diagnosticsJson });
    return EXIT.ok;
  }

  if (input.consent === 'ask') {
    const { confirmApply } = await import('./wizard.js');
    const agreed = await confirmApply(changes.length);
    if (!agreed) throw new PatchbayError('cancelled', 'Cancelled: nothing was written.');
  }

  const spinner = out.spinner(`Writing ${changes.length} file(s)…`);
  let result;
  try {
    result = await apply(input.plan, { stateDir: session.environment.stateDir });
  } finally {
    spinner.stop();
  }
  for (const c of changes) out.out(`${out.style.green('✓')} ${c.action} ${c.path}`);
  out.out(`Done: transaction ${result.id} (${result.written.length} file(s)). Undo with: patchbay rollback ${result.id}`);
  out.json({ ...base, status: 'applied', exitCode: EXIT.ok, transaction: result.id, changes, diff, diagnostics: diagnosticsJson });
  return EXIT.ok;
}

/** The one sentence for "no terminal and no flag to decide". */
export function noTerminalError(command: string, flags: string): PatchbayError {
  return new PatchbayError('not-a-tty', `patchbay ${command} needs a terminal to ask, and none is attached: pass ${flags}.`);
}
