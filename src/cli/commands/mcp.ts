// `patchbay mcp`: hand the process to the MCP server. No recovery step, no output module, no prompts:
// stdout belongs to the protocol from the first byte.
import type { CommandArgs } from '../args.js';
import { EXIT } from '../exit-codes.js';

export async function run(_args: CommandArgs): Promise<number> {
  // Dynamic, so every other command never evaluates the server and the MCP SDK.
  const { runMcpServer } = await import('../../server/index.js');
  await runMcpServer();
  return EXIT.ok;
}
