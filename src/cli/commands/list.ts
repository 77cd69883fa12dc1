// `patchbay list`: every MCP server in every host file, managed or not, secrets redacted — the CLI
// face of the MCP server's `list_servers`.
import { displayPath } from '../../display-path.js';
import { listServers } from '../../core/list.js';
import { redactArgs, redactUrl } from '../../redact.js';
import type { CommandArgs } from '../args.js';
import { hostContext } from '../hosts.js';
import { runSession } from '../session.js';

export function run(args: CommandArgs): Promise<number> {
  return runSession(args, async (session) => {
    const { out, roots } = session;
    const listed = await listServers(hostContext(session), {
      stateDir: session.environment.stateDir,
      ...(args.scope ? { scope: args.scope } : {}),
      ...(args.hosts ? { hosts: args.hosts } : {}),
    });
    const rows = listed.servers.map(({ entry: server, file, managed, state, pin }) => ({
      host: file.host,
      scope: file.scope,
      file: displayPath(file.path, roots),
      name: server.name,
      transport: server.transport,
      ...(server.command !== undefined ? { command: server.command, args: redactArgs(server.args ?? []) } : {}),
      ...(server.url !== undefined ? { url: redactUrl(server.url) } : {}),
      env_names: server.envNames,
      header_names: server.headerNames,
      managed,
      state,
      ...(pin !== undefined ? { pin } : {}),
      ...(server.disabled ? { disabled: true } : {}),
    }));
    if (rows.length === 0) out.out('No MCP server in any host file.');
    for (const r of rows) {
      const what = r.url ?? [r.command, ...(r.args ?? [])].join(' ');
      out.out(`${out.style.bold(r.name)}  ${r.host} (${r.scope})  ${r.file}  ${r.transport}: ${what}${r.managed ? `  [managed${r.pin ? ` @${r.pin}` : ''}, ${r.state}]` : ''}${r.disabled ? '  [disabled]' : ''}`);
    }
    out.json({ command: 'list', status: 'ok', exitCode: 0, servers: rows });
    return 0;
  });
}
