// The host core, the same for every host and every format: read a host's candidate files through the
// planning overlay, classify a server's entry in each, and turn install / migrate / uninstall into
// edits stacked on the overlay. A host supplies a HostRecord (files, format, detection, places); a
// server supplies a ServerBinding. Nothing here touches the disk: edits are data until apply.
import type { Diagnostic } from '../diagnostics.js';
import { hasErrors } from '../diagnostics.js';
import { displayPath } from '../display-path.js';
import { dirsToCreate } from '../rollback/plan-builder.js';
import type { ConfigDocument, DocPath, DocValue, DocumentCodec } from './document/types.js';
import { DocumentEditError } from './document/types.js';
import type { PlanningOverlay, OverlayFile } from './document/overlay.js';
import type { Detection, FileReport, HostContext, HostId, HostLaunchFacts, HostReport, HostTrust, OpenCodeDialect, Scope } from './types.js';
import { checkContainer, entryOf, scanPlace, withName, type Place, type PlaceScan } from './places.js';
import type { ServerBinding } from './binding.js';
import { toPointer } from './document/pointer.js';

/** Longer than this, what uninstall leaves in a file cannot be a printed skeleton (see planHost). */
const SKELETON_MAX = 64 * 1024;

export interface PlaceSelection {
  /** Where install writes; undefined when it cannot be decided (diagnostics say why). */
  selected?: Place;
  /** Every other place the entry may sit in (OpenCode: the other dialect). */
  others: Place[];
  dialect?: OpenCodeDialect;
  diagnostics: Diagnostic[];
}

/** The places and the codec of one file. */
export interface FileShape {
  selection: PlaceSelection;
  codec: DocumentCodec;
}

/** The codec a record reads `file` with: the file's own where its shape differs (HostRecord.shapeOf). */
export function codecOf(record: HostRecord, ctx: HostContext, file: string, scope: Scope): DocumentCodec {
  return record.shapeOf?.(ctx, file, scope)?.codec ?? record.codec;
}

export interface DetectOptions {
  /** OpenCode `--opencode-version`: the binary is not probed at all. */
  opencodeVersion?: string;
  /**
   * false: nobody will see the versions (human `status` prints no detection), so a host binary is only
   * looked up on PATH, not run — unless its version decides what to write (OpenCode's dialect).
   * Default true.
   */
  probeVersions?: boolean;
}

/** Everything the core needs to know about one host. Data first; functions only where hosts differ. */
export interface HostRecord {
  id: HostId;
  displayName: string;
  codec: DocumentCodec;
  /**
   * Candidate files in precedence order; undefined when the scope does not exist for this host.
   * `server` is the entry's name, for hosts with a file per server (Continue's project blocks).
   */
  files(ctx: HostContext, scope: Scope, server?: string): string[] | undefined;
  /** A file patchbay creates holds this plus the entry (OpenCode: `$schema`). */
  skeleton: Record<string, DocValue>;
  /** When the skeleton depends on the server and scope (a Continue block is named after its server). */
  skeletonFor?(server: string, scope: Scope): Record<string, DocValue>;
  /**
   * Facts about a scope people must know, e.g. Codex reads project files only in trusted projects
   * (info). Reported where they matter: when a candidate file exists, or when install creates one.
   */
  scopeNotes?(ctx: HostContext, scope: Scope): Promise<Diagnostic[]>;
  /** The candidate created when none exists (default: the first). */
  createFile?(ctx: HostContext, scope: Scope): string;
  detect(ctx: HostContext, options: DetectOptions): Promise<Detection>;
  places(ctx: HostContext, detection: Detection, options: DetectOptions, scope?: Scope): PlaceSelection;
  /**
   * One candidate file whose shape is not the record's (Kilo's legacy `.kilocode/mcp.json` holds
   * `mcpServers` in strict JSON where `.kilo/kilo.jsonc` holds `mcp` in JSONC); undefined: like the others.
   */
  shapeOf?(ctx: HostContext, file: string, scope: Scope): FileShape | undefined;
  /** Extra hint for invalid-shape diagnostics of the selected place (OpenCode: the dialect flag). */
  shapeHint?: string;
  /** When the host starts a project's servers (trust-facts.ts, joined in catalog.ts); absent: unknown. */
  trust?: HostTrust;
  /** How the host reads an entry when it starts it, beyond its style (launch-facts.ts, joined in catalog.ts). */
  launch?: HostLaunchFacts;
}

