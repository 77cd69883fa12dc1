// The adapter machinery shared by every JSON/JSONC host: read every candidate, classify our entry,
// list servers, and turn init/migrate/uninstall into byte-minimal edits. A host supplies a HostSpec
// (its files, strictness, detection and where servers live); this file never writes anything.
import path from 'node:path';
import { getNodeValue } from 'jsonc-parser';
import type { Diagnostic } from '../../diagnostics.js';
import { hasErrors } from '../../diagnostics.js';
import type { FileChange } from '../../rollback/types.js';
import { makeChange, dirsToCreate } from '../../rollback/plan-builder.js';
import { displayPath } from '../../display-path.js';
import type {
  Detection, FileReport, HostAdapter, HostContext, HostId, HostPlan, HostReport, OpenCodeDialect, PlanRequest, Scope,
} from '../types.js';
import { loadFile, type LoadedFile } from '../load.js';
import { containerNode, scanPlace, SERVER_NAME, type Place, type PlaceScan } from '../places.js';
import { managedEntry, pinOfSpec } from '../entry.js';
import { PACKAGE_NAME } from '../../version.js';
import { freshDocument, insertAt, removeAt, replaceAt } from '../jsonc/edit.js';
import { printValue, type JsonValue } from '../jsonc/print.js';
import { joinBom, lineColumn, lineIndent } from '../jsonc/text.js';
import { toPointer } from '../jsonc/pointer.js';

export interface PlaceSelection {
  /** Where init writes; undefined when it cannot be decided (diagnostics say why). */
  selected?: Place;
  /** Every other place our entry may sit in (OpenCode: the other dialect). */
  others: Place[];
  dialect?: OpenCodeDialect;
  diagnostics: Diagnostic[];
}

export interface DetectOptions {
  /** OpenCode `--opencode-version`: the binary is not probed at all. */
  opencodeVersion?: string;
}

export interface HostSpec {
  id: HostId;
  displayName: string;
  /** Strict JSON host: comments and trailing commas are errors. */
  strict: boolean;
  /** Candidate files in precedence order; undefined when the scope does not exist for this host. */
  files(ctx: HostContext, scope: Scope): string[] | undefined;
  /** A file patchbay creates holds this plus our entry (OpenCode: `$schema`). */
  skeleton: Record<string, JsonValue>;
  /** The candidate created when none exists (default: the first). */
  createFile?(ctx: HostContext, scope: Scope): string;
  detect(ctx: HostContext, options: DetectOptions): Promise<Detection>;
  places(ctx: HostContext, detection: Detection, request: DetectOptions): PlaceSelection;
}

interface FileEval {
  loaded: LoadedFile;
  report: FileReport;
  scans: PlaceScan[];
}

/** Diagnostics about which dialect to write; irrelevant to uninstall. */
const DIALECT_CODES: ReadonlySet<string> = new Set(['unsupported-host-version', 'probe-failed']);

