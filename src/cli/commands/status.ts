// `patchbay status [dir]`: per host × file, the state of patchbay's entry. Exit 0 when every selected
// host is current, 1 on drift, 3 when a file is malformed (see exit-codes.ts).
import { displayPath } from '../../display-path.js';
import type { FileReport, HostReport, ServerEntry } from '../../installers/types.js';
import { redactEntry } from '../../redact.js';
import { PACKAGE_NAME } from '../../version.js';
import type { CommandArgs } from '../args.js';
import { EXIT, MALFORMED_CODES } from '../exit-codes.js';
import { printDiagnostics } from '../flow.js';
import { diagnosticJson, refusalErrorJson } from '../format.js';
import { hostContext } from '../hosts.js';
import { hostIsCurrent, statusOf } from '../../core/status.js';
import { runSession, type Session } from '../session.js';

export function run(args: CommandArgs): Promise<number> {
  return runSession(args, status);
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
  const result = await statusOf(hostContext(session), {
    ...(args.hosts !== undefined ? { hosts: args.hosts } : {}),
    ...(args.scope !== undefined ? { scope: args.scope } : {}),
    ...(args.opencodeVersion !== undefined ? { opencodeVersion: args.opencodeVersion } : {}),
    // The human report shows no host versions or detection reasons (--json does): no `--version` runs.
    probeVersions: args.json,
    stateDir: session.environment.stateDir,
  }, MALFORMED_CODES);
  const { source, hosts, scope, version, diagnostics, malformed, current } = result;
  const exitCode = malformed ? EXIT.refused : current ? EXIT.ok : EXIT.drift;

  const s = out.style;
  const sourceWords = { '--host': 'from --host', 'patchbay.jsonc': 'from patchbay.jsonc', 'managed.json': 'from managed.json', registered: 'with a patchbay entry' }[source];
  const onlySelf = result.servers.length === 1 && result.servers[0]?.self === true;
  if (result.servers.length === 0) {
    out.out(`Nothing is registered: patchbay manages no server here, and no ${scope}-scope host file holds a patchbay entry. Run \`patchbay init\` or \`patchbay add\` to register one.`);
  } else {
    out.out(`Hosts (${sourceWords}): ${hosts.join(', ')}; scope: ${scope}; ${onlySelf ? `pin: ${PACKAGE_NAME}@${version}` : `servers: ${result.servers.map((sv) => sv.name).join(', ')}`}`);
  }
  for (const server of result.servers) {
    // Each server on its own hosts (manifest v3): say which, so a host left out is visibly a choice.
    if (!onlySelf) out.out(`${s.bold(`server ${server.name}`)} (${server.label}) ${server.current ? s.green('current') : s.yellow('drift')}  ${s.dim(`hosts: ${server.hosts.join(', ')} (${server.scope})`)}`);
    printReports(server.name, server.reports);
  }
  function printReports(name: string, reports: readonly HostReport[]): void {
  for (const report of reports) {
    const hostState = hostIsCurrent(report) ? s.green('current') : s.yellow('drift');
    out.out(`${onlySelf ? '' : '  '}${s.bold(report.host)} ${hostState}`);
    for (const file of shownFiles(report)) {
      const paint = file.state === 'current' ? s.green : file.state === 'absent' ? s.dim : s.yellow;
      const cells = [
        `${onlySelf ? '  ' : '    '}${displayPath(file.path, roots)}`,
        paint(file.state),
        `pin=${file.pin ?? '-'}`,
        `dialect=${file.dialect ?? '-'}`,
        file.target ? 'target' : '',
        file.exists ? '' : '(does not exist)',
        file.sharedWith ? `(shared with ${file.sharedWith.join(', ')}: one entry serves all)` : '',
      ].filter((c) => c !== '');
      out.out(cells.join('  '));
      const others = file.servers.filter((sv) => sv.name !== name);
      if (others.length > 0 && onlySelf) out.out(s.dim(`    other servers: ${others.map(serverSummary).join(', ')}`));
    }
  }
  }
  printDiagnostics(session, diagnostics);
  if (result.servers.length > 0) {
    out.out(
      malformed
        ? 'A host file is malformed: fix it by hand (see above), then run patchbay status again.'
        : current
          ? 'Every selected host is current.'
          : onlySelf
            ? 'Drift: run `patchbay init` for absent entries, `patchbay migrate` for stale or other-dialect ones.'
            : 'Drift: run `patchbay sync` to make every host match the manifest.',
    );
  }
  out.json({
    command: 'status',
    status: malformed ? 'malformed' : current ? 'current' : 'drift',
    exitCode,
    ...(malformed ? { error: refusalErrorJson(diagnostics.filter((d) => MALFORMED_CODES.has(d.code)), roots) } : {}),
    source,
    scope,
    version,
    servers: result.servers.map((sv) => ({
      name: sv.name,
      label: sv.label,
      scope: sv.scope,
      recordedIn: sv.recordedIn,
      self: sv.self,
      current: sv.current,
      hosts: sv.reports.map((r) => ({ host: r.host, current: hostIsCurrent(r), files: r.files.filter((f) => f.exists || f.target).map((f) => ({ path: displayPath(f.path, roots), state: f.state, ...(f.pin !== undefined ? { pin: f.pin } : {}) })) })),
    })),
    hosts: result.reports.map((r) => ({
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
        ...(f.sharedWith !== undefined ? { sharedWith: f.sharedWith } : {}),
        servers: f.servers.map(serverJson),
        diagnostics: f.diagnostics.map((d) => diagnosticJson(d, roots)),
      })),
    })),
    diagnostics: diagnostics.map((d) => diagnosticJson(d, roots)),
  });
  return exitCode;
}
