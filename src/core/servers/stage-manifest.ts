// The manifest's part of a plan: patchbay.jsonc rewritten (always as v3) with the servers it records,
// on the same overlay as the host files, so apply's hash check and rollback guard it too. A manifest
// that a removal leaves with nothing but what patchbay itself writes into a new one is deleted: add
// then remove leaves no trace.
import type { PlanningOverlay } from '../../installers/document/overlay.js';
import type { LoadedManifest } from '../manifest/manifest.js';
import { renderManifest } from '../manifest/manifest.js';
import type { PlacedServer } from '../manifest/pin.js';
import { jsonCodec } from '../../installers/jsonc/document.js';
import { applyTextEdits } from '../../installers/document/types.js';

export const MANIFEST_LABEL = 'manifest';

export async function stageManifest(
  overlay: PlanningOverlay, file: string, loaded: LoadedManifest | null, servers: Record<string, PlacedServer>, options: { removing: boolean },
): Promise<void> {
  const same = loaded !== null && JSON.stringify(loaded.model.servers) === JSON.stringify(servers);
  // No manifest and nothing to record in one; or nothing it records changed (a v2 file is rewritten
  // as v3 only when it is written anyway).
  if ((loaded === null && Object.keys(servers).length === 0) || same) return;
  const defaults = loaded?.model.defaults ?? {};
  const current = (await overlay.text(file)) ?? loaded?.text ?? null;
  const text = renderManifest({ defaults, servers }, current);
  if (options.removing && loaded !== null && Object.keys(servers).length === 0 && isPristine(text, defaults)) {
    await overlay.delete(file, MANIFEST_LABEL);
    return;
  }
  await overlay.replaceText(file, text, MANIFEST_LABEL);
}

/**
 * The text is exactly a new manifest with no server (any `$schema` version): nothing of the user's is
 * in it. An emptied `servers` member may be left as `{}` or removed with its last member, so both
 * sides are compared without it.
 */
function isPristine(text: string, defaults: LoadedManifest['model']['defaults']): boolean {
  const normalized = (t: string) => withoutServers(t).replace(/^(\s*"\$schema":\s*)"[^"\n]*"/m, '$1""');
  return normalized(text) === normalized(renderManifest({ defaults, servers: {} }, null));
}

function withoutServers(text: string): string {
  const doc = jsonCodec('jsonc').parse(text, {});
  return doc.get(['servers']) === undefined ? text : applyTextEdits(text, doc.remove(['servers']));
}
