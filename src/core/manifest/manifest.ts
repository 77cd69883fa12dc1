// Reading, validating and rendering patchbay.jsonc. Reading never writes; writing is planned here as
// bytes and applied by the transaction engine like any host file. Errors carry line:column.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { jsonCodec } from '../../installers/jsonc/document.js';
import { PatchbayError } from '../../errors.js';
import { readFailure } from '../../rollback/plan-builder.js';
import { MANIFEST_FILE, MANIFEST_VERSION, modelOf, schemaUrl, selfServerOf, type ManifestModel, type PlacedServer } from './pin.js';
import { acceptV3 } from './accept-v3.js';
import { PACKAGE_NAME, PATCHBAY_VERSION } from '../../version.js';
import { serverNameProblem, specProblems } from '../../servers/validate.js';
import { applyTextEdits, type ConfigDocument, type DocValue, type TextEdit } from '../../installers/document/types.js';
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
 * Parses and validates manifest text into the model; throws PatchbayError('manifest-invalid') with
 * line:column. The manifest is read with the same JSONC document as every host file: a BOM is fine, a
 * duplicate key is refused (which copy wins would be a guess), positions are 1-based. The format is
 * told by `manifestVersion` (absent: 0.2's v2), and each format is validated by its own schema, so an
 * error names the member that is wrong rather than "matches neither format".
 */
export async function parseManifest(text: string, file: string): Promise<ManifestModel> {
  const doc = jsonCodec('jsonc').parse(text, { path: file });
  const first = doc.diagnostics.find((d) => d.severity === 'error');
  if (first !== undefined) {
    throw invalid(file, { line: first.line ?? 1, column: first.column ?? 1 }, `${MANIFEST_FILE}: ${first.message}.`, first.pointer);
  }
  if (doc.empty) throw invalid(file, { line: 1, column: 1 }, `${MANIFEST_FILE} is empty.`);
  const raw = doc.get([]);
  // The common, valid v3 file is read without loading zod (accept-v3.ts); everything else goes to zod.
  const accepted = acceptV3(raw);
  const result = accepted !== undefined ? ({ success: true, data: accepted } as const) : await parseWithZod(raw);
  if (!result.success) {
    const issue = closestIssue(result.error.issues[0]);
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
  const model = modelOf(result.data);
  checkServers(doc, raw as { servers?: Record<string, unknown> }, model, file);
  return model;
}

async function parseWithZod(raw: unknown) {
  const { ManifestV2Schema, ManifestV3Schema } = await import('./schema.js');
  const v3 = raw !== null && typeof raw === 'object' && !Array.isArray(raw) && 'manifestVersion' in raw;
  return (v3 ? ManifestV3Schema : ManifestV2Schema).safeParse(raw);
}

/**
 * The one validator (servers/validate.ts) over every server of the manifest: a manifest is input like
 * the CLI's flags, and `sync` must not write what `add` would refuse. Names come from the file's own
 * keys (the document's objects have no prototype, so `__proto__` is a key here and not lost).
 */
function checkServers(doc: Pick<ConfigDocument, 'position'>, raw: { servers?: Record<string, unknown> }, model: ManifestModel, file: string): void {
  for (const name of Object.keys(raw.servers ?? {})) {
    const placed = Object.hasOwn(model.servers, name) ? model.servers[name] : undefined;
    const problems = placed ? specProblems(name, placed.spec, { ownPackage: PACKAGE_NAME }) : [{ where: 'name', message: serverNameProblem(name, undefined, { ownPackage: PACKAGE_NAME }) ?? 'invalid' }];
    const first = problems[0];
    if (first === undefined) continue;
    const memberPath = ['servers', name, ...pathOfWhere(first.where)];
    const at = doc.position(memberPath, first.where === 'name' ? 'key' : 'value') ?? doc.position(['servers', name], 'key') ?? { line: 1, column: 1 };
    throw invalid(file, at, `${MANIFEST_FILE}: servers.${name}: ${first.message}.`, pointerOf(memberPath));
  }
}

/** `env.A`, `args[2]`, `url`, `name` → the member path inside the server. */
function pathOfWhere(where: string): (string | number)[] {
  if (where === 'name') return [];
  const indexed = /^(\w+)\[(\d+)\]$/.exec(where);
  if (indexed) return [indexed[1] as string, Number(indexed[2])];
  const dot = where.indexOf('.');
  return dot < 0 ? [where] : [where.slice(0, dot), where.slice(dot + 1)];
}

interface SchemaIssue {
  code?: string;
  path?: readonly PropertyKey[];
  message?: string;
  errors?: readonly (readonly SchemaIssue[])[];
}

/**
 * A server is one of several launch shapes (a union): "Invalid input" at the server says nothing. The
 * shape that fails least is the one meant (an npm server missing `hosts` fails npm's shape once and
 * every other shape more), so its first issue is reported, at its full path.
 */
function closestIssue(issue: SchemaIssue | undefined): SchemaIssue | undefined {
  if (issue?.code !== 'invalid_union' || !issue.errors?.length) return issue;
  const branch = [...issue.errors].sort((a, b) => a.length - b.length)[0];
  const inner = closestIssue(branch?.[0]);
  return inner ? { ...inner, path: [...(issue.path ?? []), ...(inner.path ?? [])] } : issue;
}

export interface LoadedManifest {
  path: string;
  text: string;
  model: ManifestModel;
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
  return { path: file, text, model: await parseManifest(text, file) };
}

/** What the manifest says after a command: defaults for new servers, and every server with its hosts. */
export interface ManifestContent {
  defaults: ManifestModel['defaults'];
  servers: Readonly<Record<string, PlacedServer>>;
}

/** A server as the v3 manifest writes it: its launch, then its hosts (and scope when not project). */
export function placedEntry(placed: PlacedServer): Record<string, DocValue> {
  return {
    ...(placed.spec as unknown as Record<string, DocValue>),
    hosts: [...placed.hosts],
    ...(placed.scope === 'user' ? { scope: 'user' } : {}),
  };
}

/**
 * The manifest's new text, always in the v3 format. An existing file is edited in place through the
 * JSONC document (each changed member replaced, inserted or removed on its own), so comments, order
 * and keys patchbay does not own survive; a v2 file gains `manifestVersion` and each server its hosts
 * (its one host list and scope stay, as the defaults for new servers). A new file gets a short comment
 * saying what it is.
 */
export function renderManifest(content: ManifestContent, existingText: string | null): string {
  const codec = jsonCodec('jsonc');
  const servers = Object.fromEntries(Object.entries(content.servers).map(([name, placed]) => [name, placedEntry(placed)]));
  const { hosts, scope } = content.defaults;
  if (existingText === null) {
    const version = selfServerOf(content.servers)?.[1].spec.version ?? PATCHBAY_VERSION;
    const lines = [
      '{',
      `  "$schema": ${JSON.stringify(schemaUrl(version))},`,
      '  // The lockfile of `patchbay`: `patchbay sync` makes every host below match exactly this — each',
      '  // server, pinned, in the hosts it was added to. Commit it.',
      `  "manifestVersion": ${MANIFEST_VERSION},`,
      ...(hosts ? [`  "hosts": ${printCompact([...hosts])},`] : []),
      ...(scope ? [`  "scope": ${JSON.stringify(scope)},`] : []),
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
  const setMember = (path: string[], value: DocValue | undefined) => {
    const current = doc().get(path);
    if (value === undefined) {
      if (current !== undefined) edit(doc().remove(path));
    } else if (current === undefined) edit(doc().insert(path, value));
    else if (JSON.stringify(current) !== JSON.stringify(value)) edit(doc().replace(path, value));
  };
  setMember(['manifestVersion'], MANIFEST_VERSION);
  setMember(['hosts'], hosts ? [...hosts] : undefined);
  setMember(['scope'], scope);
  const existing = (doc().get(['servers']) ?? {}) as Record<string, DocValue>;
  for (const name of Object.keys(existing)) if (!(name in servers)) edit(doc().remove(['servers', name]));
  for (const [name, value] of Object.entries(servers)) {
    const current = doc().get(['servers', name]);
    if (current === undefined || current === null || typeof current !== 'object' || Array.isArray(current)) {
      setMember(['servers', name], value);
      continue;
    }
    // Same launch: only the placement members change (a v2 server gains its hosts), so a comment
    // inside the server survives. Another launch: the server is replaced whole.
    const { hosts: _h, scope: _s, ...launch } = current as Record<string, DocValue>;
    const { hosts: wantHosts, scope: wantScope, ...wantLaunch } = value;
    if (JSON.stringify(sorted(launch)) !== JSON.stringify(sorted(wantLaunch))) {
      setMember(['servers', name], value);
      continue;
    }
    setMember(['servers', name, 'hosts'], wantHosts);
    setMember(['servers', name, 'scope'], wantScope);
  }
  return bom + text;
}

function sorted(value: Record<string, DocValue>): Record<string, DocValue> {
  return Object.fromEntries(Object.keys(value).sort().map((k) => [k, value[k] as DocValue]));
}