export type HostAction = 'install' | 'migrate' | 'uninstall';

/** What install may replace besides an absent entry (add/update/sync; init replaces nothing). */
export interface ReplacePolicy {
  /**
   * Files known to have existed before patchbay first wrote to them (managed.json): uninstall never
   * deletes these, even when what is left looks exactly like a file patchbay would create.
   */
  keepFiles?: ReadonlySet<string>;
  /**
   * Of those, the files that were 0 bytes: a removal that leaves only patchbay's own skeleton gives
   * them back their 0 bytes (the exact prior content), instead of keeping the skeleton.
   */
  emptyFiles?: ReadonlySet<string>;
  /** Ours with another pin: re-pin it (update, sync, add of a new version). */
  stale?: boolean;
  /** Ours but edited by hand: overwrite it (--force). */
  modified?: boolean;
  /** Same name, not ours: take it over (--adopt); the journal keeps its bytes. */
  foreign?: boolean;
}

/** One candidate file as the core sees it: the overlay state, the document, and each place's scan. */
export interface FileEval {
  file: OverlayFile;
  doc: ConfigDocument;
  report: FileReport;
  /** Scans in place order: the selected place first (when there is one), then the others. */
  scans: PlaceScan[];
  /** This file's places and codec: the record's, or the file's own where its shape differs (shapeOf). */
  selection: PlaceSelection;
  codec: DocumentCodec;
}

export interface HostInspection {
  report: HostReport;
  evals: FileEval[];
  selection: PlaceSelection;
}

/** Diagnostics about which dialect to write; irrelevant to uninstall. */
const DIALECT_CODES: ReadonlySet<string> = new Set(['unsupported-host-version', 'probe-failed']);

export async function inspectHost(
  record: HostRecord, ctx: HostContext, scope: Scope, overlay: PlanningOverlay, binding: ServerBinding, options: DetectOptions,
): Promise<HostInspection> {
  const detection = await record.detect(ctx, options);
  const selection = record.places(ctx, detection, options, scope);
  const files = record.files(ctx, scope, binding.name);
  const diagnostics: Diagnostic[] = [...selection.diagnostics];
  if (!files) {
    diagnostics.push({
      code: 'usage', severity: 'error', host: record.id,
      message: `${record.displayName} has no ${scope}-scope configuration file`,
      hint: `use --scope ${scope === 'project' ? 'user' : 'project'} for ${record.id}, or leave it out with --host`,
    });
    return { report: { host: record.id, scope, detection, files: [], diagnostics }, evals: [], selection };
  }
  const states = await Promise.all(files.map((f) => overlay.file(f)));
  if (states.some((f) => f.exists)) diagnostics.push(...((await record.scopeNotes?.(ctx, scope)) ?? []));
  let targetIndex = states.findIndex((f) => f.exists);
  if (targetIndex < 0) targetIndex = Math.max(0, files.indexOf(record.createFile?.(ctx, scope) ?? files[0] ?? ''));
  const evals: FileEval[] = [];
  for (const [i, file] of states.entries()) {
    const own = record.shapeOf?.(ctx, file.path, scope) ?? { selection, codec: record.codec };
    evals.push(evaluate(record, file, await overlay.document(file.path, own.codec), i === targetIndex, scope, own, binding, ctx.platform));
  }
  for (const e of evals) diagnostics.push(...e.report.diagnostics);
  return { report: { host: record.id, scope, detection, files: evals.map((e) => e.report), diagnostics }, evals, selection };
}

