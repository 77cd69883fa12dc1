// `patchbay list`: every MCP server in every host file, managed or not, secrets redacted — the CLI
// face of the MCP server's `list_servers`.
import { displayPath } from '../../display-path.js';
import { loadManifest } from '../../core/manifest/manifest.js';
import { manifestServers } from '../../core/manifest/pin.js';
import { parseRecords, recordsPath } from '../../core/servers/records.js';
import { inspectHosts } from '../../installers/index.js';
import type { Scope } from '../../installers/types.js';
import { redactArgs, redactUrl } from '../../redact.js';
import { PATCHBAY_VERSION } from '../../version.js';
import type { CommandArgs } from '../args.js';
import { hostContext } from '../hosts.js';
import { runSession } from '../session.js';
import { readFile } from 'node:fs/promises';

export function run(args: CommandArgs): Promise<number> {
  return runSession(args, async (session) => {
    const { out, roots } = session;
    const ctx = hostContext(session);
    const manifest = await loadManifest(ctx.projectDir);
    const records = parseRecords(await readFile(recordsPath(session.environment.stateDir), 'utf8').catch(() => null));
    const managedAt: Record<Scope, Set<string>> = {
      project: new Set(Object.keys(manifest ? manifestServers(manifest.manifest) : {})),
      user: new Set(Object.keys(records.user.servers)),
    };
    const scopes: Scope[] = args.scope ? [args.scope] : ['project', 'user'];
    const rows = [];
    for (const scope of scopes) {
      const reports = await inspectHosts(ctx, { scope, version: PATCHBAY_VERSION, ...(args.hosts ? { hosts: args.hosts } : {}) });
      for (const report of reports) for (const file of report.files) for (const server of file.servers) {
        rows.push({
          host: report.host,
          scope,
          file: displayPath(file.path, roots),
          name: server.name,
          transport: server.transport,
          ...(server.command !== undefined ? { command: server.command, args: redactArgs(server.args ?? []) } : {}),
          ...(server.url !== undefined ? { url: redactUrl(server.url) } : {}),
          env_names: server.envNames,
          header_names: server.headerNames,
          managed: server.managed || managedAt[scope].has(server.name),
          ...(server.pin !== undefined ? { pin: server.pin } : {}),
          ...(server.disabled ? { disabled: true } : {}),
        });
      }
    }
    if (rows.length === 0) out.out('No MCP server in any host file.');
    for (const r of rows) {
      const what = r.url ?? [r.command, ...(r.args ?? [])].join(' ');
      out.out(`${out.style.bold(r.name)}  ${r.host} (${r.scope})  ${r.file}  ${r.transport}: ${what}${r.managed ? '  [managed]' : ''}${r.disabled ? '  [disabled]' : ''}`);
    }
    out.json({ command: 'list', status: 'ok', exitCode: 0, servers: rows });
    return 0;
  });
}
