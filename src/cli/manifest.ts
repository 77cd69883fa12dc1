// Reading, validating and rendering patchbay.jsonc. Reading never writes; writing is planned here as
// bytes and applied by the transaction engine like any host file. Errors carry line:column.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { applyEdits, findNodeAtLocation, modify, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { PatchbayError } from '../errors.js';
import { checkDepth } from '../installers/jsonc/depth.js';
import { MAX_NESTING } from '../installers/jsonc/parse.js';
import { readFailure } from '../rollback/plan-builder.js';
import type { HostId, Scope } from '../installers/types.js';
import { MANIFEST_FILE, schemaUrl } from './manifest-pin.js';
import type { Manifest } from './manifest-schema.js';

export function manifestPath(projectDir: string): string {
  return path.join(projectDir, MANIFEST_FILE);
}

/** 1-based line and column of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

function invalid(file: string, text: string, offset: number, message: string, pointer?: string): PatchbayError {
  const { line, column } = lineColumn(text, offset);
  return new PatchbayError('manifest-invalid', message, {
    path: file,
    line,
    column,
    ...(pointer !== undefined ? { pointer } : {}),
    hint: `Fix ${MANIFEST_FILE} by hand, or delete it and run 'patchbay init --no-mcp' to write a new one.`,
  });
}

/** The closest existing node for a zod issue path (a missing key points at its parent object). */
function nodeForPath(root: Node, issuePath: readonly PropertyKey[]): Node {
  const segments = issuePath.filter((s): s is string | number => typeof s !== 'symbol');
  for (let n = segments.length; n >= 0; n--) {
    const node = findNodeAtLocation(root, segments.slice(0, n));
    if (node) {
      // For a property, point at its key (the line people look for), not the value.
      return node.parent?.type === 'property' && node.parent.children?.[1] === node ? (node.parent.children[0] ?? node) : node;
    }
  }
  return root;
}

function pointerOf(issuePath: readonly PropertyKey[]): string {
  return issuePath.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** Parses and validates manifest text; throws PatchbayError('manifest-invalid') with line:column. */
export async function parseManifest(text: string, file: string): Promise<Manifest> {
  // parseTree and parseTreeValue recurse per level: refuse a pathologically deep file first.
  const tooDeep = checkDepth(text, MAX_NESTING);
  if (tooDeep) {
    throw new PatchbayError('manifest-invalid', `${MANIFEST_FILE} nests objects and arrays more than ${MAX_NESTING} levels deep.`, {
      path: file,
      ...tooDeep,
      hint: `Fix ${MANIFEST_FILE} by hand, or delete it and run 'patchbay init --no-mcp' to write a new one.`,
    });
  }
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  const first = errors[0];
  if (first !== undefined) {
    throw invalid(file, text, first.offset, `${MANIFEST_FILE} is not valid JSONC: ${printParseErrorCode(first.error)}.`);
  }
  if (root === undefined) throw invalid(file, text, 0, `${MANIFEST_FILE} is empty.`);
  const value: unknown = JSON.parse(JSON.stringify(parseTreeValue(root)));
  const { ManifestSchema } = await import('./manifest-schema.js');
  const result = ManifestSchema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    const issuePath = issue?.path ?? [];
    const node = nodeForPath(root, issuePath);
    const where = issuePath.length > 0 ? issuePath.join('.') : 'the top level';
    throw invalid(file, text, node.offset, `${MANIFEST_FILE}: ${where}: ${issue?.message ?? 'invalid'}.`, pointerOf(issuePath));
  }
  return result.data;
}

/** jsonc-parser's getNodeValue, inlined to keep duplicate keys "last wins" like JSON.parse. */
function parseTreeValue(node: Node): unknown {
  switch (node.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const prop of node.children ?? []) {
        const [key, val] = prop.children ?? [];
        if (key && val) out[String(key.value)] = parseTreeValue(val);
      }
      return out;
    }
    case 'array':
      return (node.children ?? []).map(parseTreeValue);
    default:
      return node.value;
  }
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
  version: string;
}

export function serverEntry(version: string): Manifest['servers']['patchbay'] {
  return { command: 'npx', args: ['--yes', `patchbay@${version}`, 'mcp'] };
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
    if (current && JSON.stringify(parseTreeValue(current)) === JSON.stringify(value)) continue;
    text = applyEdits(text, modify(text, [key], value, { formattingOptions: format }));
  }
  return text;
}
