// Planning over an in-memory overlay of the files (like Nx's Tree): every host and every server
// reads a file through it and stacks its edits on that file's current text, so N servers × M hosts,
// or two hosts sharing one file (Copilot CLI reads Claude Code's .mcp.json), are ONE transaction with
// one before/after per file. Nothing here writes: `changes()` turns the overlay into plan data.
import { isUtf8 } from 'node:buffer';
import path from 'node:path';
import { rememberText, roundTrips } from '../../decoded-text.js';
import { isPatchbayError, PatchbayError, type ErrorCode } from '../../errors.js';
import type { Diagnostic } from '../../diagnostics.js';
import { makeChange, readBefore } from '../../rollback/plan-builder.js';
import type { FileBefore, FileChange } from '../../rollback/types.js';
import { applyTextEdits, type ConfigDocument, type DocumentCodec, type TextEdit } from './types.js';
import { encodeEdited } from './encode-edited.js';
import { openDocument } from './lazy-codec.js';

const BOM = '\uFEFF';
/** Read failures that are facts about one file (reported on it), not failures of patchbay. */
const FILE_PROBLEMS: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['not-a-file', 'symlink-loop', 'not-readable']);

export interface OverlayFile {
  path: string;
  /** The file as it was on disk when first read (its hash guards apply). */
  before: FileBefore;
  /** Exists on disk, or was created by an earlier edit in this plan. */
  exists: boolean;
  /** Set when the bytes could not be read as text: nothing may edit the file. */
  problem?: Diagnostic;
}

interface FileState extends OverlayFile {
  bom: boolean;
  /** Current text without the BOM; null when the plan deletes the file (or it never existed). */
  text: string | null;
  labels: Set<string>;
  /** Mode for a file this plan creates (managed.json: 0600). */
  createMode?: number;
  /** Keep the written bytes in the journal (FileChange.journalAfter: managed.json). */
  journalAfter?: boolean;
  /** The file's text as read (BOM included), when its bytes are valid UTF-8: see changes(). */
  original?: string;
  /** The last document parsed from this file, and what it was parsed from (see document()). */
  parsed?: { codec: DocumentCodec; bom: boolean; text: string | null; doc: ConfigDocument };
}

export interface OverlayOptions {
  /**
   * Nothing will be edited (status, list): documents may come from a codec's `peek`, which reads
   * plain YAML without loading the `yaml` package, and every edit is refused as a programming error.
   */
  inspectOnly?: boolean;
}

export class PlanningOverlay {
  private readonly files = new Map<string, Promise<FileState>>();
  private readonly inspectOnly: boolean;

  constructor(
    private readonly read: (file: string) => Promise<FileBefore> = readBefore,
    options: OverlayOptions = {},
  ) {
    this.inspectOnly = options.inspectOnly === true;
  }

  /** The file's current state in this plan (read from disk once). */
  async file(file: string): Promise<OverlayFile> {
    return this.state(file);
  }

  private state(file: string): Promise<FileState> {
    const key = path.resolve(file);
    let pending = this.files.get(key);
    if (!pending) {
      pending = this.load(key);
      this.files.set(key, pending);
    }
    return pending;
  }

  private async load(file: string): Promise<FileState> {
    let before: FileBefore;
    try {
      before = await this.read(file);
    } catch (error) {
      if (!isPatchbayError(error) || !FILE_PROBLEMS.has(error.code)) throw error;
      // Something is there but it cannot be read as a file (a folder, a link loop, no read permission):
      // a diagnostic on this file, so status lists it and every write command refuses at planning
      // (exit 3) with the path the user knows. It counts as existing: a broken candidate must not be
      // skipped for the next one.
      const problem: Diagnostic = { code: error.code, severity: 'error', message: error.message, path: file, ...(error.details.hint ? { hint: error.details.hint } : {}) };
      return { path: file, before: { exists: false, sha256: null, mode: null, bytes: null }, exists: true, bom: false, text: '', labels: new Set(), problem };
    }
    if (!before.exists || !before.bytes) return { path: file, before, exists: false, bom: false, text: null, labels: new Set() };
    // isUtf8 validates natively in one pass; toString then decodes without a second validation.
    const bytes = Buffer.from(before.bytes.buffer, before.bytes.byteOffset, before.bytes.byteLength);
    if (!isUtf8(bytes)) {
      const problem: Diagnostic = {
        code: 'parse-error', severity: 'error', message: 'the file is not valid UTF-8 text', path: file, line: 1, column: 1, hint: 'save the file as UTF-8',
      };
      return { path: file, before, exists: true, bom: false, text: '', labels: new Set(), problem };
    }
    const decoded = bytes.toString('utf8');
    rememberText(before.bytes, decoded);
    const bom = decoded.startsWith(BOM);
    return { path: file, before, exists: true, bom, text: bom ? decoded.slice(1) : decoded, labels: new Set(), original: decoded };
  }

