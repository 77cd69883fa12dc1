// What a command would write, as one Plan: the same function behind the CLI's init / migrate /
// uninstall (preview, confirm, apply) and the MCP server's `plan` tool (preview only), so the diff an
// agent is shown is exactly what the command line it is given writes.
import type { Diagnostic } from '../diagnostics.js';
import type { HostContext, HostPlan } from '../installers/types.js';
import type { Plan } from '../rollback/types.js';
import { PACKAGE_NAME, PATCHBAY_VERSION } from '../version.js';
import { commandLine, type Intent } from './intent.js';
import { manifestServers, pinnedVersion } from './manifest/pin.js';
import { selfSpec } from '../installers/entry.js';
import { manifestPath, renderManifest } from './manifest/manifest.js';
import { readRecordsIn, recordsPath, stageRecords } from './servers/records.js';
import { planOfOverlay } from './overlay-plan.js';
import { hasErrors } from '../diagnostics.js';

export interface IntentPlan {
  plan: Plan;
  hostPlans: HostPlan[];
  diagnostics: Diagnostic[];
  /** The command line that applies this plan (`npx --yes patchbay-mcp@<v> init --yes --host … --scope …`). */
  command: string;
}

const ACTION = { init: 'install', migrate: 'migrate', uninstall: 'uninstall' } as const;

export interface PlanIntentOptions {
  /**
   * patchbay's state dir: its managed.json remembers host files that existed before init but could
   * not be told apart from a file patchbay creates (an empty file), so uninstall keeps them. Without
   * it (a preview with no state), uninstall decides from the bytes alone.
   */
  stateDir?: string;
}

export async function planIntent(ctx: HostContext, intent: Intent, options: PlanIntentOptions = {}): Promise<IntentPlan> {
  const { planOperations, selfBinding, selfEnv, PlanningOverlay } = await import('../installers/index.js');
  const overlay = new PlanningOverlay();
  const binding = selfBinding(intent.version, selfEnv(ctx.env));
  const recordsFile = options.stateDir === undefined ? null : recordsPath(options.stateDir);
  // Uninstall must know which files to keep before it plans; init reads the records only if it meets
  // a file to remember (most runs never do, and read nothing from the state dir).
  const known = intent.action === 'uninstall' && recordsFile !== null ? await readRecordsIn(overlay, recordsFile) : null;
  const replace = { keepFiles: new Set(known?.existed ?? []), emptyFiles: new Set(known?.empty ?? []) };
  const result = await planOperations(
    ctx,
    intent.hosts.map((host) => ({ host, scope: intent.scope, binding, action: ACTION[intent.action], replace })),
    {
      description: `${intent.action} ${intent.hosts.join(',')} (${intent.scope})`,
      overlay,
      ...(intent.opencodeVersion !== undefined ? { opencodeVersion: intent.opencodeVersion } : {}),
      // migrate re-pins a manifest pinned to another version in the same transaction, so `init --yes`
      // and `status` keep agreeing with the host files afterwards.
      before: intent.action === 'migrate' && intent.manifest && pinnedVersion(intent.manifest.manifest) !== PATCHBAY_VERSION
        ? async () => {
          const loaded = intent.manifest!;
          const file = manifestPath(ctx.projectDir);
          await overlay.file(file);
          const servers = { ...manifestServers(loaded.manifest), patchbay: selfSpec(PATCHBAY_VERSION) };
          const text = renderManifest({ hosts: loaded.manifest.hosts, scope: loaded.manifest.scope, servers }, loaded.text);
          await overlay.replaceText(file, text, 'manifest');
        }
        : undefined,
    },
  );
  const command = commandLine(intent, `${PACKAGE_NAME}@${PATCHBAY_VERSION}`);
  if (recordsFile === null || result.keepFiles.length === 0 || hasErrors(result.diagnostics)) return { ...result, command };
  const records = await readRecordsIn(overlay, recordsFile);
  const unrecorded = result.keepFiles.filter((f) => !records.existed.includes(f));
  if (unrecorded.length === 0) return { ...result, command };
  // Remember them in the same transaction (a rollback forgets them with the edit).
  records.existed.push(...unrecorded);
  records.empty.push(...result.emptyFiles.filter((f) => unrecorded.includes(f)));
  await stageRecords(overlay, recordsFile, records);
  return { ...result, plan: await planOfOverlay(result.plan.description, overlay, result.plan.createDirs), command };
}
