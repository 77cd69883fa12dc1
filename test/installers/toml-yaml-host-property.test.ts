// Property tests through the HOSTS (record + core + codec), on generated files: comment lines and
// trailing comments, blank lines, LF or CRLF, other tables/keys before and after the servers, arrays of
// tables ([[providers]], Vibe's [[mcp_servers]]), servers present or not. For every file: init plans
// one change that only inserts bytes and keeps every comment; uninstall of the applied result gives
// back the original bytes exactly.
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { planAction } from '../../src/installers/index.js';
import type { Scope } from '../../src/installers/types.js';
import { afterText, applyChange, makeEnv, put, V } from './helpers.js';
import { onlyInsertions } from './corpus-util.js';
import { TOML_YAML_PROPERTY } from './host-coverage.js';
import { comments as tomlComments } from './toml/util.js';
import { readYaml, yamlComments } from './yaml/util.js';

const comment = fc.string({ unit: fc.constantFrom('a', ' ', '#', '[', ']', '=', '"', ':', '-', 'é'), maxLength: 10 }).map((s) => `#${s}`);
const trivia = fc.array(fc.oneof(comment, fc.constant(''), fc.constant('  ')), { maxLength: 2 });

/** Units of lines, each optionally preceded by trivia and followed by a trailing comment, joined by `eol`. */
function layOut(units: string[][], eol: string, decorations: Array<[string[], string | undefined]>, finalNewline: boolean, trailingOk: (line: string) => boolean): string {
  const lines: string[] = [];
  let i = 0;
  for (const unit of units) {
    for (const line of unit) {
      const [before, trailing] = decorations[i++ % decorations.length] ?? [[], undefined];
      lines.push(...before, trailing && trailingOk(line) ? `${line} ${trailing}` : line);
    }
  }
  const body = lines.join(eol);
  return body + (finalNewline && body !== '' ? eol : '');
}

const decorations = fc.array(fc.tuple(trivia, fc.option(comment, { nil: undefined })), { minLength: 1, maxLength: 30 });
const eol = fc.constantFrom('\n', '\r\n');

// TOML ------------------------------------------------------------------------------------------
const TOML_OTHER = [['[tools]', 'web_search = true'], ['[projects."/home/x"]', 'trust_level = "trusted"'], ['[[providers]]', 'name = "a"'], ['[[providers]]', 'name = "b"'], ['[notice]', 'hide = false']];
const TOML_MAP_SERVERS = [
  ['[mcp_servers.fs]', 'command = "npx"', 'args = ["-y", "fs"]'],
  ['[mcp_servers.fs.env]', 'ROOT = "/"'],
  ['[mcp_servers."my.db"]', 'url = "https://db/mcp"'],
];
const TOML_LIST_SERVERS = [
  ['[[mcp_servers]]', 'name = "fs"', 'transport = "stdio"', 'command = "fs"'],
  ['[[mcp_servers]]', 'name = "web"', 'transport = "http"', 'url = "https://w/mcp"', '', '[mcp_servers.auth]', 'type = "static"'],
];

function tomlFile(servers: string[][]) {
  return fc
    .record({
      root: fc.subarray(['model = "gpt-5"', 'approval_policy = "never"', 'features.x = true']),
      others: fc.shuffledSubarray(TOML_OTHER),
      servers: fc.subarray(servers),
      before: fc.nat({ max: 5 }),
      eol,
      decorations,
      finalNewline: fc.boolean(),
    })
    .map(({ root, others, servers, before, eol, decorations, finalNewline }) => {
      const cut = Math.min(before, others.length);
      const units = [root, ...others.slice(0, cut), ...servers, ...others.slice(cut)].filter((u) => u.length > 0);
      // A server table's [.env] sub-table needs its parent's header before it in our generator only for readability; TOML allows either.
      return layOut(units.map((u) => [...u, '']), eol, decorations, finalNewline, (l) => l !== '' && !l.startsWith('#'));
    });
}

// YAML ------------------------------------------------------------------------------------------
const LIST_SERVERS = ['  - name: fs\n    command: npx\n    args:\n      - -y', '  - name: web\n    url: https://w/mcp'];
const MAP_SERVERS = ['  fs:\n    command: npx\n    args:\n      - -y', '  web:\n    type: sse\n    url: https://w/sse'];