  /** The current text without its BOM (null when the file does not exist or the plan deletes it). */
  async text(file: string): Promise<string | null> {
    return (await this.state(file)).text;
  }

  /** The current text parsed with `codec` ('' for a file that does not exist). */
  async document(file: string, codec: DocumentCodec): Promise<ConfigDocument> {
    const s = await this.state(file);
    // Detection, a host's own checks (OpenCode's dialect) and the edit each ask for the same file's
    // document; parsing a 10 MB file costs about as much as the whole edit, so the document is kept
    // until the text changes. Documents are immutable (edits come back as TextEdits), so sharing one
    // is safe. The key is the exact text (=== on the same string is a pointer comparison).
    const cached = s.parsed;
    if (cached && cached.codec === codec && cached.bom === s.bom && cached.text === s.text) return cached.doc;
    // The TOML and YAML codecs load on first use (or, inspecting, YAML may not need to).
    const doc = await openDocument(codec, (s.bom ? BOM : '') + (s.text ?? ''), { path: s.path }, this.inspectOnly);
    s.parsed = { codec, bom: s.bom, text: s.text, doc };
    return doc;
  }

  /** Stack edits (relative to the current BOM-less text) on the file; creates it when absent. */
  async edit(file: string, edits: readonly TextEdit[], label: string): Promise<void> {
    this.writable();
    if (edits.length === 0) return;
    const s = await this.state(file);
    s.text = applyTextEdits(s.text ?? '', edits);
    s.exists = true;
    s.labels.add(label);
  }

  /** Replace the whole current text (a file written whole, like the manifest); BOM kept. */
  async replaceText(file: string, text: string, label: string, options: { createMode?: number; journalAfter?: boolean } = {}): Promise<void> {
    this.writable();
    const s = await this.state(file);
    if (options.createMode !== undefined) s.createMode = options.createMode;
    if (options.journalAfter) s.journalAfter = true;
    const bom = text.startsWith(BOM);
    s.bom = s.bom || bom;
    s.text = bom ? text.slice(1) : text;
    s.exists = true;
    s.labels.add(label);
  }

  async delete(file: string, label: string): Promise<void> {
    this.writable();
    const s = await this.state(file);
    s.text = null;
    s.exists = false;
    s.labels.add(label);
  }

  private writable(): void {
    if (this.inspectOnly) throw new PatchbayError('internal', 'an edit was planned on an inspect-only overlay; plan edits on a PlanningOverlay made without inspectOnly');
  }

  /** One change per file whose bytes differ from disk, in the order files were first read. */
  async changes(): Promise<FileChange[]> {
    const out: FileChange[] = [];
    for (const pending of this.files.values()) {
      const s = await pending;
      if (s.labels.size === 0) continue;
      const label = [...s.labels].join(', ');
      if (s.text === null) {
        if (s.before.exists) out.push(makeChange(s.path, s.before, 'delete', { label }));
        continue;
      }
      const text = (s.bom ? BOM : '') + s.text;
      const whole = roundTrips(text);
      const bytes = whole && s.original !== undefined && s.before.bytes ? encodeEdited(s.before.bytes, s.original, text) : new TextEncoder().encode(text);
      if (whole) rememberText(bytes, text);
      out.push(makeChange(s.path, s.before, bytes, { label, ...(s.createMode !== undefined ? { createMode: s.createMode } : {}), ...(s.journalAfter ? { journalAfter: true } : {}) }));
    }
    return out;
  }
}