export function createJsonHostAdapter(spec: HostSpec): HostAdapter & { inspectWith: typeof inspectWith } {
  async function inspectWith(ctx: HostContext, scope: Scope, request: Pick<PlanRequest, 'version' | 'opencodeVersion'>): Promise<{ report: HostReport; evals: FileEval[]; selection: PlaceSelection }> {
    const options: DetectOptions = request.opencodeVersion === undefined ? {} : { opencodeVersion: request.opencodeVersion };
    const detection = await spec.detect(ctx, options);
    const files = spec.files(ctx, scope);
    const diagnostics: Diagnostic[] = [];
    const selection = spec.places(ctx, detection, options);
    diagnostics.push(...selection.diagnostics);
    if (!files) {
      diagnostics.push({
        code: 'usage',
        severity: 'error',
        host: spec.id,
        message: `${spec.displayName} has no ${scope}-scope configuration file`,
        hint: `use --scope ${scope === 'project' ? 'user' : 'project'} for ${spec.id}, or leave it out with --host`,
      });
      return { report: { host: spec.id, scope, detection, files: [], diagnostics }, evals: [], selection };
    }
    const loadedFiles = await Promise.all(files.map((f) => loadFile(f, spec.strict)));
    let targetIndex = loadedFiles.findIndex((f) => f.exists);
    if (targetIndex < 0) targetIndex = Math.max(0, files.indexOf(spec.createFile?.(ctx, scope) ?? files[0] ?? ''));
    const evals = loadedFiles.map((loaded, i) => evaluate(loaded, i === targetIndex, scope, selection, request.version, ctx.platform));
    for (const e of evals) diagnostics.push(...e.report.diagnostics);
    return { report: { host: spec.id, scope, detection, files: evals.map((e) => e.report), diagnostics }, evals, selection };
  }

  function evaluate(loaded: LoadedFile, target: boolean, scope: Scope, selection: PlaceSelection, version: string, platform: NodeJS.Platform): FileEval {
    const diagnostics = loaded.doc.diagnostics.map((d) => ({ ...d, host: spec.id }));
    const report: FileReport = { host: spec.id, scope, path: loaded.path, exists: loaded.exists, target, state: 'absent', servers: [], diagnostics };
    if (selection.dialect) report.dialect = selection.dialect;
    const root = loaded.doc.root;
    if (!loaded.exists || !root || root.type !== 'object' || hasErrors(diagnostics)) return { loaded, report, scans: [] };
    const body = loaded.doc.split.body;
    const shapeDiagnostics: Diagnostic[] = [];
    const places = [...(selection.selected ? [selection.selected] : []), ...selection.others];
    const scans = places.map((place) => {
      const sink = place === selection.selected ? shapeDiagnostics : [];
      let node = containerNode(root, body, place.path, loaded.path, sink);
      const problem = node && place.rejects?.(getNodeValue(node));
      if (node && problem) {
        sink.push({
          code: 'invalid-shape', severity: 'error', message: problem, path: loaded.path, pointer: toPointer(place.path),
          ...lineColumn(body, node.offset), hint: 'rename that server, or select the other OpenCode dialect with --opencode-version',
        });
        node = undefined;
      }
      return scanPlace(place, node, version, platform);
    });
    diagnostics.push(...shapeDiagnostics.map((d) => ({ ...d, host: spec.id })));
    for (const s of scans) report.servers.push(...s.servers);
    const [selectedScan, ...otherScans] = selection.selected ? scans : [undefined, ...scans];
    const otherOurs = otherScans.find((s) => s?.ours?.ours);
    if (selectedScan?.ours) {
      report.state = !selectedScan.ours.ours ? 'foreign' : selectedScan.ours.current ? 'current' : 'stale';
      if (selectedScan.ours.pin !== undefined) report.pin = selectedScan.ours.pin;
    } else if (otherOurs?.ours && selection.selected) {
      report.state = 'other-dialect';
      if (otherOurs.ours.pin !== undefined) report.pin = otherOurs.ours.pin;
    } else if (!selection.selected) {
      // No dialect is known (an unsupported OpenCode version): "other" is meaningless, so report our
      // entry as what it is, and the dialect of the place it sits in.
      const found = otherScans.find((s) => s?.ours);
      if (found?.ours) {
        report.state = !found.ours.ours ? 'foreign' : found.ours.current ? 'current' : 'stale';
        if (found.ours.pin !== undefined) report.pin = found.ours.pin;
        if (found.place.dialect) report.dialect = found.place.dialect;
      }
    }
    return { loaded, report, scans };
  }

  const adapter = {
    id: spec.id,
    displayName: spec.displayName,
    supportsScope: (scope: Scope) => spec.files({ projectDir: '/', home: '/', env: {}, platform: 'linux', probe: async () => ({ ok: false, reason: 'not-found', message: '' }) }, scope) !== undefined,
    detect: (ctx: HostContext) => spec.detect(ctx, {}),
    candidates: (ctx: HostContext, scope: Scope) => spec.files(ctx, scope) ?? [],
    inspectWith,
    async inspect(ctx: HostContext, scope: Scope, request: Pick<PlanRequest, 'version' | 'opencodeVersion'>) {
      return (await inspectWith(ctx, scope, request)).report;
    },
    async plan(ctx: HostContext, request: PlanRequest & { scope: Scope }): Promise<HostPlan> {
      const { report, evals, selection } = await inspectWith(ctx, request.scope, request);
      // Uninstall removes our entry from every place, whatever the dialect, so an unknown or unsupported
      // host version must not stop it (it still stops init and migrate, which must know what to write).
      const blocking = request.action === 'uninstall' ? report.diagnostics.filter((d) => !DIALECT_CODES.has(d.code)) : report.diagnostics;
      const plan: HostPlan = { host: spec.id, scope: request.scope, changes: [], createDirs: [], diagnostics: [...blocking], summary: [] };
      if (hasErrors(plan.diagnostics) || evals.length === 0) return plan;
      const show = (p: string) => displayPath(p, ctx);
      const finish = async (e: FileEval, newBody: string | 'delete', line: string) => {
        plan.changes.push(await change(e.loaded, newBody, spec.id, request.scope));
        if (!e.loaded.exists) plan.createDirs.push(...(await dirsToCreate(e.loaded.path)));
        plan.summary.push(line);
      };
      const target = evals.find((e) => e.report.target) as FileEval;
      const entryOf = (place: Place) => managedEntry(place.shape, request.version, ctx.platform) as JsonValue;

      if (request.action === 'init') {
        const sel = selection.selected as Place;
        const state = target.report.state;
        const file = show(target.loaded.path);
        if (state === 'current') {
          plan.summary.push(`${file}: already current (${PACKAGE_NAME}@${request.version})`);
        } else if (state === 'stale') {
          plan.diagnostics.push(entryDiagnostic(target, sel, 'stale-entry', 'error',
            `${file} already has a patchbay entry pinned to ${target.report.pin ?? 'another version'}, not ${request.version}`,
            'run `patchbay migrate` to re-pin it'));
        } else if (state === 'foreign') {
          plan.diagnostics.push(entryDiagnostic(target, sel, 'foreign-entry', 'error',
            `${file} has an entry named \`patchbay\` that patchbay did not write; it will not be overwritten`,
            `rename or remove the existing \`patchbay\` entry in ${file}`));
        } else {
          if (state === 'other-dialect') {
            plan.diagnostics.push(entryDiagnostic(target, otherPlaceWithOurs(target) ?? sel, 'other-dialect', 'warning',
              `${file} has patchbay's entry in the OpenCode ${selection.dialect === 'v1' ? 'V2' : 'V1'} place; adding the ${selection.dialect?.toUpperCase()} entry next to it and leaving that one untouched`,
              'run `patchbay migrate` to move the entry and remove the old one'));
          }
          const existedNote = target.loaded.exists ? `add ${PACKAGE_NAME}@${request.version} to ${file}` : `create ${file} with ${PACKAGE_NAME}@${request.version}`;
          await finish(target, insertEntry(target.loaded, sel, entryOf(sel)), existedNote);
        }
        return plan;
      }

      if (request.action === 'migrate') {
        const sel = selection.selected as Place;
        for (const e of evals) {
          if (!e.loaded.exists) continue;
          const file = show(e.loaded.path);
          const [selScan, ...otherScans] = e.scans;
          if (selScan?.ours && !selScan.ours.ours) {
            if (e.report.target) plan.diagnostics.push(entryDiagnostic(e, sel, 'foreign-entry', 'error',
              `${file} has an entry named \`patchbay\` that patchbay did not write; migrate leaves it alone`,
              `rename or remove the existing \`patchbay\` entry in ${file}`));
            continue;
          }
          let body = e.loaded.doc.split.body;
          const lines: string[] = [];
          if (selScan?.ours?.ours && !selScan.ours.current) {
            body = repin(body, selScan, entryOf(sel), e.loaded, request.version);
            lines.push(`re-pin ${selScan.ours.pin} -> ${request.version}`);
          }
          for (const s of otherScans) {
            if (!s.ours?.ours) continue;
            body = removeAt(body, [...s.place.path, SERVER_NAME]).body;
            lines.push(`remove the ${s.place.dialect?.toUpperCase() ?? ''} entry`.replace('  ', ' '));
            if (!selScan?.ours) {
              body = insertAt(body, [...sel.path, SERVER_NAME], entryOf(sel), e.loaded.format);
              lines.push(`add the ${sel.dialect?.toUpperCase()} entry (${PACKAGE_NAME}@${request.version})`);
            }
          }
          if (lines.length > 0) await finish(e, body, `${file}: ${lines.join(', ')}`);
          else if (selScan?.ours?.current) plan.summary.push(`${file}: already current (${PACKAGE_NAME}@${request.version})`);
        }
        if (plan.summary.length === 0) plan.summary.push('no patchbay entry to migrate');
        return plan;
      }

      // uninstall
      for (const e of evals) {
        if (!e.loaded.exists) continue;
        const file = show(e.loaded.path);
        let body = e.loaded.doc.split.body;
        let removed = 0;
        for (const s of e.scans) {
          if (!s.ours) continue;
          if (!s.ours.ours) {
            plan.diagnostics.push(entryDiagnostic(e, s.place, 'foreign-entry', 'error',
              `${file} has an entry named \`patchbay\` that patchbay did not write; uninstall will not remove it`,
              `rename or remove the existing \`patchbay\` entry in ${file}`));
            continue;
          }
          body = removeAt(body, [...s.place.path, SERVER_NAME]).body;
          removed++;
        }
        if (removed === 0) continue;
        // Deleting: only when what is left is byte-for-byte the skeleton patchbay itself writes into a
        // file it creates (`{}` or `{"$schema": ...}` in our layout, the file's EOL). Anything else —
        // OpenCode's own compact `{"$schema":...}`, a comment, another key — keeps the file.
        const skeleton = freshDocument(spec.skeleton, e.loaded.format);
        if (body === skeleton) await finish(e, 'delete', `delete ${file} (it held only what patchbay created)`);
        else await finish(e, body, `remove patchbay from ${file}`);
      }
      if (plan.summary.length === 0) plan.summary.push('no patchbay entry to remove');
      return plan;
    },
  };
  return adapter;

  function otherPlaceWithOurs(e: FileEval): Place | undefined {
    return e.scans.slice(1).find((s) => s.ours?.ours)?.place;
  }

  function insertEntry(loaded: LoadedFile, place: Place, entry: JsonValue): string {
    const keyPath = [...place.path, SERVER_NAME];
    if (!loaded.exists || loaded.doc.empty) {
      // A missing, empty or whitespace-only file is treated as `{}`: it holds nothing to preserve,
      // and no host can read an empty file as configuration anyway.
      const value: Record<string, JsonValue> = { ...spec.skeleton };
      let cursor = value;
      place.path.forEach((k) => { cursor = (cursor[k] = {}) as Record<string, JsonValue>; });
      cursor[SERVER_NAME] = entry;
      const format = loaded.exists ? { ...loaded.format, indentUnit: '  ' } : loaded.format;
      return freshDocument(value, format);
    }
    return insertAt(loaded.doc.split.body, keyPath, entry, loaded.format);
  }

  async function change(loaded: LoadedFile, body: string | 'delete', host: HostId, scope: Scope): Promise<FileChange> {
    const label = `${host} (${scope})`;
    if (body === 'delete') return makeChange(loaded.path, loaded.before, 'delete', { label });
    // A BOM the file had is kept in front of whatever we write.
    const text = joinBom({ bom: loaded.doc.split.bom, body });
    return makeChange(loaded.path, loaded.before, new TextEncoder().encode(text), { label });
  }
}

