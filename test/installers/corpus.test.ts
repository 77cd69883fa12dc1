// Every real-world config in fixtures/corpus (claude-code, cursor, opencode in both dialects):
// install keeps every comment and every byte outside the inserted span, the result parses and holds
// our entry in the right shape, a second init plans nothing, and uninstall gives back the exact bytes.
// Malformed files fail closed with a line:column diagnostic. The figures are printed at the end.
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { planAction } from '../../src/installers/index.js';
import { managedEntry, type EntryShape } from '../../src/installers/entry.js';
import type { HostId } from '../../src/installers/types.js';
import { afterText, applyChange, makeEnv, put, V } from './helpers.js';
import { commentsOf, corpusFiles, onlyInsertions, parseLoose, parseStrict, withEntry } from './corpus-util.js';

interface Case {
  host: HostId;
  corpus: string;
  /** File name inside the project for a corpus file name. */
  target: (name: string) => string;
  opencodeVersion?: string;
  keys: string[];
  shape: EntryShape;
  strict: boolean;
}

const CASES: Case[] = [
  { host: 'claude-code', corpus: 'claude-code', target: () => '.mcp.json', keys: ['mcpServers', 'patchbay'], shape: 'mcpServers', strict: true },
  { host: 'cursor', corpus: 'cursor', target: () => '.cursor/mcp.json', keys: ['mcpServers', 'patchbay'], shape: 'mcpServers', strict: false },
  { host: 'opencode', corpus: 'opencode', target: (n) => (n.endsWith('.jsonc') ? 'opencode.jsonc' : 'opencode.json'), opencodeVersion: '1.18.33', keys: ['mcp', 'patchbay'], shape: 'opencode-v1', strict: false },
  { host: 'opencode', corpus: 'opencode', target: (n) => (n.endsWith('.jsonc') ? 'opencode.jsonc' : 'opencode.json'), opencodeVersion: '2.0.0', keys: ['mcp', 'servers', 'patchbay'], shape: 'opencode-v2', strict: false },
  // Other hosts' real files as negative/extra inputs: strict Claude Code must reject the JSONC ones.
  { host: 'claude-code', corpus: 'vscode', target: () => '.mcp.json', keys: ['mcpServers', 'patchbay'], shape: 'mcpServers', strict: true },
  { host: 'claude-code', corpus: 'gemini', target: () => '.mcp.json', keys: ['mcpServers', 'patchbay'], shape: 'mcpServers', strict: true },
  { host: 'cursor', corpus: 'vscode', target: () => '.cursor/mcp.json', keys: ['mcpServers', 'patchbay'], shape: 'mcpServers', strict: false },
];

const figures = { files: 0, installed: 0, roundTrips: 0, commentsPreservedFiles: 0, filesWithComments: 0, failedClosed: 0, notIdentical: [] as string[] };

afterAll(() => {
  // The report figures (see the helper's report): one line, greppable.
  console.log(`CORPUS-FIGURES ${JSON.stringify(figures)}`);
});

for (const c of CASES) {
  describe(`${c.host}${c.opencodeVersion ? ` (${c.shape})` : ''} with the ${c.corpus} corpus`, () => {
    for (const { name, text } of corpusFiles(c.corpus)) {
      test(name, async () => {
        figures.files++;
        const env = await makeEnv();
        try {
          const file = path.join(env.projectDir, c.target(name));
          await put(file, text);
          const base = { hosts: [c.host], scope: 'project' as const, version: V, ...(c.opencodeVersion ? { opencodeVersion: c.opencodeVersion } : {}) };
          const init = await planAction(env.ctx, { action: 'init', ...base });
          const errors = init.diagnostics.filter((d) => d.severity === 'error');
          const strictOk = !c.strict || (parseStrict(text).ok);
          const looseOk = parseLoose(text).errors.length === 0;
          if (!looseOk || !strictOk) {
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
          if (restored !== text) figures.notIdentical.push(`${c.shape}:${name}`);
          expect(restored).toBe(text);
          figures.roundTrips++;
        } finally {
          await env.cleanup();
        }
      });
    }
  });
}
