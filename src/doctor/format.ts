// The human form of a doctor report: one line per row (status, host, file, server, detail), then
// indented lines for notes, stderr and the hint. Pure: rows and a style in, lines out.
import type { DoctorSummary, Row, RowStatus } from './types.js';

type Paint = (text: string) => string;
export interface DoctorStyle {
  bold: Paint;
  dim: Paint;
  red: Paint;
  green: Paint;
  yellow: Paint;
}

function paintFor(status: RowStatus, style: DoctorStyle): Paint {
  if (status === 'ok') return style.green;
  if (status === 'disabled' || status === 'unsupported') return style.dim;
  if (status === 'needs-approval' || status === 'untrusted' || status === 'missing-env') return style.yellow;
  return style.red;
}

function exitText(row: Row): string | undefined {
  if (row.reason !== 'exited') return undefined;
  if (row.signal) return `killed by ${row.signal}`;
  if (row.exitCode !== undefined && row.exitCode !== null) return `exit ${row.exitCode}`;
  return undefined;
}

export function detail(row: Row): string {
  switch (row.status) {
    case 'ok':
      return `${row.protocolVersion}, ${row.tools} ${row.tools === 1 ? 'tool' : 'tools'}, ${row.ms} ms`;
    case 'needs-approval':
    case 'untrusted':
      // Started anyway (--trust, or a user server in an untrusted folder): what the check found.
      return row.tools !== undefined ? `${row.protocolVersion}, ${row.tools} ${row.tools === 1 ? 'tool' : 'tools'}, ${row.ms} ms` : 'not started';
    case 'missing-env':
      return `missing ${(row.missingEnv ?? []).join(', ')}`;
    case 'failed':
      return [exitText(row), row.message].filter(Boolean).join(': ');
    default:
      return row.message ?? '';
  }
}

const pad = (text: string, width: number): string => text + ' '.repeat(Math.max(0, width - text.length));

export function formatRows(rows: readonly Row[], style: DoctorStyle): string[] {
  const widths = {
    status: Math.max(...rows.map((r) => r.status.length)),
    host: Math.max(...rows.map((r) => r.host.length)),
    file: Math.max(...rows.map((r) => r.file.length)),
    name: Math.max(...rows.map((r) => r.name.length)),
  };
  const lines: string[] = [];
  for (const row of rows) {
    const head = [
      paintFor(row.status, style)(pad(row.status, widths.status)),
      pad(row.host, widths.host),
      pad(row.file, widths.file),
      style.bold(pad(row.name, widths.name)),
      detail(row),
    ].join('  ');
    lines.push(head.trimEnd());
    if (row.status !== 'ok' && row.display !== '') lines.push(`    ${style.dim(`${row.transport}: ${row.display}`)}`);
    if (row.message !== undefined && (row.status === 'needs-approval' || row.status === 'untrusted')) lines.push(`    ${row.message}`);
    for (const note of row.notes) lines.push(`    ${style.dim(`note: ${note}`)}`);
    for (const line of row.stderr ?? []) lines.push(`    ${style.dim('stderr:')} ${line}`);
    if (row.hint !== undefined) lines.push(`    ${style.dim('hint:')} ${row.hint}`);
  }
  return lines;
}

export function formatSummary(summary: DoctorSummary): string {
  const parts = Object.entries(summary.counts)
    .filter(([, n]) => n > 0)
    .map(([status, n]) => `${n} ${status}`);
  const seconds = (summary.ms / 1000).toFixed(1);
  return `${summary.total} ${summary.total === 1 ? 'server' : 'servers'}: ${parts.join(', ') || 'none'} (${summary.launches} started, ${seconds} s)`;
}
