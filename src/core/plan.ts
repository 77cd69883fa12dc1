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
import { parseRecords, recordsPath, renderRecords, STATE_LABEL } from './servers/records.js';
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
  const { planOperations, selfBinding, selfEnv, PlanningOverlay, jsonCodecFor } = await import('../installers/index.js');
  const overlay = new PlanningOverlay();
  const binding = selfBinding(intent.version, selfEnv(ctx.env));
  const recordsFile = options.stateDir === undefined ? null : recordsPath(options.stateDir);
  const records = recordsFile === null ? null : parseRecords((await overlay.document(recordsFile, jsonCodecFor('jsonc'))).text || null);
  const keepFiles: ReadonlySet<string> = new Set(records?.existed ?? []);
  const emptyFiles: ReadonlySet<string> = new Set(records?.empty ?? []);
  const result = await planOperations(
    ctx,
    intent.hosts.map((host) => ({ host, scope: intent.scope, binding, action: ACTION[intent.action], replace: { keepFiles, emptyFiles } })),
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
  const unrecorded = result.keepFiles.filter((f) => !keepFiles.has(f));
  if (records === null || recordsFile === null || unrecorded.length === 0 || hasErrors(result.diagnostics)) return { ...result, command };
  // Remember them in the same transaction (a rollback forgets them with the edit).
  records.existed.push(...unrecorded);
  records.empty.push(...result.emptyFiles.filter((f) => unrecorded.includes(f)));
  await overlay.replaceText(recordsFile, renderRecords(records), STATE_LABEL, { createMode: 0o600 });
  const { createPlan, dirsToCreate } = await import('../rollback/plan-builder.js');
  const changes = await overlay.changes();
  const createDirs = [...result.plan.createDirs];
  if (!changes.some((c) => c.path === recordsFile && c.before.exists)) for (const d of await dirsToCreate(recordsFile)) if (!createDirs.includes(d)) createDirs.push(d);
  createDirs.sort((a, b) => a.length - b.length || a.localeCompare(b));
  return { ...result, plan: createPlan(result.plan.description, changes, createDirs), command };
}