function evaluate(
  record: HostRecord, file: OverlayFile, doc: ConfigDocument, target: boolean, scope: Scope, shape: FileShape, binding: ServerBinding, platform: NodeJS.Platform,
): FileEval {
  const { selection, codec } = shape;
  const diagnostics: Diagnostic[] = (file.problem ? [file.problem] : doc.diagnostics).map((d) => ({ ...d, host: record.id }));
  const report: FileReport = { host: record.id, scope, path: file.path, exists: file.exists, target, state: 'absent', servers: [], diagnostics };
  if (selection.dialect) report.dialect = selection.dialect;
  if (!file.exists || hasErrors(diagnostics) || doc.empty) return { file, doc, report, scans: [], selection, codec };
  const places = [...(selection.selected ? [selection.selected] : []), ...selection.others];
  const scans = places.map((place) => {
    const sink: Diagnostic[] = [];
    let present = checkContainer(doc, place, file.path, sink);
    const problem = present ? place.rejects?.(doc.get(place.path)) : undefined;
    if (problem) {
      sink.push({
        code: 'invalid-shape', severity: 'error', message: problem, path: file.path, pointer: toPointer(place.path),
        ...(doc.position(place.path, 'value') ?? {}), hint: record.shapeHint ?? 'rename that server, or fix the container by hand',
      });
      present = false;
    }
    // Only the place install writes to must be well-formed; another dialect's oddities are its own.
    if (place === selection.selected) diagnostics.push(...sink.map((d) => ({ ...d, host: record.id })));
    return scanPlace(doc, place, present, binding, platform, file.path);
  });
  for (const s of scans) report.servers.push(...s.servers);
  const [selectedScan, ...otherScans] = selection.selected ? scans : [undefined, ...scans];
  const otherOurs = otherScans.find((s) => s?.ours?.ours);
  const stateOf = (ours: NonNullable<PlaceScan['ours']>) => (!ours.ours ? 'foreign' : ours.current ? 'current' : ours.modified ? 'modified' : 'stale');
  if (selectedScan?.ours) {
    report.state = stateOf(selectedScan.ours);
    if (selectedScan.ours.ours && selectedScan.ours.pin !== undefined) report.pin = selectedScan.ours.pin;
  } else if (otherOurs?.ours?.ours && selection.selected) {
    report.state = 'other-dialect';
    if (otherOurs.ours.pin !== undefined) report.pin = otherOurs.ours.pin;
  } else if (!selection.selected) {
    // No dialect is known (an unsupported OpenCode version): "other" is meaningless, so report the
    // entry as what it is, and the dialect of the place it sits in.
    const found = otherScans.find((s) => s?.ours);
    if (found?.ours) {
      report.state = stateOf(found.ours);
      if (found.ours.ours && found.ours.pin !== undefined) report.pin = found.ours.pin;
      if (found.place.dialect) report.dialect = found.place.dialect;
    }
  }
  return { file, doc, report, scans, selection, codec };
}

export interface HostPlanResult {
  diagnostics: Diagnostic[];
  summary: string[];
  /** Folders apply must create for files this plan creates. */
  createDirs: string[];
  /**
   * Files that existed before this install but held nothing a later removal could tell apart from a
   * file patchbay created itself (0 bytes, or exactly its own skeleton). The caller records them
   * (managed.json `existed`) and passes them back as `keepFiles`, so uninstall keeps the user's file.
   */
  keepFiles: string[];
  /** Of keepFiles, those that were 0 bytes (ReplacePolicy.emptyFiles). */
  emptyFiles: string[];
  report: HostReport;
}

/**
 * Plans `action` for one binding in one host, stacking edits on the overlay. Any error diagnostic
 * means "do not apply" (the overlay may then hold partial edits: callers discard the whole plan).
 */
