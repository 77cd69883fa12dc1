// A core plan that stacks its own files (the manifest, managed.json) on the host operations' overlay
// ends as one Plan: every change the overlay holds, and the folders apply must create for each file
// it creates (parents first), on top of those the host operations already listed.
import type { PlanningOverlay } from '../installers/document/overlay.js';
import type { Plan } from '../rollback/types.js';

export async function planOfOverlay(description: string, overlay: PlanningOverlay, knownDirs: readonly string[]): Promise<Plan> {
  const { createPlan, dirsToCreate } = await import('../rollback/plan-builder.js');
  const changes = await overlay.changes();
  // createPlan drops the repeats and puts parents first.
  const dirs = [...knownDirs];
  for (const c of changes) if (!c.before.exists) dirs.push(...(await dirsToCreate(c.path)));
  return createPlan(description, changes, dirs);
}
