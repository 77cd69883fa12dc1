// Would this host start this server now? Evaluates a host record's consent facts (trust-facts.ts:
// data) against the consent records the host itself keeps (its trusted-folder lists, approval files),
// read-only. One evaluator per gate KIND, none per host. Used by doctor (start or not, and the row's
// verdict) and meant for `status`/`list` notes (consentNotes). A record that cannot be read approves
// nothing: the host would not find a consent in it either.
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { sha256Hex } from '../node-crypto.js';
import type { ConfigDocument, DocValue } from './document/types.js';
import { jsonCodec } from './jsonc/document.js';
import { tomlCodec } from './lazy-codecs.js';
import { expandPath } from './path-template.js';
import type {
  ApprovalStoreGate, ConsentGate, FolderListGate, FolderRulesGate, HostContext, HostTrust, ProjectValueGate, ServerListsGate,
} from './types.js';
import type { HostRecord } from './host-core.js';

/** The scope of an entry as doctor reports it: Claude Code's `local` is the user's own, in the user file. */
export type EntryScope = 'project' | 'user' | 'local';

export type Consent =
  /** The host starts it: no consent needed at this scope, or its records hold one (`by` says which). */
  | { state: 'consented'; by?: string }
  /** The host will not start it until the user consents, the host's own way (`how`). */
  | { state: 'untrusted' | 'needs-approval'; reason: string; how: string }
  /** The user refused it in the host's records (Claude Code `disabledMcpjsonServers`, Qwen `rejected`). */
  | { state: 'refused'; reason: string }
  /** patchbay does not know how this host decides. */
  | { state: 'unknown'; reason: string; how: string };

export interface ConsentQuery {
  name: string;
  scope: EntryScope;
  /** The entry as written in the host file (Qwen binds its approval to a hash of it). */
  entry: unknown;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const JSONC = jsonCodec('jsonc');

/**
 * Reads consent records for one project and caches each file, so a run over 29 hosts and many
 * servers reads each record once. The environment is the one the host starts from.
 */
export class ConsentReader {
  private readonly docs = new Map<string, Promise<ConfigDocument | undefined>>();
  private projectKeysMemo: Promise<string[]> | undefined;

  constructor(private readonly ctx: HostContext) {}

  async consent(record: Pick<HostRecord, 'displayName' | 'trust'>, query: ConsentQuery): Promise<Consent> {
    const trust = record.trust;
    if (query.scope === 'local') return { state: 'consented' };
    if (query.scope === 'user') {
      // The user's own servers need no consent; a host whose folder trust also suppresses them says so.
      for (const gate of trust?.gates ?? []) {
        if (gate.kind === 'folder-rules' && gate.alsoUser) {
          const verdict = await this.folderRules(gate, trust as HostTrust, record.displayName);
          if (verdict.state !== 'consented') return verdict;
        }
      }
      return { state: 'consented' };
    }
    if (trust === undefined || trust.project === 'unknown') {
      return {
        state: 'unknown',
        reason: `patchbay does not know whether ${record.displayName} asks before it starts a project's servers`,
        how: 'pass --trust to check it anyway',
      };
    }
    if (trust.project === 'none') return { state: 'consented', by: trust.how };
    let by: string | undefined;
    for (const gate of trust.gates ?? []) {
      const verdict = await this.gate(gate, trust, record.displayName, query);
      if (verdict.state !== 'consented') return verdict;
      by = by === undefined ? verdict.by : `${by}; ${verdict.by ?? ''}`;
    }
    return { state: 'consented', ...(by !== undefined ? { by } : {}) };
  }

  private gate(gate: ConsentGate, trust: HostTrust, host: string, query: ConsentQuery): Promise<Consent> {
    switch (gate.kind) {
      case 'folder-list':
        return this.folderList(gate, trust, host);
      case 'project-value':
        return this.projectValue(gate, trust, host);
      case 'folder-rules':
        return this.folderRules(gate, trust, host);
      case 'server-lists':
        return this.serverLists(gate, trust, host, query.name);
      case 'approval-store':
        return this.approvalStore(gate, trust, host, query);
    }
  }

  private file(template: string, variable?: string): string {
    const value = variable !== undefined ? this.ctx.env[variable] : undefined;
    return value && path.isAbsolute(value) ? value : expandPath(template, this.ctx, this.ctx.projectDir);
  }

  /** Parsed record file, or undefined when missing, unreadable or malformed. */
  private read(file: string, codec: 'json' | 'toml' = 'json'): Promise<ConfigDocument | undefined> {
    let doc = this.docs.get(file);
    if (doc === undefined) {
      doc = (async () => {
        let text: string;
        try {
          text = await readFile(file, 'utf8');
        } catch {
          return undefined;
        }
        if (codec === 'toml') await tomlCodec.ready?.();
        const parsed = (codec === 'toml' ? tomlCodec : JSONC).parse(text, { path: file });
        return parsed.diagnostics.some((d) => d.severity === 'error') ? undefined : parsed;
      })();
      this.docs.set(file, doc);
    }
    return doc;
  }

