// `patchbay init [dir]`: register patchbay's server in the chosen hosts, or (--no-mcp) write the
// project manifest only.
import { planAction } from '../../installers/index.js';
import type { HostId, Scope } from '../../installers/types.js';
import type { CommandArgs } from '../args.js';
import { noTerminalError, runPlanFlow } from '../flow.js';
import { defaultScope, describeChoice, detectedIds, detections, loadSelection, pinVersion, supportingScope, type Selection } from '../hosts.js';
import { planManifestWrite } from '../manifest-plan.js';
import { runSession, type Session } from '../session.js';

export function run(args: CommandArgs): Promise<number> {
  return runSession(args, init);
}

interface Choice {
  hosts: HostId[];
  scope: Scope;
  /** Where the hosts came from, for the one line that says so. */
  source: 'flag' | 'wizard' | 'manifest' | 'detected' | 'fallback';
}

async function choose(session: Session, selection: Selection): Promise<Choice> {
  const { args, out } = session;
  const manifest = selection.manifest?.manifest;
  const wizard = out.interactive && !args.yes;
  if (!wizard && !args.yes && args.hosts === undefined) {
    throw noTerminalError('init', "--yes to use the detected hosts, or --host with a comma-separated list of opencode, claude-code, cursor, generic");
  }
  let hosts: HostId[];
  let source: Choice['source'];
  if (args.hosts !== undefined) {
    hosts = args.hosts;
    source = 'flag';
  } else if (wizard) {
    const { askHosts } = await import('../wizard.js');
    const found = await detections(selection);
    hosts = await askHosts(found, (manifest?.hosts as HostId[] | undefined) ?? detectedIds(found));
    source = 'wizard';
  } else if (manifest) {
    hosts = manifest.hosts as HostId[];
    source = 'manifest';
  } else {
    const found = detectedIds(await detections(selection));
    hosts = found.length > 0 ? found : ['generic'];
    source = found.length > 0 ? 'detected' : 'fallback';
  }
  let scope = defaultScope(session, selection);
  if (wizard && args.scope === undefined) {
    const { askScope } = await import('../wizard.js');
    scope = await askScope(scope);
  }
  // The generic host has only a user file: falling back to it means the user scope unless a scope
  // was asked for; a detected host without a file at the chosen scope is left out (and said so).
  if (source === 'fallback' && args.scope === undefined && !manifest) scope = 'user';
  if (source === 'detected') {
    const usable = supportingScope(hosts, scope);
    const skipped = hosts.filter((h) => !usable.includes(h));
    if (skipped.length > 0) out.err(`patchbay: skipping ${skipped.join(', ')}: no ${scope} file (pass --scope user to include it).`);
    hosts = usable.length > 0 ? usable : hosts;
  }
  return { hosts, scope, source };
}

async function init(session: Session): Promise<number> {
  const { args, out } = session;
  const selection = await loadSelection(session);
  const { hosts, scope, source } = await choose(session, selection);
  const version = pinVersion(selection);
  const report = { hosts, scope, version };

  if (source !== 'wizard') {
    const why = {
      flag: 'from --host',
      manifest: 'from patchbay.jsonc',
      detected: 'detected',
      fallback: 'no host detected, so patchbay falls back to the generic user file $XDG_CONFIG_HOME/mcp/mcp.json',
      wizard: '',
    }[source];
    out.out(`Hosts (${why}): ${hosts.map((h) => describeChoice(h, selection.detections)).join(', ')}; scope: ${scope}`);
  }

  const consent = args.yes || !out.interactive ? 'given' : 'ask';
  if (args.noMcp) {
    const plan = await planManifestWrite(session, selection, { hosts, scope, version }, `init --no-mcp ${hosts.join(',')} (${scope})`);
    return runPlanFlow(session, {
      plan,
      diagnostics: [],
      nothingToDo: 'Nothing to do: patchbay.jsonc already says this.',
      report: { ...report, manifestOnly: true },
      consent,
    });
  }
  const result = await planAction(selection.ctx, {
    action: 'init',
    hosts,
    scope,
    version,
    ...(args.opencodeVersion !== undefined ? { opencodeVersion: args.opencodeVersion } : {}),
  });
  return runPlanFlow(session, {
    plan: result.plan,
    diagnostics: result.diagnostics,
    summaries: result.hostPlans.map((p) => ({ host: p.host, lines: p.summary })),
    nothingToDo: 'Nothing to do: every host is current.',
    report,
    consent,
  });
}
