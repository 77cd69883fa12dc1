// `patchbay hosts [dir] [--platform linux|darwin|win32]`: the host catalog as a table — id, name,
// supported, files per scope on this OS (or the one named: what a teammate on a Mac would get), format,
// and detection with its reasons. Read-only; detection probes run in parallel and never spawn a binary
// that is not on PATH (probe.ts). Another platform's table is paths only: nothing there to detect.
import { HOST_INFO } from '../../installers/catalog-data.js';
import { describeFiles, detectHosts, formatOf, hostRecord } from '../../installers/index.js';
import type { Detection } from '../../installers/types.js';
import type { CommandArgs } from '../args.js';
import { EXIT } from '../exit-codes.js';
import { hostContext } from '../hosts.js';
import { runSession } from '../session.js';

export interface HostRow {
  id: string;
  displayName: string;
  supported: boolean;
  format: string | null;
  files: { project: string[]; user: string[] };
  detected: boolean | null;
  reasons: string[];
  version?: string;
}

export function hostRows(detections: readonly Detection[], platform: NodeJS.Platform): HostRow[] {
  const byId = new Map(detections.map((d) => [d.host, d]));
  return HOST_INFO.map((info) => {
    if (!info.supported) {
      return { id: info.id, displayName: info.displayName, supported: false, format: null, files: { project: [], user: [] }, detected: null, reasons: ['not supported yet'] };
    }
    const record = hostRecord(info.id);
    const d = byId.get(info.id);
    const row: HostRow = {
      id: info.id, displayName: info.displayName, supported: true, format: formatOf(record),
      files: { project: describeFiles(record, 'project', platform), user: describeFiles(record, 'user', platform) },
      detected: d?.detected ?? false, reasons: d?.reasons ?? [],
    };
    if (d?.version !== undefined) row.version = d.version;
    return row;
  });
}

const PLATFORM_WORDS: Record<string, string> = { linux: 'Linux', darwin: 'macOS', win32: 'Windows' };

export function run(args: CommandArgs): Promise<number> {
  return runSession(args, async (session) => {
    const { out } = session;
    const ctx = hostContext(session);
    const platform = args.platform ?? ctx.platform;
    const foreign = platform !== ctx.platform;
    const rows = hostRows(foreign ? [] : await detectHosts(ctx), platform);
    if (foreign) for (const r of rows) if (r.supported) Object.assign(r, { detected: null, reasons: [`not detected: the table is for ${platform}, this system is ${ctx.platform}`] });
    const s = out.style;
    // Detected hosts first, then the other supported ones, then the planned ones: catalog order within.
    const rank = (r: HostRow) => (r.detected ? 0 : r.supported ? 1 : 2);
    const idWidth = Math.max(...rows.map((r) => r.id.length));
    const nameWidth = Math.max(...rows.map((r) => r.displayName.length));
    const formatWidth = Math.max(...rows.map((r) => (r.format ?? '-').length));
    out.out(s.dim(`${'id'.padEnd(idWidth)}  ${'name'.padEnd(nameWidth)}  ${'format'.padEnd(formatWidth)}  detected`));
    for (const r of [...rows].sort((a, b) => rank(a) - rank(b))) {
      const state = r.detected ? s.green(`yes${r.version ? ` (${r.version})` : ''}`) : !r.supported ? s.yellow('planned, not supported yet') : r.detected === null ? s.dim('-') : s.dim('no');
      out.out(`${s.bold(r.id.padEnd(idWidth))}  ${r.displayName.padEnd(nameWidth)}  ${(r.format ?? '-').padEnd(formatWidth)}  ${state}`);
      if (!r.supported) continue;
      out.out(`    project: ${r.files.project.join(', ') || '—'}`);
      out.out(`    user:    ${r.files.user.join(', ') || '—'}`);
      const why = r.detected ? r.reasons.filter((x) => x.startsWith('found') || x.includes('printed')) : [];
      if (why.length > 0) out.out(s.dim(`    why:     ${why.join('; ')}`));
    }
    const counts = `${rows.filter((r) => r.supported).length} supported, ${rows.filter((r) => !r.supported).length} planned`;
    out.out(foreign ? `${counts}; files as ${PLATFORM_WORDS[platform] ?? platform} resolves them (detection runs on that system only).` : `${counts}, ${rows.filter((r) => r.detected).length} detected here.`);
    out.json({ command: 'hosts', status: 'ok', exitCode: EXIT.ok, platform, hosts: rows });
    return EXIT.ok;
  });
}
