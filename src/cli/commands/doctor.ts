// `patchbay doctor [name…] [dir]`: reads the selected host files, starts every server the way its
// host would, and reports one row per host × file × server. Read-only. Exit 0 when every row is ok
// (disabled and unsupported rows do not count), 1 otherwise, 2 on usage errors.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { displayPath } from '../../display-path.js';
import { formatRows, formatSummary } from '../../doctor/format.js';
import { installCleanup } from '../../doctor/process-tree.js';
import { runDoctor, willStart, type DoctorProgress } from '../../doctor/run.js';
import { readTargets } from '../../doctor/targets.js';
import type { Target } from '../../doctor/types.js';
import { PatchbayError } from '../../errors.js';
import type { CommandArgs } from '../args.js';
import { EXIT } from '../exit-codes.js';
import { diagnosticJson, formatDiagnostic } from '../format.js';
import type { Output } from '../output.js';
import { runSession, type Session } from '../session.js';

/** doctor's "not every server is ok" shares exit code 1 with status's drift (exit-codes.ts). */
const EXIT_UNHEALTHY = EXIT.drift;

export function run(args: CommandArgs): Promise<number> {
  return runSession(args, doctor);
}

function selectNames(targets: Target[], names: readonly string[] | undefined, projectDir: string): Target[] {
  if (names === undefined) return targets;
  const unknown = names.filter((n) => !targets.some((t) => t.name === n));
  if (unknown.length > 0) {
    const known = [...new Set(targets.map((t) => t.name))];
    const folder = unknown.find((n) => existsSync(path.resolve(n)));
    throw new PatchbayError('usage', `No server named ${unknown.map((n) => `'${n}'`).join(', ')} in the selected host files of ${projectDir}.`, {
      hint:
        folder !== undefined
          ? `To check the project in the folder '${folder}', pass it as a path: patchbay doctor ./${folder}`
          : known.length > 0
            ? `Servers found: ${known.join(', ')}.`
            : 'No server is configured in the selected host files.',
    });
  }
  return targets.filter((t) => names.includes(t.name));
}

/** "[2/5] checking claude-code github, cursor db" on a terminal's stderr, redrawn in place. */
function progressLine(out: Output): { update(p: DoctorProgress): void; clear(): void } {
  const stderr = out.streams.stderr;
  if (stderr.isTTY !== true) return { update() {}, clear() {} };
  const width = (stderr as { columns?: number }).columns ?? 80;
  return {
    update(p) {
      // A fetch before the handshake timer says so: "downloading" is not "hung".
      const doing = p.running.map((r) => (r.startsWith('fetching ') ? r : `checking ${r}`));
      const text = `[${p.done}/${p.total}] ${doing.length > 0 ? doing.join(', ') : 'done'}`;
      stderr.write(`\r\u001b[2K${text.slice(0, Math.max(10, width - 1))}`);
    },
    clear() {
      stderr.write('\r\u001b[2K');
    },
  };
}

/**
 * On a terminal (no --json, no --trust), once per project: list the project servers doctor would
 * start only with consent, and ask (default no). Off a terminal the answer is no.
 */
async function askTrust(session: Session, targets: readonly Target[]): Promise<boolean> {
  const { out, roots, args } = session;
  if (!out.interactive) return false;
  const withheld = targets.filter((t) => t.scope === 'project' && t.withheld !== undefined && willStart(t, true));
  if (withheld.length === 0) return false;
  // One line per command, not per host: the same .mcp.json entry is one thing to decide on.
  const lines = [...new Set(withheld.map((t) => `  ${t.name}: ${t.display} (${displayPath(t.file, roots)})`))];
  out.err(`Not started: ${lines.length === 1 ? 'a project server' : `${lines.length} project servers`} that ${withheld.length === 1 ? 'its host has' : 'their hosts have'} not been allowed to start:`);
  for (const line of lines) out.err(line);
  const { confirmTrust } = await import('../wizard.js');
  return confirmTrust(path.basename(args.projectDir), lines.length);
}

async function doctor(session: Session): Promise<number> {
  const { args, out, roots } = session;
  const read = await readTargets({
    projectDir: args.projectDir,
    home: session.environment.home,
    env: session.environment.env,
    ...(args.hosts !== undefined ? { hosts: args.hosts } : {}),
    ...(args.scope !== undefined ? { scopes: [args.scope] } : {}),
  });
  const targets = selectNames(read.targets, args.names, displayPath(args.projectDir, roots));
  for (const d of read.diagnostics) out.err(formatDiagnostic(d, roots, out.style));
  const trust = args.trust === true || (await askTrust(session, targets));

  const progress = progressLine(out);
  const uninstall = installCleanup((stopped) => {
    progress.clear();
    out.err(`patchbay: doctor interrupted; killed ${stopped} running ${stopped === 1 ? 'server' : 'servers'}`);
  });
  let report;
  try {
    report = await runDoctor(targets, {
      env: session.environment.env,
      ...(args.timeoutMs !== undefined ? { timeoutMs: args.timeoutMs } : {}),
      ...(args.parallel !== undefined ? { parallel: args.parallel } : {}),
      ...(args.installTimeoutMs !== undefined ? { installTimeoutMs: args.installTimeoutMs } : {}),
      trust,
      onProgress: (p) => progress.update(p),
    });
  } finally {
    progress.clear();
    uninstall();
  }
  const rows = report.rows.map((r) => ({ ...r, file: displayPath(r.file, roots) }));
  const fileErrors = read.diagnostics.some((d) => d.severity === 'error');
  const healthy = report.summary.healthy && !fileErrors;
  const exitCode = healthy ? EXIT.ok : EXIT_UNHEALTHY;

  const scopes = args.scope !== undefined ? args.scope : 'project and user';
  if (rows.length === 0) {
    out.out(read.files.length === 0 ? `No host file found (${scopes} scope).` : `No MCP server configured in ${read.files.length} host ${read.files.length === 1 ? 'file' : 'files'}.`);
  } else {
    out.out(`Host files (${scopes} scope): ${read.files.map((f) => displayPath(f, roots)).join(', ')}`);
    out.out('');
    for (const line of formatRows(rows, out.style)) out.out(line);
    out.out('');
    out.out(formatSummary(report.summary));
  }
  if (fileErrors) out.out('A host file could not be read (see above): the host cannot read it either.');
  out.json({
    command: 'doctor',
    status: healthy ? 'ok' : 'unhealthy',
    exitCode,
    trusted: trust,
    rows,
    summary: report.summary,
    files: read.files.map((f) => displayPath(f, roots)),
    diagnostics: read.diagnostics.map((d) => diagnosticJson(d, roots)),
  });
  return exitCode;
}