  /** The project as hosts key it: the absolute folder, and its real path when that differs. */
  private projectKeys(): Promise<string[]> {
    this.projectKeysMemo ??= (async () => {
      const keys = [path.resolve(this.ctx.projectDir)];
      try {
        const real = await realpath(this.ctx.projectDir);
        if (!keys.includes(real)) keys.push(real);
      } catch {
        // a folder that does not exist is keyed by its path only
      }
      return keys;
    })();
    return this.projectKeysMemo;
  }

  /** The value at a member path holding `<project>`, under whichever project key is present. */
  private async at(doc: ConfigDocument | undefined, member: readonly string[]): Promise<DocValue | undefined> {
    if (doc === undefined) return undefined;
    if (!member.includes('<project>')) return doc.get(member);
    for (const key of await this.projectKeys()) {
      const value = doc.get(member.map((m) => (m === '<project>' ? key : m)));
      if (value !== undefined) return value;
    }
    return undefined;
  }

  private shown(file: string): string {
    const home = this.ctx.home;
    return file.startsWith(home + path.sep) ? `~${file.slice(home.length)}` : path.relative(this.ctx.projectDir, file) || file;
  }

  /** Is the project this folder or inside it (both as given and as real paths)? */
  private async within(folder: string): Promise<boolean> {
    const candidates = [path.resolve(folder)];
    try {
      candidates.push(await realpath(folder));
    } catch {
      // not there: compare the path as written
    }
    for (const project of await this.projectKeys()) {
      for (const f of candidates) if (project === f || project.startsWith(f.endsWith(path.sep) ? f : f + path.sep)) return true;
    }
    return false;
  }

  private async folderList(gate: FolderListGate, trust: HostTrust, host: string): Promise<Consent> {
    const file = this.file(gate.file);
    const list = await this.at(await this.read(file), gate.member);
    for (const folder of Array.isArray(list) ? list : []) {
      if (typeof folder === 'string' && path.isAbsolute(folder) && (await this.within(folder))) {
        return { state: 'consented', by: `${this.shown(file)} ${gate.member.join('.')} lists ${folder === this.ctx.projectDir ? 'the project' : 'a folder holding the project'}` };
      }
    }
    return { state: gate.refusal, reason: `${host} loads no project server here: the folder is not in ${gate.member.join('.')} of ${this.shown(file)}`, how: trust.how };
  }

  private async projectValue(gate: ProjectValueGate, trust: HostTrust, host: string): Promise<Consent> {
    const file = this.file(gate.file);
    const value = await this.at(await this.read(file, gate.codec), gate.member);
    const member = gate.member.map((m) => (m === '<project>' ? '"<project>"' : m)).join('.');
    if (value === gate.equals) return { state: 'consented', by: `${this.shown(file)} ${member} = ${JSON.stringify(gate.equals)}` };
    const got = value === undefined ? 'is not set' : `is ${JSON.stringify(value)}`;
    return { state: gate.refusal, reason: `${host} ignores the project's files: ${member} in ${this.shown(file)} ${got}`, how: trust.how };
  }

  private async folderRules(gate: FolderRulesGate, trust: HostTrust, host: string): Promise<Consent> {
    const untrusted = (reason: string): Consent => ({ state: gate.refusal, reason: `${host} starts no MCP server in this folder${gate.alsoUser ? ' (not even the user\'s own)' : ''}: ${reason}`, how: trust.how });
    for (const v of gate.variables ?? []) {
      if (this.ctx.env[v.name] === v.value) return v.trusted ? { state: 'consented', by: `${v.name}=${v.value}` } : untrusted(`${v.name}=${v.value}`);
    }
    if (gate.switch !== undefined) {
      const on = await this.at(await this.read(this.file(gate.switch.file)), gate.switch.member);
      if ((typeof on === 'boolean' ? on : gate.switch.defaultOn) === false) return { state: 'consented', by: `${gate.switch.member.join('.')} is false` };
    }
    const file = this.file(gate.file, gate.fileVariable);
    const rules = (await this.read(file))?.get([]);
    let best: { length: number; level: 'folder' | 'parent' | 'deny' } | undefined;
    for (const [rule, value] of Object.entries(isObj(rules) ? rules : {})) {
      const level = typeof value === 'string' ? gate.levels[value] : undefined;
      if (level === undefined || !path.isAbsolute(rule)) continue;
      const folder = level === 'parent' ? path.dirname(rule) : rule;
      if ((await this.within(folder)) && (best === undefined || rule.length > best.length)) best = { length: rule.length, level };
    }
    if (best === undefined) return untrusted(`no rule in ${this.shown(file)} trusts it`);
    if (best.level === 'deny') return untrusted(`${this.shown(file)} distrusts it`);
    return { state: 'consented', by: `${this.shown(file)} trusts it` };
  }

