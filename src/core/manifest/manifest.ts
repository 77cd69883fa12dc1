// Reading, validating and rendering patchbay.jsonc. Reading never writes; writing is planned here as
// bytes and applied by the transaction engine like any host file. Errors carry line:column.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { applyEdits, findNodeAtLocation, getNodeValue, modify, parseTree } from 'jsonc-parser';
import { jsonCodec } from '../../installers/jsonc/document.js';
import { PatchbayError } from '../../errors.js';
import type { HostId, Scope } from '../../installers/types.js';
import { MANIFEST_FILE, schemaUrl } from './pin.js';
import type { Manifest } from './schema.js';
import { PACKAGE_NAME } from '../../version.js';

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
    throw new PatchbayError('io-failed', `Could not read ${MANIFEST_FILE}: ${(error as Error).message}`, { path: file, cause: error });
  }
  return { path: file, text, manifest: await parseManifest(text, file) };
}

export interface ManifestContent {
  hosts: readonly HostId[];
  scope: Scope;
  version: string;
}

export function serverEntry(version: string): Manifest['servers']['patchbay'] {
  return { command: 'npx', args: ['--yes', `${PACKAGE_NAME}@${version}`, 'mcp'] };
}

/**
 * The manifest's new text. An existing file is edited in place (jsonc-parser `modify`), so comments and
 * keys patchbay does not own survive; a new file gets a short comment saying what it is.
 */
export function renderManifest(content: ManifestContent, existingText: string | null): string {
  const hosts = [...content.hosts];
  const servers = { patchbay: serverEntry(content.version) };
  if (existingText === null) {
    return [
      '{',
      `  "$schema": ${JSON.stringify(schemaUrl(content.version))},`,
      '  // Written by `patchbay init --no-mcp`. `patchbay init --yes` registers exactly this:',
      '  // these hosts, at this scope, with this pinned server entry.',
      `  "hosts": ${JSON.stringify(hosts)},`,
      `  "scope": ${JSON.stringify(content.scope)},`,
      '  "servers": {',
      `    "patchbay": ${JSON.stringify(servers.patchbay)}`,
      '  }',
      '}',
      '',
    ].join('\n');
  }
  const format = { tabSize: 2, insertSpaces: true, eol: existingText.includes('\r\n') ? '\r\n' : '\n' };
  let text = existingText;
  for (const [key, value] of [
    ['hosts', hosts],
    ['scope', content.scope],
    ['servers', servers],
  ] as const) {
    const root = parseTree(text);
    const current = root ? findNodeAtLocation(root, [key]) : undefined;
    if (current && JSON.stringify(getNodeValue(current)) === JSON.stringify(value)) continue;
    text = applyEdits(text, modify(text, [key], value, { formattingOptions: format }));
  }
  return text;
}
