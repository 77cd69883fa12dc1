// `patchbay search <text> [--limit N] [--json]`: servers in an MCP registry whose names contain the text,
// newest versions only, with what each offers (npm, pypi, nuget, oci, mcpb, remote). Read-only.
import { PatchbayError } from '../../errors.js';
import type { CommandArgs } from '../args.js';
import { registryClient } from '../registry-add.js';
import { runSession } from '../session.js';

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const text = (v: unknown, max = 200): string | undefined => (typeof v === 'string' ? v.replace(/[\u0000-\u001F\u007F]+/g, ' ').slice(0, max) : undefined);

export function run(args: CommandArgs): Promise<number> {
  return runSession(args, async (session) => {
    const query = (args.words ?? []).join(' ').trim();
    if (query === '') throw new PatchbayError('usage', 'search needs some text, e.g. `patchbay search github`.', { hint: "Run 'patchbay search --help' for usage." });
    const entries = await registryClient(args, session.environment.env).search(query, args.limit ?? 30);
    const servers = entries.flatMap(({ server }) => {
      if (!isObject(server)) return [];
      const name = text(server.name);
      const version = text(server.version, 64);
      if (!name || !version) return [];
      const packages = Array.isArray(server.packages) ? server.packages.flatMap((p) => (isObject(p) && text(p.registryType, 32) ? [text(p.registryType, 32) as string] : [])) : [];
      const remotes = Array.isArray(server.remotes) ? server.remotes.flatMap((r) => (isObject(r) && text(r.type, 32) ? [text(r.type, 32) as string] : [])) : [];
      const description = text(server.title) ?? text(server.description);
      return [{ name, version, ...(description ? { description } : {}), packages, remotes }];
    });
    const { out } = session;
    if (servers.length === 0) out.out(`No server in the registry matches '${query}'.`);
    for (const s of servers) {
      const offered = [...s.packages, ...s.remotes.map((r) => `remote (${r})`)].join(', ') || 'nothing runnable';
      out.out(`${out.style.bold(`${s.name}@${s.version}`)}  ${offered}${s.description ? `\n  ${s.description}` : ''}`);
    }
    if (servers.length > 0) out.out(`\nInstall one with: patchbay add <name> [--host …]`);
    out.json({ command: 'search', status: 'ok', exitCode: 0, servers });
    return 0;
  });
}
