// `patchbay list`: every MCP server in every host file, managed or not, secrets redacted — the CLI
// face of the MCP server's `list_servers`.
import { displayPath } from '../../display-path.js';
import { listServers } from '../../core/list.js';
import { redactArgs, redactUrl } from '../../redact.js';
import type { CommandArgs } from '../args.js';
import { hostContext } from '../hosts.js';
import { runSession } from '../session.js';
import { MALFORMED_CODES, uniqueDiagnostics } from '../../diagnostics.js';
import { EXIT } from '../exit-codes.js';
import { printDiagnostics } from '../flow.js';
import { diagnosticJson, refusalErrorJson } from '../format.js';

export function run(args: CommandArgs): Promise<number> {
  return runSession(args, async (session) => {
    const { out, roots } = session;
    const listed = await listServers(hostContext(session), {
      stateDir: session.environment.stateDir,
      ...(args.scope ? { scope: args.scope } : {}),
      ...(args.hosts ? { hosts: args.hosts } : {}),
    });
    const rows = listed.servers.map(({ entry: server, file, managed, state, pin, registry }) => ({
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
      ...(registry !== undefined ? { registry } : {}),
      ...(server.disabled ? { disabled: true } : {}),
    }));
    // A file patchbay could not read (malformed, too deep, unreadable) may hold servers: the listing is
    // incomplete, so it says which files and exits 3 (as status does), rather than "no server".
    const unread = uniqueDiagnostics(listed.files.flatMap((f) => f.diagnostics).filter((d) => d.severity === 'error' && MALFORMED_CODES.has(d.code)));
    const unreadFiles = new Set(unread.flatMap((d) => (d.path !== undefined ? [d.path] : [])));
    if (rows.length === 0) out.out(unread.length > 0 ? 'No MCP server in the host files patchbay could read.' : 'No MCP server in any host file.');
    for (const r of rows) {
      const what = r.url ?? [r.command, ...(r.args ?? [])].join(' ');
      out.out(`${out.style.bold(r.name)}  ${r.host} (${r.scope})  ${r.file}  ${r.transport}: ${what}${r.managed ? `  [managed${r.pin ? ` @${r.pin}` : ''}, ${r.state}${r.registry ? `, from registry ${r.registry}` : ''}]` : ''}${r.disabled ? '  [disabled]' : ''}`);
    }
    printDiagnostics(session, unread);
    if (unread.length > 0) out.err(`patchbay: ${unreadFiles.size} host file(s) could not be read (above): the servers they hold are not listed.`);
    const exitCode = unread.length > 0 ? EXIT.refused : EXIT.ok;
    out.json({
      command: 'list',
      status: unread.length > 0 ? 'malformed' : 'ok',
      exitCode,
      ...(unread.length > 0 ? { error: refusalErrorJson(unread, roots) } : {}),
      servers: rows,
      diagnostics: unread.map((d) => diagnosticJson(d, roots)),
    });
    return exitCode;
  });
}