export async function planHost(
  record: HostRecord, ctx: HostContext, scope: Scope, overlay: PlanningOverlay, binding: ServerBinding, action: HostAction, options: DetectOptions,
  replace: ReplacePolicy = {},
): Promise<HostPlanResult> {
  const { report, evals } = await inspectHost(record, ctx, scope, overlay, binding, options);
  // Uninstall removes the entry from every place, whatever the dialect, so an unknown or unsupported
  // host version must not stop it (it still stops install and migrate, which must know what to write).
  const blocking = action === 'uninstall' ? report.diagnostics.filter((d) => !DIALECT_CODES.has(d.code)) : report.diagnostics;
  const result: HostPlanResult = { diagnostics: [...blocking], summary: [], createDirs: [], keepFiles: [], emptyFiles: [], report };
  if (hasErrors(result.diagnostics) || evals.length === 0) return result;
  const label = `${record.id} (${scope})`;
  const show = (p: string) => displayPath(p, ctx);
  const edit = new Editor(record, overlay, label, binding, ctx.platform, scope);
  try {
    if (action === 'install') {
      if (!evals.some((e) => e.file.exists)) result.diagnostics.push(...((await record.scopeNotes?.(ctx, scope)) ?? []));
      await install(evals.find((e) => e.report.target) as FileEval);
    }
    else if (action === 'migrate') await migrate();
    else await uninstall();
  } catch (error) {
    if (!(error instanceof DocumentEditError)) throw error;
    // "this host" is said by a renderer that knows only the entry style: name the host and scope here.
    const message = error.message.replace('this host', `${record.displayName} (${scope} scope)`);
    result.diagnostics.push({ code: error.code, severity: 'error', host: record.id, message, ...(edit.file !== undefined ? { path: edit.file } : {}), ...(error.position ?? {}), ...(error.hint ? { hint: error.hint } : {}) });
  }
  return result;

  /**
   * The text is byte-for-byte the skeleton patchbay itself writes into a file it creates; or nothing
   * at all where the skeleton is empty (YAML writes `{}` for an empty file, removal leaves nothing).
   */
  function looksCreatedByPatchbay(doc: ConfigDocument): boolean {
    const skeleton = record.skeletonFor?.(binding.name, scope) ?? record.skeleton;
    return doc.text === record.codec.create(skeleton, doc.style) || (doc.text === '' && Object.keys(skeleton).length === 0);
  }

  async function noteCreated(e: FileEval): Promise<void> {
    if (!e.file.exists) result.createDirs.push(...(await dirsToCreate(e.file.path)));
  }

  async function install(target: FileEval): Promise<void> {
    const selection = target.selection;
    const sel = selection.selected as Place;
    const file = show(target.file.path);
    const state = target.report.state;
    const ours = target.scans[0]?.ours;
    if (state === 'current') {
      result.summary.push(`${file}: already current (${binding.label})`);
    } else if (ours && ((state === 'stale' && replace.stale) || (state === 'modified' && replace.modified) || (state === 'foreign' && replace.foreign))) {
      await edit.replaceWhole(target, ours.path, sel);
      result.summary.push(`${state === 'foreign' ? 'adopt' : state === 'modified' ? 'overwrite the hand-edited' : 're-pin'} ${binding.name} in ${file} (${binding.label})`);
    } else if (state === 'modified') {
      result.diagnostics.push(entryDiagnostic(target, sel, 'modified-entry', 'error',
        `${file}: the \`${binding.name}\` entry patchbay manages was edited by hand since patchbay wrote it; it will not be overwritten`,
        'keep the edit (and drop the server from patchbay with `patchbay remove --force`), or pass --force to overwrite it'));
    } else if (state === 'stale') {
      result.diagnostics.push(entryDiagnostic(target, sel, 'stale-entry', 'error',
        `${file} already has a ${binding.name} entry pinned to ${target.report.pin ?? 'another version'}, not the one to write (${binding.label})`,
        'run `patchbay migrate` to re-pin it'));
    } else if (state === 'foreign') {
      result.diagnostics.push(entryDiagnostic(target, sel, 'foreign-entry', 'error',
        `${file} has an entry named \`${binding.name}\` that patchbay did not write; it will not be overwritten`,
        `rename or remove the existing \`${binding.name}\` entry in ${file}${replace.foreign === false ? ', or pass --adopt to let patchbay manage it' : ''}`));
    } else if (sel.single && target.scans[0]?.members.length) {
      result.diagnostics.push(entryDiagnostic(target, sel, 'invalid-shape', 'error',
        `${file} holds another server, and this file takes one only`,
        `use another file for \`${binding.name}\`, or remove the server that is there`));
    } else {
      if (state === 'other-dialect') {
        const other = target.scans.slice(1).find((s) => s.ours?.ours)?.place ?? sel;
        result.diagnostics.push(entryDiagnostic(target, other, 'other-dialect', 'warning',
          `${file} has patchbay's entry in the OpenCode ${selection.dialect === 'v1' ? 'V2' : 'V1'} place; adding the ${selection.dialect?.toUpperCase()} entry next to it and leaving that one untouched`,
          'run `patchbay migrate` to move the entry and remove the old one'));
      }
      await noteCreated(target);
      if (target.file.before.exists && looksCreatedByPatchbay(target.doc)) {
        result.keepFiles.push(target.file.path);
        if (target.file.before.bytes?.length === 0) result.emptyFiles.push(target.file.path);
      }
      await edit.insert(target, sel);
      result.summary.push(target.file.exists ? `add ${binding.label} to ${file}` : `create ${file} with ${binding.label}`);
    }
  }

  async function migrate(): Promise<void> {
    for (const e of evals) {
      if (!e.file.exists) continue;
      const sel = e.selection.selected as Place;
      const file = show(e.file.path);
      const [selScan, ...otherScans] = e.scans;
      if (selScan?.ours && !selScan.ours.ours) {
        if (e.report.target) result.diagnostics.push(entryDiagnostic(e, sel, 'foreign-entry', 'error',
          `${file} has an entry named \`${binding.name}\` that patchbay did not write; migrate leaves it alone`,
          `rename or remove the existing \`${binding.name}\` entry in ${file}`));
        continue;
      }
      const lines: string[] = [];
      if (selScan?.ours?.ours && !selScan.ours.current) {
        await edit.repin(e, selScan);
        lines.push(`re-pin ${selScan.ours.pin} -> ${binding.label}`);
      }
      for (const s of otherScans) {
        if (!s.ours?.ours) continue;
        await edit.remove(e, s.ours.path);
        lines.push(`remove the ${s.place.dialect?.toUpperCase() ?? ''} entry`.replace('  ', ' '));
        if (!selScan?.ours) {
          await edit.insert(e, sel);
          lines.push(`add the ${sel.dialect?.toUpperCase()} entry (${binding.label})`);
        }
      }
      if (lines.length > 0) result.summary.push(`${file}: ${lines.join(', ')}`);
      else if (selScan?.ours?.ours && selScan.ours.current) result.summary.push(`${file}: already current (${binding.label})`);
    }
    if (result.summary.length === 0) result.summary.push(`no ${binding.name} entry to migrate`);
  }

  async function uninstall(): Promise<void> {
    for (const e of evals) {
      if (!e.file.exists) continue;
      const file = show(e.file.path);
      let removed = 0;
      // Members are removed last-first so earlier paths (list indices) stay valid.
      for (const s of [...e.scans].reverse()) {
        if (!s.ours) continue;
        if (s.ours.ours && s.ours.modified && !replace.modified) {
          result.diagnostics.push(entryDiagnostic(e, s.place, 'modified-entry', 'error',
            `${file}: the \`${binding.name}\` entry was edited by hand since patchbay wrote it; it will not be removed`,
            'pass --force to remove it anyway'));
          continue;
        }
        if (!s.ours.ours) {
          result.diagnostics.push(entryDiagnostic(e, s.place, 'foreign-entry', 'error',
            `${file} has an entry named \`${binding.name}\` that patchbay did not write; uninstall will not remove it`,
            `rename or remove the existing \`${binding.name}\` entry in ${file}`));
          continue;
        }
        await edit.remove(e, s.ours.path);
        removed++;
      }
      if (removed === 0) continue;
      // Deleting: only when what is left is byte-for-byte the skeleton patchbay itself writes into a
      // file it creates. Anything else — another key, a comment, the host's own compact layout — keeps it.
      // Whitespace that is left was the user's (an empty file they had): it stays. A skeleton printed in
      // any style is a few dozen bytes: a bigger remainder (a 56 MB ~/.claude.json) cannot be one, and is
      // not parsed again just to learn its style.
      const leftText = (await overlay.text(e.file.path)) ?? '';
      const leftOnlyOurs = leftText.length <= SKELETON_MAX && looksCreatedByPatchbay(await overlay.document(e.file.path, e.codec));
      if (leftOnlyOurs && replace.emptyFiles?.has(e.file.path)) {
        await overlay.replaceText(e.file.path, '', label);
        result.summary.push(`remove ${binding.name} from ${file} (empty again, as it was)`);
      } else if (leftOnlyOurs && !replace.keepFiles?.has(e.file.path)) {
        await overlay.delete(e.file.path, label);
        result.summary.push(`delete ${file} (it held only what patchbay created)`);
      } else result.summary.push(`remove ${binding.name} from ${file}`);
    }
    if (result.summary.length === 0) result.summary.push(`no ${binding.name} entry to remove`);
  }
}

