// Every real-world config in fixtures/corpus (claude-code, cursor, opencode in both dialects):
// install keeps every comment and every byte outside the inserted span, the result parses and holds
// our entry in the right shape, a second init plans nothing, and uninstall gives back the exact bytes.
// Malformed files fail closed with a line:column diagnostic. The figures are printed at the end.
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { hostRecord, planAction } from '../../src/installers/index.js';
import { managedEntry, type EntryShape } from '../../src/installers/entry.js';
import type { EntryStyle } from '../../src/installers/shapes.js';
import type { HostContext, HostId, Scope } from '../../src/installers/types.js';
import { JSON_HOSTS } from '../../src/installers/hosts/json-catalog.js';
import { afterText, applyChange, makeEnv, put, V } from './helpers.js';
import { CORPUS_EXTRA, JSON_CORPUS_ALIAS } from './host-coverage.js';
import { commentsOf, corpusFiles, corpusSourcePath, onlyInsertions, parseLoose, parseStrict, parseWithComments, withEntry } from './corpus-util.js';

interface Case {
  host: HostId;
  corpus: string;
  /** File name inside the project for a corpus file name. */
  target: (name: string) => string;
  /** User-scope hosts: the absolute file (the record's first user candidate); `target` is then unused. */
  scope?: Scope;
  opencodeVersion?: string;
  keys: string[];
  shape: EntryShape | EntryStyle;
  strict: boolean;
  /** Comments allowed, trailing commas fatal (Gemini, Qwen). */
  commentsOnly?: boolean;
  /** The corpus files this case runs (default: all of the folder). */
  only?: (name: string) => boolean;
  /** What the case is about, where the host and corpus do not say it (Kilo's legacy file). */
  label?: string;
}

/** Every catalog JSON host with its own corpus; commented JSONC files from VS Code and Zed for the tolerant ones. */
function jsonHostCases(): Case[] {
  const cases: Case[] = [];
  for (const h of JSON_HOSTS) {
    const scope: Scope = h.projectFiles.length > 0 ? 'project' : 'user';
    const base = {
      host: h.id, scope, target: () => h.projectFiles[0] ?? '', keys: [...h.container, 'patchbay'], shape: h.style,
      strict: h.tolerance === 'strict', commentsOnly: h.tolerance === 'comments',
    };
    // Both VS Code products share the vscode corpus. Antigravity has no real file in the corpus: Claude
    // Desktop's user files (the same `mcpServers` user-config shape) stand in.
    const own = JSON_CORPUS_ALIAS[h.id] ?? h.id;
    // A real file runs where its host reads it: a file committed at one of the record's other-shaped
    // paths (Kilo's `.kilocode/mcp.json`) is written there, in that file's container and tolerance.
    const sourceOf = (name: string) => corpusSourcePath(own, name);
    for (const [template, shape] of Object.entries(h.otherShapes ?? {})) {
      cases.push({
        ...base, corpus: own, label: template, target: () => template, keys: [...shape.container, 'patchbay'], shape: shape.style,
        strict: shape.tolerance === 'strict', commentsOnly: shape.tolerance === 'comments', only: (name) => sourceOf(name) === template,
      });
    }
    const otherShaped = (name: string) => Object.hasOwn(h.otherShapes ?? {}, sourceOf(name) ?? '');
    cases.push({ ...base, corpus: own, only: (name) => !otherShaped(name) });
    if (h.tolerance !== 'strict' && own !== 'vscode') cases.push({ ...base, corpus: 'vscode' });
    if (h.tolerance !== 'strict' && own !== 'zed') cases.push({ ...base, corpus: 'zed' });
  }
  return cases;
}

/** Every level of the container path is absent or an object. */
function containerOk(value: unknown, keys: readonly string[]): boolean {
  let cur = value;
  for (const k of keys) {
    if (cur === undefined) return true;
    if (cur === null || typeof cur !== 'object' || Array.isArray(cur)) return false;
    cur = (cur as Record<string, unknown>)[k];
  }
  return cur === undefined || (cur !== null && typeof cur === 'object' && !Array.isArray(cur));
}

function targetFile(c: Case, ctx: HostContext, name: string): string {
  if (c.scope === 'user') return hostRecord(c.host).files(ctx, 'user')?.[0] as string;
  return path.join(ctx.projectDir, c.target(name));
}

