// Reading, validating and rendering patchbay.jsonc. Reading never writes; writing is planned here as
// bytes and applied by the transaction engine like any host file. Errors carry line:column.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { jsonCodec } from '../../installers/jsonc/document.js';
import { PatchbayError } from '../../errors.js';
import { readFailure } from '../../rollback/plan-builder.js';
import type { HostId, Scope } from '../../installers/types.js';
import { MANIFEST_FILE, schemaUrl } from './pin.js';
import type { Manifest } from './schema.js';
import { PATCHBAY_VERSION } from '../../version.js';
import type { ServerSpec } from '../../servers/spec.js';
import { applyTextEdits, type DocValue, type TextEdit } from '../../installers/document/types.js';
import { printCompact, printValue } from '../../installers/jsonc/print.js';

export function manifestPath(projectDir: string): string {
  return path.join(projectDir, MANIFEST_FILE);
}

function invalid(file: string, at: { line: number; column: number }, message: string, pointer?: string): PatchbayError {
  return new PatchbayError('manifest-invalid', message, {
    path: file,
    line: at.line,
    column: at.column,
    ...(pointer !== undefined ? { pointer } : {}),
    hint: `Fix ${MANIFEST_FILE} by hand, or delete it and run 'patchbay init --no-mcp' to write a new one.`,
  });
}

function pointerOf(issuePath: readonly PropertyKey[]): string {
  return issuePath.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/**
 * Parses and validates manifest text; throws PatchbayError('manifest-invalid') with line:column. The
 * manifest is read with the same JSONC document as every host file: a BOM is fine, a duplicate key is
 * refused (which copy wins would be a guess), positions are 1-based.
 */
export async function parseManifest(text: string, file: string): Promise<Manifest> {
  const doc = jsonCodec('jsonc').parse(text, { path: file });
  const first = doc.diagnostics.find((d) => d.severity === 'error');
  if (first !== undefined) {
    throw invalid(file, { line: first.line ?? 1, column: first.column ?? 1 }, `${MANIFEST_FILE}: ${first.message}.`, first.pointer);
  }
  if (doc.empty) throw invalid(file, { line: 1, column: 1 }, `${MANIFEST_FILE} is empty.`);
  const { ManifestSchema } = await import('./schema.js');
  const result = ManifestSchema.safeParse(doc.get([]));
  if (!result.success) {
    const issue = result.error.issues[0];
    const issuePath = (issue?.path ?? []).filter((s): s is string | number => typeof s !== 'symbol');
    // The closest existing node: a missing key points at its parent object.
    let at = { line: 1, column: 1 };
    for (let n = issuePath.length; n >= 0; n--) {
      const found = doc.position(issuePath.slice(0, n), n === issuePath.length ? 'key' : 'value');
      if (found) {
        at = found;
        break;
      }
    }
    const where = issuePath.length > 0 ? issuePath.join('.') : 'the top level';
    throw invalid(file, at, `${MANIFEST_FILE}: ${where}: ${issue?.message ?? 'invalid'}.`, pointerOf(issuePath));
  }
  return result.data;
}

export interface LoadedManifest {
  path: string;
  text: string;
  manifest: Manifest;
}

/** The project's manifest, or null when there is none. Invalid → PatchbayError('manifest-invalid'). */
export async function loadManifest(projectDir: string): Promise<LoadedManifest | null> {
  const file = manifestPath(projectDir);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    // A folder, a looping link or an unreadable file: a typed refusal (exit 3), as for host files.
    throw readFailure(file, error);
  }
  return { path: file, text, manifest: await parseManifest(text, file) };
}

export interface ManifestContent {
  hosts: readonly HostId[];
  scope: Scope;
  servers: Readonly<Record<string, ServerSpec>>;
}

/**
 * The manifest's new text. An existing file is edited in place through the JSONC document (each
 * changed member replaced, inserted or removed on its own), so comments, order and keys patchbay does
 * not own survive; a new file gets a short comment saying what it is.
 */
export function renderManifest(content: ManifestContent, existingText: string | null): string {
  const codec = jsonCodec('jsonc');
  const servers = content.servers as unknown as Record<string, DocValue>;
  if (existingText === null) {
    const version = pinOfSelf(content.servers) ?? PATCHBAY_VERSION;
    const lines = [
      '{',
      `  "$schema": ${JSON.stringify(schemaUrl(version))},`,
      '  // The lockfile of `patchbay`: `patchbay sync` (or `init --yes`) makes every host below match',
      '  // exactly this — these hosts, at this scope, with these pinned servers. Commit it.',
      `  "hosts": ${printCompact([...content.hosts])},`,
      `  "scope": ${JSON.stringify(content.scope)},`,
      `  "servers": ${printValue(servers, { base: '  ', unit: '  ', eol: '\n' })}`,
      '}',
      '',
    ];
    return lines.join('\n');
  }
  // Edits are relative to the text without a BOM; a BOM the file had is put back in front.
  const bom = existingText.startsWith('\uFEFF') ? '\uFEFF' : '';
  let text = existingText.slice(bom.length);
  const edit = (edits: TextEdit[]) => {
    text = applyTextEdits(text, edits);
  };
  const doc = () => codec.parse(text, {});
  for (const [key, value] of [['hosts', [...content.hosts]], ['scope', content.scope]] as Array<[string, DocValue]>) {
    const current = doc().get([key]);
    if (JSON.stringify(current) === JSON.stringify(value)) continue;
    edit(current === undefined ? doc().insert([key], value) : doc().replace([key], value));
  }
  const existing = (doc().get(['servers']) ?? {}) as Record<string, DocValue>;
  for (const name of Object.keys(existing)) if (!(name in servers)) edit(doc().remove(['servers', name]));
  for (const [name, value] of Object.entries(servers)) {
    const current = doc().get(['servers', name]);
    if (current === undefined) edit(doc().insert(['servers', name], value));
    else if (JSON.stringify(current) !== JSON.stringify(value)) edit(doc().replace(['servers', name], value));
  }
  return bom + text;
}

function pinOfSelf(servers: Readonly<Record<string, ServerSpec>>): string | undefined {
  const self = servers.patchbay;
  return self && 'npm' in self ? self.version : undefined;
}
