// One server entry as shown to people and agents (`patchbay status`, list_servers): the command
// through redactText, the args through redactArgs, the url through redactUrl. Names (env and header
// names, the server's name) are kept. One function, so the CLI and the MCP server cannot disagree.
import { redactArgs } from './args.js';
import { redactText } from './text.js';
import { redactUrl } from './url.js';

export function redactEntry<T extends { command?: string; args?: readonly string[]; url?: string }>(entry: T): T {
  const out = { ...entry };
  if (entry.command !== undefined) out.command = redactText(entry.command);
  if (entry.args !== undefined) out.args = redactArgs(entry.args);
  if (entry.url !== undefined) out.url = redactUrl(entry.url);
  return out;
}