/** Re-pin: when only the version differs, replace just that string; otherwise the whole entry value. */
function repin(body: string, scan: PlaceScan, entry: JsonValue, loaded: LoadedFile, version: string): string {
  const ours = scan.ours as NonNullable<PlaceScan['ours']>;
  const value = ours.value as Record<string, unknown>;
  const argvKey = scan.place.shape === 'mcpServers' ? 'args' : 'command';
  const argv = value[argvKey];
  const entryPath = [...scan.place.path, SERVER_NAME];
  if (Array.isArray(argv)) {
    // The one `<name>@<version>` argument: 0.1's `patchbay@…` becomes `patchbay-mcp@…` in the same swap.
    const index = argv.findIndex((a) => typeof a === 'string' && pinOfSpec(a) !== undefined);
    const spec = `${PACKAGE_NAME}@${version}`;
    const swapped = { ...value, [argvKey]: argv.map((a, i) => (i === index ? spec : a)) };
    if (index >= 0 && JSON.stringify(sortKeys(swapped)) === JSON.stringify(sortKeys(entry))) {
      return replaceAt(body, [...entryPath, argvKey, index], JSON.stringify(spec));
    }
  }
  const indent = lineIndent(body, ours.node.offset);
  return replaceAt(body, entryPath, printValue(entry, { base: indent, unit: loaded.format.indentUnit, eol: loaded.format.eol }));
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v === null || typeof v !== 'object') return v;
  return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]));
}

function entryDiagnostic(e: FileEval, place: Place, code: string, severity: 'error' | 'warning', message: string, hint: string): Diagnostic {
  const scan = e.scans.find((s) => s.place === place);
  const d: Diagnostic = { code, severity, message, hint, path: e.loaded.path, pointer: toPointer([...place.path, SERVER_NAME]), host: e.report.host };
  if (scan?.ours) Object.assign(d, lineColumn(e.loaded.doc.split.body, scan.ours.node.offset));
  return d;
}

/** $XDG_CONFIG_HOME when set to an absolute path (the XDG rule), else ~/.config. */
export function xdgConfigHome(ctx: HostContext): string {
  const xdg = ctx.env.XDG_CONFIG_HOME;
  return xdg && path.isAbsolute(xdg) ? xdg : path.join(ctx.home, '.config');
}
