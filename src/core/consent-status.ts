// The consent notes `status` shows (issue 23 item 2): a project server that is current in a host file
// but that the host would not start yet — Claude Code's approval, Copilot CLI's and Codex's folder
// trust, Qwen's pending approval — gets an info note with the host's own way to consent. The facts are
// the host records' trust gates (src/installers/trust-facts.ts), the same ones doctor decides by. Notes
// never change status's answer: the file holds what patchbay manages; consent is the user's to give.
import type { Diagnostic } from '../diagnostics.js';
import { fileEntries, placesOf } from '../doctor/host-entries.js';
import { readHostFile } from '../doctor/host-file.js';
import { hostRecord } from '../installers/catalog.js';
import { codecOf } from '../installers/host-core.js';
import { ConsentReader, consentNotes } from '../installers/trust.js';
import type { HostContext, HostReport } from '../installers/types.js';

export interface ConsentSubject {
  name: string;
  scope: 'project' | 'user';
  reports: readonly HostReport[];
}

export async function consentNotesForStatus(ctx: HostContext, servers: readonly ConsentSubject[]): Promise<Diagnostic[]> {
  const reader = new ConsentReader(ctx);
  const entriesOf = new Map<string, Promise<Map<string, unknown>>>();
  const notes: Diagnostic[] = [];
  for (const server of servers) {
    if (server.scope !== 'project') continue;
    for (const report of server.reports) {
      const record = hostRecord(report.host);
      if (!record.trust) continue;
      const target = report.files.find((f) => f.target && f.exists && f.state === 'current');
      if (!target) continue;
      const key = `${report.host}\0${target.path}`;
      if (!entriesOf.has(key)) entriesOf.set(key, readEntries(ctx, record, target.path));
      const entry = (await entriesOf.get(key) as Map<string, unknown>).get(server.name);
      if (entry === undefined) continue;
      notes.push(...await consentNotes(record, ctx, target.path, [{ name: server.name, entry }], reader));
    }
  }
  return notes;
}

/** The entries of one project host file by name, as written (Qwen binds its approval to them). */
async function readEntries(ctx: HostContext, record: ReturnType<typeof hostRecord>, file: string): Promise<Map<string, unknown>> {
  const parsed = await readHostFile(file, codecOf(record, ctx, file, 'project'));
  if (parsed.doc === undefined) return new Map();
  const listed = fileEntries(parsed.doc, placesOf(record, ctx, 'project', file), file, ctx.platform);
  return new Map(listed.entries.map((e) => [e.name, e.value]));
}
