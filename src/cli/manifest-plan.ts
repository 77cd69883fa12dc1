// The manifest write as a transaction plan, so patchbay.jsonc is written (and rolled back) exactly like
// a host file: journal, hash re-check, atomic rename.
import { createPlan, dirsToCreate, makeChange, readBefore } from '../rollback/index.js';
import type { Plan } from '../rollback/types.js';
import { manifestPath, renderManifest, type LoadedManifest, type ManifestContent } from '../core/manifest/manifest.js';
import type { Session } from './session.js';

export async function planManifestWrite(session: Session, loaded: LoadedManifest | null, content: ManifestContent, description: string): Promise<Plan> {
  const file = manifestPath(session.args.projectDir);
  const before = await readBefore(file);
  // Render from the bytes the plan records, so the hash apply re-checks matches what was edited.
  const existing = before.bytes ? Buffer.from(before.bytes).toString('utf8') : (loaded?.text ?? null);
  const text = renderManifest(content, existing);
  const change = makeChange(file, before, new TextEncoder().encode(text), { label: 'manifest' });
  return createPlan(description, [change], before.exists ? [] : await dirsToCreate(file));
}