/** The edits themselves, each on the file's CURRENT text in the overlay (so they stack). */
class Editor {
  constructor(
    private readonly record: HostRecord,
    private readonly overlay: PlanningOverlay,
    private readonly label: string,
    private readonly binding: ServerBinding,
    private readonly platform: NodeJS.Platform,
    private readonly scope: Scope,
  ) {}

  /** The file the last edit was planned in: a refusal of the document (DocumentEditError) names it. */
  file: string | undefined;

  private current(e: FileEval): Promise<ConfigDocument> {
    this.file = e.file.path;
    return this.overlay.document(e.file.path, e.codec);
  }

  async insert(e: FileEval, place: Place): Promise<void> {
    const entry = withName(place, this.binding.name, this.binding.desired(place, this.platform));
    const state = await this.overlay.file(e.file.path);
    if (!state.exists) {
      const skeleton = this.record.skeletonFor?.(this.binding.name, this.scope) ?? this.record.skeleton;
      await this.record.codec.ready?.();
      await this.overlay.replaceText(e.file.path, this.record.codec.create({ ...skeleton, ...nest(place, this.binding.name, entry) }), this.label);
      return;
    }
    const doc = await this.current(e);
    const path: DocPath = place.kind === 'list'
      ? [...place.path, (Array.isArray(doc.get(place.path)) ? (doc.get(place.path) as unknown[]).length : 0)]
      : [...place.path, this.binding.name];
    await this.overlay.edit(e.file.path, doc.insert(path, entry), this.label);
  }

