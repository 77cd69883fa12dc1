// `patchbay update [name] [--latest]`: re-resolve npm pins within each server's range (or past it with
// --latest) and re-pin every host in one transaction; prints old → new.
import { PatchbayError } from '../../errors.js';
import { loadManifest } from '../../core/manifest/manifest.js';
import { readRecords } from '../../core/servers/records.js';
import { managedServers as managedSet } from '../../core/servers/managed-set.js';
import { resolveNpmVersion } from '../../core/servers/resolve.js';
import type { NpmSource, ServerSpec } from '../../servers/spec.js';
import type { CommandArgs } from '../args.js';
import { runServersFlow } from '../server-flow.js';
import { updatedRegistryServer } from '../registry-add.js';
import { runSession, type Session } from '../session.js';

export function run(args: CommandArgs): Promise<number> {
  return runSession(args, update);
}

/** The servers patchbay manages here (manifest and state records), narrowed to --scope. */
async function managedServers(session: Session): Promise<Record<string, ServerSpec>> {
  const manifest = await loadManifest(session.args.projectDir);
  const records = await readRecords(session.environment.stateDir);
  const all = managedSet(manifest?.model ?? null, records, session.args.projectDir);
  const scope = session.args.scope;
  return Object.fromEntries(all.filter((m) => scope === undefined || m.scope === scope).map((m) => [m.name, m.spec]));
}

async function update(session: Session): Promise<number> {
  const { args, out } = session;
  const all = await managedServers(session);
  const names = args.words?.length ? args.words : Object.keys(all);
  const updated: Record<string, ServerSpec> = {};
  const moves: Array<{ name: string; from: string; to: string }> = [];
  for (const name of names) {
    const spec = all[name];
    if (!spec) throw new PatchbayError('server-not-managed', `patchbay does not manage a server named '${name}' here.`, { hint: '`patchbay list` shows what is managed' });
    if (spec.registry) {
      const next = await updatedRegistryServer(args, session.environment.env, spec);
      if (next) {
        updated[name] = next.spec;
        moves.push({ name, from: next.from, to: next.to });
      }
      continue;
    }
    if (!('npm' in spec)) continue;
    const npm = spec as NpmSource;
    // Without a range an exact pin only moves with --latest.
    const range = args.latest ? 'latest' : npm.range;
    if (range === undefined) continue;
    const version = await resolveNpmVersion(npm.npm, range === 'latest' ? undefined : range, session.environment.env);
    if (version === npm.version) continue;
    updated[name] = { ...npm, version };
    moves.push({ name, from: npm.version, to: version });
  }
  for (const m of moves) out.out(`${m.name}: ${m.from} -> ${m.to}`);
  if (moves.length === 0) {
    out.out('Nothing to update: every npm pin is the newest its range allows (use --latest to move past the range), and every registry server is at its newest version.');
    out.json({ command: 'update', status: 'nothing-to-do', exitCode: 0, updates: [] });
    return 0;
  }
  return runServersFlow(session, { action: 'update', servers: updated }, 'Nothing to do.', { updates: moves });
}
