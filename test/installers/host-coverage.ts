// What the table-driven host tests cover, as data the guard (host-coverage.test.ts) checks against the
// catalog. Each list is asserted equal to its test file's own table in that file, so none can claim
// more than the test runs. Adding a host = a record + a corpus folder; a host with no row here fails
// the guard with a sentence naming it.

/** JSON hosts that are modules (not json-catalog records) in catalog-property.test.ts; the records are all in it by construction. */
export const JSON_PROPERTY_EXTRA = ['claude-code', 'cursor', 'generic', 'opencode'];

/** Hosts in toml-yaml-host-property.test.ts (generated TOML/YAML files through the host). */
export const TOML_YAML_PROPERTY = ['codex', 'grok', 'mistral-vibe', 'goose', 'continue', 'librechat'];

/** The corpus folder of a JSON record whose own folder is another host's (same file shape). */
export const JSON_CORPUS_ALIAS: Record<string, string> = { 'vscode-insiders': 'vscode', antigravity: 'claude-desktop', 'cline-cli': 'cline' };

/** Hosts the corpus tests run outside the json-catalog loop: corpus.test.ts CASES and toml-yaml-corpus.test.ts, with their folders. */
export const CORPUS_EXTRA: Record<string, string> = {
  'claude-code': 'claude-code', cursor: 'cursor', opencode: 'opencode', generic: 'claude-code',
  codex: 'codex', grok: 'grok', 'mistral-vibe': 'mistral-vibe', goose: 'goose', continue: 'continue', librechat: 'librechat',
};