  async remove(e: FileEval, path: DocPath): Promise<void> {
    await this.overlay.edit(e.file.path, (await this.current(e)).remove(path), this.label);
  }

  /** Replace an existing member's value with the desired entry (adopt, overwrite, re-pin). */
  async replaceWhole(e: FileEval, path: DocPath, place: Place): Promise<void> {
    const doc = await this.current(e);
    const entry = this.binding.desired(place, this.platform);
    const value = place.kind === 'list' ? { name: this.binding.name, ...(entry as Record<string, DocValue>) } : entry;
    await this.overlay.edit(e.file.path, doc.replace(path, value), this.label);
  }

  /** Re-pin: when only the pin differs, replace just that value; otherwise the whole entry. */
  async repin(e: FileEval, scan: PlaceScan): Promise<void> {
    const ours = scan.ours as NonNullable<PlaceScan['ours']>;
    const doc = await this.current(e);
    const swap = this.binding.repin?.(entryOf(scan.place, ours.name, ours.value), scan.place, this.platform);
    const whole = () => doc.replace(ours.path, withName(scan.place, ours.name, this.binding.desired(scan.place, this.platform)));
    let edits;
    try {
      edits = swap ? doc.replace([...ours.path, ...swap.path], swap.value) : whole();
    } catch (error) {
      // TOML cannot address a value inside an [[array]] element (Mistral Vibe): rewrite our own block.
      if (!(swap && error instanceof DocumentEditError && error.code === 'toml-unsupported-layout')) throw error;
      edits = whole();
    }
    await this.overlay.edit(e.file.path, edits, this.label);
  }
}

/** `entry` (its name member already in) at the place's path, for a new file. */
function nest(place: Place, name: string, entry: DocValue): Record<string, DocValue> {
  const inner: DocValue = place.kind === 'list' ? [entry] : { [name]: entry };
  return place.path.reduceRight<Record<string, DocValue>>((acc, key) => ({ [key]: acc }), inner as Record<string, DocValue>);
}

function entryDiagnostic(e: FileEval, place: Place, code: string, severity: 'error' | 'warning', message: string, hint: string): Diagnostic {
  const scan = e.scans.find((s) => s.place === place);
  const path = scan?.ours?.path ?? [...place.path];
  return { code, severity, message, hint, path: e.file.path, pointer: toPointer(path), host: e.report.host, ...(e.doc.position(path) ?? {}) };
}