  private async serverLists(gate: ServerListsGate, trust: HostTrust, host: string, name: string): Promise<Consent> {
    const trusted = (await this.at(await this.read(this.file(gate.trust.file)), gate.trust.member)) === gate.trust.equals;
    const sources = await Promise.all(
      gate.sources.map(async (s) => {
        const file = this.file(s.file);
        const doc = await this.read(file);
        const value = s.member !== undefined ? await this.at(doc, s.member) : doc?.get([]);
        return { ...s, file, value: isObj(value) ? value : {} };
      }),
    );
    const lists = (value: Obj, key: string) => Array.isArray(value[key]) && (value[key] as unknown[]).includes(name);
    // An explicit refusal is the user's choice, wherever it is written.
    const denied = sources.find((s) => lists(s.value, gate.deny));
    if (denied) return { state: 'refused', reason: `${host}: listed in ${gate.deny} (${this.shown(denied.file)})` };
    for (const s of sources) {
      if (s.needsTrust && !trusted) continue;
      if (s.value[gate.approveAll] === true) return { state: 'consented', by: `${gate.approveAll} in ${this.shown(s.file)}` };
      if (lists(s.value, gate.approveList)) return { state: 'consented', by: `${gate.approveList} in ${this.shown(s.file)}` };
    }
    const ignored = sources.some((s) => s.needsTrust && (s.value[gate.approveAll] === true || lists(s.value, gate.approveList)));
    const reason = ignored
      ? `${host} will not start it: the project's approval counts only once the project is trusted (its trust dialog was not accepted)`
      : `${host} will not start it: "${name}" is not approved`;
    return { state: gate.refusal, reason, how: trust.how };
  }

  private async approvalStore(gate: ApprovalStoreGate, trust: HostTrust, host: string, query: ConsentQuery): Promise<Consent> {
    const file = this.file(gate.file, gate.fileVariable);
    const store = (await this.read(file))?.get([]);
    let record: DocValue | undefined;
    for (const key of await this.projectKeys()) {
      const project = isObj(store) ? store[key] : undefined;
      if (isObj(project) && project[query.name] !== undefined) record = project[query.name] as DocValue;
    }
    if (!isObj(record)) return { state: gate.refusal, reason: `${host} will not start it: "${query.name}" is not approved for this project`, how: trust.how };
    if (record.hash !== entryHash(expandHostValue(query.entry, this.ctx.env), gate.hashIgnores)) {
      return { state: gate.refusal, reason: `${host} will not start it: "${query.name}" changed since it was approved (or the variables it uses did)`, how: trust.how };
    }
    if (record.status !== gate.approved) return { state: 'refused', reason: `${host}: "${query.name}" is ${JSON.stringify(record.status)} in ${this.shown(file)}` };
    return { state: 'consented', by: `approved in ${this.shown(file)}` };
  }
}

/**
 * `$NAME` and `${NAME}` in every string, as Gemini-family settings loaders resolve them: a variable
 * that is not set stays as written. (The approval hash is over the entry as the host expanded it.)
 */
function expandHostValue(value: unknown, env: Readonly<Record<string, string | undefined>>): unknown {
  if (typeof value === 'string') {
    return value.replace(/\$(?:(\w+)|\{([^}]+)\})/g, (match, bare: string | undefined, braced: string | undefined) => {
      const v = env[(bare ?? braced) as string];
      return typeof v === 'string' ? v : match;
    });
  }
  if (Array.isArray(value)) return value.map((v) => expandHostValue(v, env));
  if (isObj(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expandHostValue(v, env)]));
  return value;
}

/** sha256 hex of the entry's JSON with every object's keys sorted, the ignored members left out. */
export function entryHash(entry: unknown, ignores: readonly string[]): string {
  const top = isObj(entry) ? Object.fromEntries(Object.entries(entry).filter(([k]) => !ignores.includes(k))) : entry;
  const stable = JSON.stringify(top, (_key, value: unknown) =>
    isObj(value) ? Object.fromEntries(Object.keys(value).sort().map((k) => [k, value[k]])) : value,
  );
  return sha256Hex(stable);
}

/**
 * The notes `status` (and `list`) can show for project servers a host would not start yet: one info
 * diagnostic per server whose consent is missing, saying the host's own way to consent. For the lead's
 * core/status.ts: `await consentNotes(record, ctx, file, servers)`.
 */
export async function consentNotes(
  record: HostRecord,
  ctx: HostContext,
  file: string,
  servers: readonly { name: string; entry: unknown }[],
  reader: ConsentReader = new ConsentReader(ctx),
): Promise<Diagnostic[]> {
  const notes: Diagnostic[] = [];
  for (const server of servers) {
    const consent = await reader.consent(record, { name: server.name, scope: 'project', entry: server.entry });
    if (consent.state === 'untrusted' || consent.state === 'needs-approval') {
      notes.push({ code: `consent-${consent.state}`, severity: 'info', host: record.id, path: file, message: `${server.name}: ${consent.reason}`, hint: consent.how });
    }
  }
  return notes;
}
