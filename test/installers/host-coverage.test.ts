// The guard: every supported host has a corpus folder the corpus tests run, a property test through the
// host, detection that finds it (tested here, per host, from a real temp home and project), and a
// rollback that gives back the exact bytes. A host missing any of them fails with a sentence naming it.
import { existsSync, readdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { HOSTS, hostRecord, planAction } from '../../src/installers/index.js';
import { JSON_HOSTS } from '../../src/installers/hosts/json-catalog.js';
import { YAML_HOSTS } from '../../src/installers/hosts/yaml-catalog.js';
import { readFile } from 'node:fs/promises';
import { apply, rollback } from '../../src/rollback/index.js';
import { CORPUS_DIR } from './corpus-util.js';
import { CORPUS_EXTRA, JSON_CORPUS_ALIAS, JSON_PROPERTY_EXTRA, TOML_YAML_PROPERTY } from './host-coverage.js';
import { makeEnv, put, V } from './helpers.js';

const recordIds = new Set(JSON_HOSTS.map((h) => h.id));

function corpusOf(id: string): string | undefined {
  if (recordIds.has(id)) return JSON_CORPUS_ALIAS[id] ?? id;
  return CORPUS_EXTRA[id];
}

/** Where detection of a module host is proved (a folder under the test root); records: their own data. */
const MODULE_DETECTION: Record<string, string> = {
  opencode: 'home/.config/opencode', 'claude-code': 'home/.claude', cursor: 'home/.cursor', generic: 'home/.config/mcp',
  codex: 'home/.codex', grok: 'home/.grok', 'mistral-vibe': 'home/.vibe', goose: 'home/.config/goose', continue: 'home/.continue',
};

/** A folder (or file) whose existence detects the host on Linux, relative to the test root. */
function detectionPath(id: string): string | undefined {
  const data = [...JSON_HOSTS, ...YAML_HOSTS].find((h) => h.id === id);
  if (!data) return MODULE_DETECTION[id];
  const dir = data.detectDirs.linux?.[0];
  if (dir !== undefined) return dir.replace(/^\$\{[A-Z_]+:-(.*?)\}/, '$1').replace(/^\$XDG_CONFIG_HOME/, 'home/.config').replace(/^~/, 'home');
  const evidence = data.projectEvidence?.[0];
  return evidence === undefined ? undefined : `project/${evidence}`;
}

describe('every supported host is covered', () => {
  test('a corpus folder with files, run by the corpus tests', () => {
    const missing = HOSTS.filter((h) => {
      const folder = corpusOf(h.id);
      return folder === undefined || !existsSync(path.join(CORPUS_DIR, folder)) || readdirSync(path.join(CORPUS_DIR, folder)).length === 0;
    });
    expect(missing.map((h) => `${h.id} has no corpus: add fixtures/corpus/${h.id}/ (and its SOURCES.tsv rows) or a row in test/installers/host-coverage.ts`)).toEqual([]);
  });
  test('a property test through the host', () => {
    const covered = new Set([...recordIds, ...JSON_PROPERTY_EXTRA, ...TOML_YAML_PROPERTY]);
    expect(HOSTS.filter((h) => !covered.has(h.id)).map((h) => `${h.id} has no property test: add it to catalog-property or toml-yaml-host-property (host-coverage.ts)`)).toEqual([]);
  });
  test('a way to be detected', () => {
    expect(HOSTS.filter((h) => detectionPath(h.id) === undefined).map((h) => `${h.id} cannot be detected: give it a folder, a binary, or a project file of its own`)).toEqual([]);
  });
});

describe.each(HOSTS.map((h) => h.id))('%s', (id) => {
  test('is detected by its own folder, and not in an empty home', async () => {
    const env = await makeEnv();
    try {
      const record = hostRecord(id);
      expect((await record.detect(env.ctx, { probeVersions: false })).detected, `${id} detected in an empty home`).toBe(false);
      const where = detectionPath(id) as string;
      await mkdir(path.join(env.root, where), { recursive: true });
      const d = await record.detect(env.ctx, { probeVersions: false });
      expect(d.detected, `${id} not detected by ${where}`).toBe(true);
      expect(d.reasons.join(' ')).toContain('found');
    } finally {
      await env.cleanup();
    }
  });
  test('an applied install rolls back to the exact prior bytes', async () => {
    const env = await makeEnv();
    try {
      const record = hostRecord(id);
      const scope = record.files(env.ctx, 'project', 'patchbay') ? 'project' : 'user';
      const file = record.files(env.ctx, scope, 'patchbay')?.[0] as string;
      const prior = record.codec.kind.startsWith('json') ? '{\n  "keep": true\n}\n' : record.codec.kind === 'toml' ? 'keep = true\n' : 'keep: true\n';
      const seeded = id !== 'continue' || scope === 'user';
      if (seeded) await put(file, prior);
      const r = await planAction(env.ctx, { action: 'init', hosts: [id], scope, version: V, ...(id === 'opencode' ? { opencodeVersion: '2.0.0' } : {}) });
      expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const stateDir = path.join(env.root, 'state');
      const applied = await apply(r.plan, { stateDir });
      expect(applied.written).toContain(file);
      expect(seeded ? await readFile(file, 'utf8') : '').not.toBe(prior);
      const back = await rollback(applied.id, { stateDir });
      expect(back.files.map((f) => f.path)).toContain(file);
      if (seeded) expect(await readFile(file, 'utf8')).toBe(prior);
      else expect(existsSync(file)).toBe(false);
    } finally {
      await env.cleanup();
    }
  });
});
