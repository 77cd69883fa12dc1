// After the host edits are planned: what managed.json must remember of them. Per host file and server,
// the hash of the entry as it will be written (so a later edit by hand is told apart as `modified`),
// and each file patchbay writes to for the first time that already existed (a removal never deletes it).
import type { PlanningOverlay } from '../../installers/document/overlay.js';
import type { HostContext } from '../../installers/types.js';
import { entryOf } from '../../installers/places.js';
import type { ServerOp } from './changes.js';
import { entryHash, type Records } from './records.js';

export async function recordWritten(ctx: HostContext, overlay: PlanningOverlay, ops: readonly ServerOp[], records: Records): Promise<void> {
  const { hostRecord, inspectHost } = await import('../../installers/index.js');
  const writtenBefore = new Set(Object.keys(records.entries));
  for (const op of ops) {
    for (const host of op.hosts) {
      const inspection = await inspectHost(hostRecord(host), ctx, op.scope, overlay, op.binding, {});
      for (const e of inspection.evals) {
        const byName = (records.entries[e.file.path] ??= {});
        if (op.action === 'install' && e.file.before.exists && !writtenBefore.has(e.file.path) && !records.existed.includes(e.file.path)) {
          records.existed.push(e.file.path);
          if (e.file.before.bytes?.length === 0) records.empty.push(e.file.path);
        }
        const ours = e.scans[0]?.ours;
        if (op.action !== 'uninstall' && ours?.ours && ours.current) byName[op.binding.name] = entryHash(entryOf(e.scans[0]!.place, op.binding.name, ours.value));
        else if (op.action === 'uninstall') delete byName[op.binding.name];
        if (Object.keys(byName).length === 0) delete records.entries[e.file.path];
      }
    }
  }
}
