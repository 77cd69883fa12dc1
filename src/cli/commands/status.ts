// `patchbay status [dir]`: per host × file, the state of patchbay's entry. Exit 0 when every selected
// host is current, 1 on drift, 3 when a file is malformed (see exit-codes.ts).
import type { Diagnostic } from '../../diagnostics.js';
import { displayPath } from '../../display-path.js';
import { inspectHosts } from '../../installers/index.js';
import type { FileReport, HostId, HostReport, ServerEntry } from '../../installers/types.js';
import { redactEntry } from '../../redact.js';
import type { CommandArgs } from '../args.js';
import { EXIT, MALFORMED_CODES } from '../exit-codes.js';
import { printDiagnostics } from '../flow.js';
import { diagnosticJson } from '../format.js';
import { defaultScope, detectedIds, detections, loadSelection, pinVersion } from '../hosts.js';
import { runSession, type Session } from '../session.js';

export function run(args: CommandArgs): Promise<number> {
  return runSession(args, status);
}

const DRIFT_STATES = new Set(['stale', 'foreign', 'other-dialect']);

/** A host is current when its target file holds our current entry and no file holds a conflicting one. */
export function hostIsCurrent(report: HostReport): boolean {
  const target = report.files.find((f) => f.target);
  if (!target || target.state !== 'current') return false;
  return !report.files.some((f) => DRIFT_STATES.has(f.state));
}

/** Host and file diagnostics, once each (an adapter may report a file's problem at both levels). */
function allDiagnostics(reports: readonly HostReport[]): Diagnostic[] {
  const seen = new Set<string>();
  return reports
    .flatMap((r) => [...r.diagnostics, ...r.files.flatMap((f) => f.diagnostics)])
    .filter((d) => {
      const key = JSON.stringify([d.code, d.path, d.line, d.column, d.message]);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

// Host files hold credentials in args and urls: shown through the same redactor as the MCP server.
function serverSummary(entry: ServerEntry): string {
  const server = redactEntry(entry);
  const what = server.url !== undefined ? server.url : [server.command, ...(server.args ?? [])].filter(Boolean).join(' ');
  return `${server.name} (${server.transport}${what ? `: ${what}` : ''})`;
}

function serverJson(server: ServerEntry): ServerEntry {
  return redactEntry(server);
}

/** The files worth a row: every existing candidate, plus the target even when it does not exist yet. */
function shownFiles(report: HostReport): FileReport[] {
  return report.files.filter((f) => f.exists || f.target);
}

async function status(session: Session): Promise<number> {
  const { args, out, roots } = session;
  const selection = await loadSelection(session);
  let hosts: HostId[];
  let source: string;
  if (args.hosts !== undefined) {
    hosts = args.hosts;
    source = '--host';
  } else if (selection.manifest) {
    hosts = selection.manifest.manifest.hosts as HostId[];
    source = 'patchbay.jsonc';
  } else {
    hosts = detectedIds(await detections(selection));
    source = 'detected';
  }
  const scope = defaultScope(session, selection);
  const version = pinVersion(selection);

  const reports =
    hosts.length === 0
      ? []
      : await inspectHosts(selection.ctx, {
          hosts,
          scope,
          version,
          ...(args.opencodeVersion !== undefined ? { opencodeVersion: args.opencodeVersion } : {}),
        });
  const diagnostics = allDiagnostics(reports);
  const malformed = diagnostics.some((d) => d.severity === 'error' && MALFORMED_CODES.has(d.code));
  const current = reports.every(hostIsCurrent);
  const exitCode = malformed ? EXIT.refused : current ? EXIT.ok : EXIT.drift;

  const s = out.style;
  out.out(`Hosts (${source}): ${hosts.join(', ') || 'none'}; scope: ${scope}; pin: patchbay@${version}`);
  if (hosts.length === 0) out.out('No host selected: none detected and no patchbay.jsonc. Pass --host to choose.');
  for (const report of reports) {
    const hostState = hostIsCurrent(report) ? s.green('current') : s.yellow('drift');
    out.out(`${s.bold(report.host)} ${hostState}`);
    for (const file of shownFiles(report)) {
      const paint = file.state === 'current' ? s.green : file.state === 'absent' ? s.dim : s.yellow;
      const cells = [
        `  ${displayPath(file.path, roots)}`,
        paint(file.state),
        `pin=${file.pin ?? '-'}`,
        `dialect=${file.dialect ?? '-'}`,
        file.target ? 'target' : '',
        file.exists ? '' : '(does not exist)',
      ].filter((c) => c !== '');
      out.out(cells.join('  '));
      const others = file.servers.filter((sv) => sv.name !== 'patchbay');
      if (others.length > 0) out.out(s.dim(`    other servers: ${others.map(serverSummary).join(', ')}`));
    }
  }
  printDiagnostics(session, diagnostics);
  if (reports.length > 0) {
    out.out(
      malformed
        ? 'A host file is malformed: fix it by hand (see above), then run patchbay status again.'
        : current
          ? 'Every selected host is current.'
          : 'Drift: run `patchbay init` for absent entries, `patchbay migrate` for stale or other-dialect ones.',
    );
  }
  out.json({
    command: 'status',
    status: malformed ? 'malformed' : current ? 'current' : 'drift',
    exitCode,
    source,
    scope,
    version,
    hosts: reports.map((r) => ({
      host: r.host,
      scope: r.scope,
      current: hostIsCurrent(r),
      detected: r.detection.detected,
      reasons: r.detection.reasons,
      ...(r.detection.version !== undefined ? { version: r.detection.version } : {}),
      ...(r.detection.dialect !== undefined ? { dialect: r.detection.dialect } : {}),
      files: r.files.map((f) => ({
        path: displayPath(f.path, roots),
        exists: f.exists,
        target: f.target,
        state: f.state,
        ...(f.pin !== undefined ? { pin: f.pin } : {}),
        ...(f.dialect !== undefined ? { dialect: f.dialect } : {}),
        servers: f.servers.map(serverJson),
        diagnostics: f.diagnostics.map((d) => diagnosticJson(d, roots)),
      })),
    })),
    diagnostics: diagnostics.map((d) => diagnosticJson(d, roots)),
  });
  return exitCode;
}