const CASES: Case[] = [
  { host: 'claude-code', corpus: 'claude-code', target: () => '.mcp.json', keys: ['mcpServers', 'patchbay'], shape: 'mcpServers', strict: true },
  { host: 'cursor', corpus: 'cursor', target: () => '.cursor/mcp.json', keys: ['mcpServers', 'patchbay'], shape: 'mcpServers', strict: false },
  { host: 'opencode', corpus: 'opencode', target: (n) => (n.endsWith('.jsonc') ? 'opencode.jsonc' : 'opencode.json'), opencodeVersion: '1.18.33', keys: ['mcp', 'patchbay'], shape: 'opencode-v1', strict: false },
  { host: 'opencode', corpus: 'opencode', target: (n) => (n.endsWith('.jsonc') ? 'opencode.jsonc' : 'opencode.json'), opencodeVersion: '2.0.0', keys: ['mcp', 'servers', 'patchbay'], shape: 'opencode-v2', strict: false },
  // generic: the same strict `mcpServers` user file as Claude Code's, so Claude Code's real files.
  { host: 'generic', corpus: 'claude-code', target: () => '', scope: 'user', keys: ['mcpServers', 'patchbay'], shape: 'mcpServers', strict: true },
  // Other hosts' real files as negative/extra inputs: strict Claude Code must reject the JSONC ones.
  { host: 'claude-code', corpus: 'vscode', target: () => '.mcp.json', keys: ['mcpServers', 'patchbay'], shape: 'mcpServers', strict: true },
  { host: 'claude-code', corpus: 'gemini', target: () => '.mcp.json', keys: ['mcpServers', 'patchbay'], shape: 'mcpServers', strict: true },
  { host: 'cursor', corpus: 'vscode', target: () => '.cursor/mcp.json', keys: ['mcpServers', 'patchbay'], shape: 'mcpServers', strict: false },
  ...jsonHostCases(),
];

test('every module host host-coverage.ts names runs here with its corpus folder', () => {
  for (const id of ['claude-code', 'cursor', 'opencode', 'generic']) expect(CASES.some((c) => c.host === id && c.corpus === CORPUS_EXTRA[id]), id).toBe(true);
});

const figures = { files: 0, installed: 0, roundTrips: 0, commentsPreservedFiles: 0, filesWithComments: 0, failedClosed: 0, notIdentical: [] as string[] };

afterAll(() => {
  // The report figures (see the helper's report): one line, greppable.
  console.log(`CORPUS-FIGURES ${JSON.stringify(figures)}`);
});

for (const c of CASES) {
  const files = corpusFiles(c.corpus).filter((f) => c.only?.(f.name) ?? true);
  if (files.length === 0) continue;
  describe(`${c.host}${c.opencodeVersion ? ` (${String(c.shape)})` : ''}${c.label ? ` at ${c.label}` : ''} with the ${c.corpus} corpus`, () => {
    for (const { name, text } of files) {
      test(name, async () => {
        figures.files++;
        const env = await makeEnv();
        try {
          const file = targetFile(c, env.ctx, name);
          await put(file, text);
          const base = { hosts: [c.host], scope: c.scope ?? ('project' as const), version: V, ...(c.opencodeVersion ? { opencodeVersion: c.opencodeVersion } : {}) };
          const init = await planAction(env.ctx, { action: 'init', ...base });
          const errors = init.diagnostics.filter((d) => d.severity === 'error');
          const strictOk = c.strict ? parseStrict(text).ok : c.commentsOnly ? parseWithComments(text).ok : true;
          const looseOk = parseLoose(text).errors.length === 0;
          // A real file whose container has the wrong type (vscode/015: `servers` is a list) is refused too.
          const shapeOk = !looseOk || containerOk(parseLoose(text).value, c.keys.slice(0, -1));
          if (!looseOk || !strictOk || !shapeOk) {
            if (!shapeOk) expect(errors[0]?.code).toBe('invalid-shape');
            // Fails closed: an error with a position, and nothing planned.
            expect(errors.length).toBeGreaterThan(0);
            expect(errors[0]?.line).toBeGreaterThan(0);
            expect(errors[0]?.column).toBeGreaterThan(0);
            expect(init.plan.changes).toHaveLength(0);
            figures.failedClosed++;
            return;
          }
          expect(errors).toEqual([]);
          expect(init.plan.changes).toHaveLength(1);
          const after = afterText(init.plan.changes[0]);
          figures.installed++;

          // Comments all kept, in order; nothing but insertions.
          const comments = commentsOf(text);
          expect(commentsOf(after)).toEqual(comments);
          if (comments.length > 0) figures.filesWithComments++;
          figures.commentsPreservedFiles++;
          expect(onlyInsertions(text, after)).toBe(true);
          // CRLF files stay CRLF: no lone \n was introduced.
          if (text.includes('\r\n')) expect(after.replace(/\r\n/g, '').includes('\n')).toBe(false);

          // It parses (strictly for strict hosts) and holds exactly the original data plus our entry.
          const parsed = c.strict ? parseStrict(after) : { value: parseLoose(after).value, ok: parseLoose(after).errors.length === 0 };
          expect(parsed.ok).toBe(true);
          expect(parsed.value).toEqual(withEntry(parseLoose(text).value, c.keys, managedEntry(c.shape, V, 'linux')));

          await applyChange(init.plan.changes[0]!);
          const again = await planAction(env.ctx, { action: 'init', ...base });
          expect(again.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
          expect(again.plan.changes).toHaveLength(0);
          expect(again.hostPlans[0]?.summary.join(' ')).toMatch(/already current/);

          const un = await planAction(env.ctx, { action: 'uninstall', ...base });
          expect(un.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
          expect(un.plan.changes).toHaveLength(1);
          const restored = afterText(un.plan.changes[0]);
          if (restored !== text) figures.notIdentical.push(`${c.host}:${name}`);
          expect(restored).toBe(text);
          figures.roundTrips++;
        } finally {
          await env.cleanup();
        }
      });
    }
  });
}
