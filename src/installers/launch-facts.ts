// How each host reads an entry when it STARTS a server, where that differs from what its entry style
// says (shapes.ts: the form patchbay writes), as data keyed by host id (joined into the host records
// by catalog.ts). doctor starts servers by these facts; nothing here reads a file.
import type { HostLaunchFacts } from './types.js';

export const LAUNCH_FACTS: Readonly<Record<string, HostLaunchFacts>> = {
  // docs/hosts.md §3.3, §3.4: `${NAME:-default}`; a `url` entry without `type` is skipped; local
  // scope servers live in ~/.claude.json under projects["<abs project dir>"].mcpServers.
  'claude-code': { defaults: true, urlNeedsType: true, localScope: ['projects', '<project>', 'mcpServers'], source: 'docs/hosts.md §3.3–3.4' },
  // docs/hosts.md §4: `${env:NAME}` plus the editor variables.
  cursor: { editorVariables: true, source: 'docs/hosts.md §4' },
  // host-facts.md "gemini", "qwen-code": `$NAME` and `${NAME}` over the whole settings object.
  gemini: { alsoExpands: ['$NAME'], source: 'host-facts.md "gemini" [SRC, RUN]' },
  'qwen-code': { alsoExpands: ['$NAME'], source: 'host-facts.md "qwen-code" [SRC, RUN]' },
  // host-facts.md "copilot-cli": `${NAME}`, `$NAME`, `${NAME:-default}` (since 1.0.10).
  'copilot-cli': { alsoExpands: ['$NAME'], defaults: true, source: 'host-facts.md "copilot-cli" [ISSUE github/copilot-cli#903]' },
};
