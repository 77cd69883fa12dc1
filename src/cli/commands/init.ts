// `patchbay init [dir]`: register patchbay's server in the chosen hosts, or (--no-mcp) write the
// project manifest only. The wizard only asks; which hosts, scope and pin otherwise is the core's
// policy (core/intent.ts), the same the MCP server's `plan` uses.
import { resolveIntent, type HostSource, type IntentRequest } from '../../core/intent.js';
import { loadManifest } from '../../core/manifest/manifest.js';
import { manifestServers } from '../../core/manifest/pin.js';
import { selfSpec } from '../../installers/entry.js';
import { planIntent } from '../../core/plan.js';
import type { Detection } from '../../installers/types.js';
import type { CommandArgs } from '../args.js';
import { noTerminalError, runPlanFlow } from '../flow.js';
import { describeChoice, hostContext } from '../hosts.js';
import { planManifestWrite } from '../manifest-plan.js';
import { runSession, type Session } from '../session.js';

export function run(args: CommandArgs): Promise<number> {
  return runSession(args, init);
}

const SOURCE_WORDS: Record<HostSource, string> = {
  flag: 'from --host',
  manifest: 'from patchbay.jsonc',
  detected: 'detected',
  fallback: 'no host detected, so patchbay falls back to the generic user file $XDG_CONFIG_HOME/mcp/mcp.json',
  'in-scope': 'every host with a file at this scope',
};

async function init(session: Session): Promise<number> {
  const { args, out } = session;
  const ctx = hostContext(session);
  const wizard = out.interactive && !args.yes;
  if (!wizard && !args.yes && args.hosts === undefined) {
    throw noTerminalError('init', '--yes to use the detected hosts, or --host with a comma-separated list of hosts (see patchbay init --help)');
  }
  const request: IntentRequest = {
    action: 'init',
    ...(args.hosts !== undefined ? { hosts: args.hosts } : {}),
    ...(args.scope !== undefined ? { scope: args.scope } : {}),
    ...(args.opencodeVersion !== undefined ? { opencodeVersion: args.opencodeVersion } : {}),
  };
  let detections: Detection[] | null = null;
  if (wizard) {
    const { askHosts, askScope } = await import('../wizard.js');
    const { detectHosts } = await import('../../installers/index.js');
    const manifest = (await loadManifest(ctx.projectDir))?.manifest;
    if (request.hosts === undefined) {
      detections = await detectHosts(ctx);
      request.hosts = await askHosts(detections, manifest?.hosts ?? detections.filter((d) => d.detected).map((d) => d.host));
    }
    if (request.scope === undefined) request.scope = await askScope(manifest?.scope ?? 'project');
  }
  const intent = await resolveIntent(ctx, request);
  detections ??= intent.detections;
  if (intent.skipped.length > 0) out.err(`patchbay: skipping ${intent.skipped.join(', ')}: no ${intent.scope} file (pass --scope user to include it).`);
  if (!wizard) {
    out.out(`Hosts (${SOURCE_WORDS[intent.source]}): ${intent.hosts.map((h) => describeChoice(h, detections)).join(', ')}; scope: ${intent.scope}`);
  }
  const report = { hosts: intent.hosts, scope: intent.scope, version: intent.version };
  const consent = args.yes || !out.interactive ? 'given' : 'ask';
  if (args.noMcp) {
    const servers = { ...(intent.manifest ? manifestServers(intent.manifest.manifest) : {}), patchbay: selfSpec(intent.version) };
    const plan = await planManifestWrite(session, intent.manifest, { hosts: intent.hosts, scope: intent.scope, servers }, `init --no-mcp ${intent.hosts.join(',')} (${intent.scope})`);
    return runPlanFlow(session, {
      plan,
      diagnostics: [],
      nothingToDo: 'Nothing to do: patchbay.jsonc already says this.',
      report: { ...report, manifestOnly: true },
      consent,
    });
  }
  const result = await planIntent(ctx, intent, { stateDir: session.environment.stateDir });
  return runPlanFlow(session, {
    plan: result.plan,
    diagnostics: result.diagnostics,
    summaries: result.hostPlans.map((p) => ({ host: p.host, lines: p.summary })),
    nothingToDo: 'Nothing to do: every host is current.',
    report,
    consent,
  });
}