function yamlFile(container: 'extensions' | 'mcpServers', mcpServers: string[] = LIST_SERVERS) {
  return fc
    .record({
      before: fc.subarray(['GOOSE_PROVIDER: openai', 'name: Mine', 'version: 1.0.0', 'models: []']),
      after: fc.subarray(['GOOSE_MODEL: gpt-5', 'schema: v1', 'rules:\n  - be nice']),
      servers: fc.subarray(container === 'extensions' ? ['  fs:\n    name: fs\n    type: stdio\n    cmd: npx\n    args: []\n    enabled: true', '  dev:\n    name: dev\n    type: builtin\n    enabled: true'] : mcpServers),
      present: fc.boolean(),
      eol,
      decorations,
      finalNewline: fc.boolean(),
    })
    .map(({ before, after, servers, present, eol, decorations, finalNewline }) => {
      const block = present && servers.length > 0 ? [`${container}:`, ...servers.flatMap((s) => s.split('\n'))] : [];
      const units = [before.flatMap((s) => s.split('\n')), block, after.flatMap((s) => s.split('\n'))].filter((u) => u.length > 0);
      // Comments only at column 0 before a line, or trailing on a `key: value` line (never after a list dash alone).
      return layOut(units, eol, decorations.map(([b, t]) => [b.map((x) => (x.trim() === '' ? '' : x)), t]), finalNewline, (l) => /: \S/.test(l) && !l.endsWith(':'));
    });
}

interface HostCase {
  host: string;
  scope: Scope;
  file: string;
  gen: fc.Arbitrary<string>;
  format: 'toml' | 'yaml';
}

const HOSTS: HostCase[] = [
  { host: 'codex', scope: 'user', file: 'home/.codex/config.toml', gen: tomlFile(TOML_MAP_SERVERS), format: 'toml' },
  { host: 'grok', scope: 'project', file: 'project/.grok/config.toml', gen: tomlFile(TOML_MAP_SERVERS), format: 'toml' },
  { host: 'mistral-vibe', scope: 'project', file: 'project/.vibe/config.toml', gen: tomlFile(TOML_LIST_SERVERS), format: 'toml' },
  { host: 'goose', scope: 'user', file: 'home/.config/goose/config.yaml', gen: yamlFile('extensions'), format: 'yaml' },
  { host: 'continue', scope: 'user', file: 'home/.continue/config.yaml', gen: yamlFile('mcpServers'), format: 'yaml' },
  // LibreChat: a record (yaml-catalog.ts), `mcpServers` as a map.
  { host: 'librechat', scope: 'project', file: 'project/librechat.yaml', gen: yamlFile('mcpServers', MAP_SERVERS), format: 'yaml' },
];

test('host-coverage.ts lists exactly the hosts of this table', () => {
  expect(HOSTS.map((h) => h.host)).toEqual(TOML_YAML_PROPERTY);
});

describe.each(HOSTS)('$host: generated files', ({ host, scope, file, gen, format }) => {
  test('init only inserts and keeps every comment; uninstall gives back the exact bytes', async () => {
    const env = await makeEnv();
    const target = path.join(env.root, file);
    const comments = format === 'toml' ? tomlComments : yamlComments;
    try {
      await fc.assert(
        fc.asyncProperty(gen, async (text) => {
          if (format === 'yaml') readYaml(text); // the generator makes valid YAML (fails loudly if not)
          await put(target, text);
          const req = { hosts: [host], scope, version: V };
          const init = await planAction(env.ctx, { action: 'init', ...req });
          expect(init.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
          const after = afterText(init.plan.changes[0]);
          expect(onlyInsertions(text, after)).toBe(true);
          expect(comments(after)).toEqual(comments(text));
          if (text.includes('\r\n')) expect(after.replace(/\r\n/g, '')).not.toContain('\n');
          await applyChange(init.plan.changes[0]!);
          const un = await planAction(env.ctx, { action: 'uninstall', ...req });
          expect(un.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
          const restored = un.plan.changes[0]?.after === 'delete' ? '' : afterText(un.plan.changes[0]);
          expect(restored).toBe(text);
        }),
        { numRuns: 60 },
      );
    } finally {
      await env.cleanup();
    }
  });
});
