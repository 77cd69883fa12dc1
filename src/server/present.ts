// Turns installer/engine data into what agents see: absolute paths shortened with displayPath
// (the absolute home never leaves), every free-text field and URL passed through redaction.
import type { Diagnostic } from '../diagnostics.js';
import { displayPath, type DisplayRoots } from '../display-path.js';
import { isPatchbayError } from '../errors.js';
import { redactEntry, redactText } from '../redact.js';
import type { FileReport, ServerEntry } from '../installers/types.js';
import type { WireDiagnostic } from './envelope.js';

export function showPath(absolute: string, roots: DisplayRoots): string {
  return displayPath(absolute, roots);
}

export function wireDiagnostic(d: Diagnostic, roots: DisplayRoots): WireDiagnostic {
  const out: WireDiagnostic = { code: String(d.code), severity: d.severity, message: redactPaths(redactText(d.message), roots) };
  if (d.path) out.path = showPath(d.path, roots);
  if (d.pointer) out.pointer = d.pointer;
  if (d.line !== undefined) out.line = d.line;
  if (d.column !== undefined) out.column = d.column;
  if (d.hint) out.hint = redactPaths(redactText(d.hint), roots);
  if (d.host) out.host = d.host;
  return out;
}

/** Messages may embed absolute paths; show them the way `path` is shown. */
function redactPaths(text: string, roots: DisplayRoots): string {
  let out = text;
  const project = roots.projectDir.endsWith('/') ? roots.projectDir : `${roots.projectDir}/`;
  const home = roots.home.endsWith('/') ? roots.home : `${roots.home}/`;
  // Longest root first, so a project inside HOME is shown project-relative.
  for (const [prefix, replacement] of [
    [project, ''],
    [home, '~/'],
  ].sort((a, b) => b[0]!.length - a[0]!.length) as [string, string][]) {
    out = out.split(prefix).join(replacement);
  }
  return out;
}

/** A thrown error as a diagnostic (facade failures must not crash a call or leak a stack). */
export function errorDiagnostic(error: unknown, roots: DisplayRoots): WireDiagnostic {
  if (isPatchbayError(error)) {
    const d: Diagnostic = { code: error.code, severity: 'error', message: error.message };
    if (error.details.path) d.path = error.details.path;
    if (error.details.pointer) d.pointer = error.details.pointer;
    if (error.details.line !== undefined) d.line = error.details.line;
    if (error.details.column !== undefined) d.column = error.details.column;
    if (error.details.hint) d.hint = error.details.hint;
    return wireDiagnostic(d, roots);
  }
  const message = error instanceof Error ? error.message : String(error);
  return wireDiagnostic({ code: 'internal', severity: 'error', message }, roots);
}

export type WireServer = {
  host: string;
  scope: string;
  file: string;
  name: string;
  transport: string;
  command?: string;
  args?: string[];
  url?: string;
  env_names: string[];
  header_names: string[];
  managed: boolean;
  pin?: string;
  dialect?: string;
  disabled?: boolean;
  state: string;
  pointer: string;
};

export function wireServer(entry: ServerEntry, file: FileReport, roots: DisplayRoots): WireServer {
  const out: WireServer = {
    host: file.host,
    scope: file.scope,
    file: showPath(file.path, roots),
    name: entry.name,
    transport: entry.transport,
    env_names: [...entry.envNames],
    header_names: [...entry.headerNames],
    managed: entry.managed,
    // Our entry's state (patchbay's package, whatever its name) is the file's classification.
    state: entry.managed ? file.state : 'unmanaged',
    pointer: entry.pointer,
  };
  const shown = redactEntry(entry);
  if (shown.command !== undefined) out.command = shown.command;
  if (shown.args !== undefined) out.args = shown.args;
  if (shown.url !== undefined) out.url = shown.url;
  if (entry.pin !== undefined) out.pin = entry.pin;
  if (entry.dialect !== undefined) out.dialect = entry.dialect;
  if (entry.disabled !== undefined) out.disabled = entry.disabled;
  return out;
}

