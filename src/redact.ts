// Secret redaction for everything patchbay shows to people or agents (CLI output, MCP answers).
// Host files routinely hold API keys in `env` / `headers` values, in args (`--api-key V`, a bare
// `sk-…`), in URLs (user:pass@host, ?token=…, webhook paths) and in comments. patchbay needs the
// NAMES to explain a configuration, never the values, so every value that can carry a credential is
// replaced by REDACTED before it leaves the process.
//
// Every pass is a single forward scan (O(n) in the text: host files are input, and one long
// unbroken token must not stall the server). The pieces, one job each, live in src/redact/:
//   url.ts            redactUrl, and URLs inside text
//   token-formats.ts  known vendor token formats (sk-, ghp_, AKIA, …) and PEM private keys
//   pairs.ts          values after secret-looking names, in every separator form
//   auth-scheme.ts    `Bearer V` / `Basic V`
//   words.ts          random-looking words (entropy.ts)
//   text.ts           redactText: the passes above, in order
//   args.ts           redactArgs: an argument vector (`--token V` across two arguments)
//   config.ts         redactConfigText: a whole JSON/JSONC/TOML host file, structurally then as text
//   json-structure.ts where in a JSON document the secrets are (one streaming pass, no tree)
//   value.ts          redactValue: a JSON value
//   entry.ts          redactEntry: a server entry's command, args and url (CLI status, list_servers)
//   secret-like.ts    isSecretLikeValue: the same rules as one predicate
export { REDACTED } from './redact/marker.js';
export { isSecretKeyName } from './redact/key-names.js';
export { redactUrl } from './redact/url.js';
export { redactText } from './redact/text.js';
export { redactArgs } from './redact/args.js';
export { redactConfigStructure, redactConfigText } from './redact/config.js';
export { redactValue } from './redact/value.js';
export { redactEntry } from './redact/entry.js';
export { isSecretLikeValue } from './redact/secret-like.js';
export { TOKEN_FORMATS } from './redact/token-formats.js';
