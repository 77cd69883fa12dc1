// `patchbay init [dir]`: register patchbay's own server in the chosen hosts — `add` of one managed
// server like any other (core/servers/operations.ts) — or (--no-mcp) write the project manifest only.
// The wizard only asks; which hosts and scope otherwise is the one host rule (core/host-selection.ts),
// the same the MCP server's `plan` and the library use.
import { hostsForNewServer, type HostChoice, type HostSource } from '../../core/host-selection.js';
import { loadManifest } from '../../core/manifest/manifest.js';
import { isSelfSpec, selfServerOf, type PlacedServer } from '../../core/manifest/pin.js';
import { planServers, type ServersRequest } from '../../core/servers/operations.js';
import { SELF_SERVER_NAME } from '../../installers/binding.js';
import { selfSpec } from '../../installers/entry.js';
import type { Detection, HostId, Scope } from '../../installers/types.js';
import type { ServerSpec } from '../../servers/spec.js';
import { PATCHBAY_VERSION } from '../../version.js';
import type { CommandArgs } from '../args.js';
import { noTerminalError, runPlanFlow } from '../flow.js';
import { describeChoice, hostContext, SOURCE_WORDS } from '../hosts.js';
import { planManifestWrite } from '../manifest-plan.js';
import { runSession, type Session } from '../session.js';

export function run(args: CommandArgs): Promise<number> {
  return runSession(args, init);
}


async function init(session: Session): Promise<number> {
  const { args, out } = session;
  const ctx = hostContext(session);
  const wizard = out.interactive && !args.yes;
  if (!wizard && !args.yes && args.hosts === undefined) {
    throw noTerminalError('init', '--yes to use the detected hosts, or --host with a comma-separated list of hosts (see patchbay init --help)');
  }
  let hosts = args.hosts;
  let scope = args.scope;
  let detections: Detection[] | null = null;
  if (wizard) {
    const { askHosts, askScope } = await import('../wizard.js');
    const { detectHosts } = await import('../../installers/index.js');
    const defaults = (await loadManifest(ctx.projectDir))?.model.defaults ?? {};
    if (hosts === undefined) {
      detections = await detectHosts(ctx);
      hosts = await askHosts(detections, defaults.hosts ?? detections.filter((d) => d.detected).map((d) => d.host));
    }
    if (scope === undefined) scope = await askScope(defaults.scope ?? 'project');
  }
  const consent = args.yes || !out.interactive ? 'given' : 'ask';
  if (args.noMcp) return initManifestOnly(session, hosts, scope, consent);

  const request: ServersRequest = {
    action: 'init',
    fallback: 'generic',
    ...(hosts !== undefined ? { hosts } : {}),
    ...(scope !== undefined ? { scope } : {}),
    ...(args.opencodeVersion !== undefined ? { opencodeVersion: args.opencodeVersion } : {}),
  };
  const result = await planServers(session.environment, ctx, request);
  const [placement] = result.placements;
  const version = versionOf(result.servers);
  if (!wizard && placement) {
    // A recorded server keeps its hosts: say where that record is.
    const words = result.source === 'server' ? (placement.recordedIn === 'manifest' ? 'as patchbay.jsonc records them' : "as patchbay's state records them") : undefined;
    printChoice(session, placement.hosts, placement.scope, result.choice ?? null, result.source, detections, words);
  }
  return runPlanFlow(session, {
    plan: result.plan,
    diagnostics: result.diagnostics,
    summaries: result.hostPlans.map((p) => ({ host: p.host, lines: p.summary })),
    nothingToDo: 'Nothing to do: every host is current.',
    report: { hosts: placement?.hosts ?? result.hosts, scope: placement?.scope ?? result.scope, version, source: result.source },
    consent,
  });
}

/** `init --no-mcp`: the manifest only, recording patchbay's server where it would go (sync writes it). */
async function initManifestOnly(session: Session, hosts: readonly string[] | undefined, scope: Scope | undefined, consent: 'given' | 'ask'): Promise<number> {
  const ctx = hostContext(session);
  const loaded = await loadManifest(ctx.projectDir);
  const model = loaded?.model ?? null;
  const choice = await hostsForNewServer(ctx, { explicit: hosts, scope, defaults: model?.defaults ?? {}, fallback: 'generic' });
  if (!(session.out.interactive && !session.args.yes)) printChoice(session, choice.hosts, choice.scope, choice, choice.source, choice.detections);
  const self = model ? selfServerOf(model.servers) : undefined;
  const name = self?.[0] ?? SELF_SERVER_NAME;
  const spec = self?.[1].spec ?? selfSpec(PATCHBAY_VERSION);
  const servers: Record<string, PlacedServer> = { ...(model?.servers ?? {}), [name]: { spec, hosts: choice.hosts, scope: choice.scope } };
  const plan = await planManifestWrite(session, loaded, { defaults: { hosts: choice.hosts, scope: choice.scope }, servers }, `init --no-mcp ${choice.hosts.join(',')} (${choice.scope})`);
  return runPlanFlow(session, {
    plan,
    diagnostics: [],
    nothingToDo: 'Nothing to do: patchbay.jsonc already says this.',
    report: { hosts: choice.hosts, scope: choice.scope, version: spec.version, source: choice.source, manifestOnly: true },
    consent,
  });
}

function printChoice(session: Session, hosts: readonly HostId[], scope: Scope, choice: HostChoice | null, source: HostSource, detections: Detection[] | null, words = SOURCE_WORDS[source]): void {
  const { out } = session;
  if (choice && choice.skipped.length > 0) out.err(`patchbay: skipping ${choice.skipped.join(', ')}: no ${scope} file (pass --scope user to include it).`);
  const list = choice?.detections ?? detections;
  out.out(`Hosts (${words}): ${hosts.map((h) => describeChoice(h, list)).join(', ')}; scope: ${scope}`);
}

function versionOf(servers: Record<string, ServerSpec>): string {
  const self = Object.values(servers).find(isSelfSpec);
  return self?.version ?? PATCHBAY_VERSION;
}
