// Help text, global and per command. Plain strings only: `--help` must not load any command module.
import type { CommandName } from './args.js';
import { HOST_IDS } from '../installers/catalog-data.js';

const GLOBAL = `patchbay — wire MCP servers into every AI coding host, transactionally

Usage: patchbay <command> [options]

Commands:
  init [dir]        register patchbay's MCP server in the detected hosts (wizard on a terminal)
  add <name> <src>  add any MCP server (npm, --pypi, --url, -- command), pinned, in every host
  remove <name…>    remove servers patchbay manages (never one added by hand)
  list              every MCP server in every host file, managed or not (secrets redacted)
  update [name…]    re-pin npm servers within their range (--latest: past it)
  sync              make every host match patchbay.jsonc: add, re-pin, remove dropped
  status [dir]      show every host file: state, pin, dialect, target (exit 1 on drift)
  migrate [dir]     re-pin stale entries; move the OpenCode entry to the installed dialect
  uninstall [dir]   remove patchbay's entries from every host file in scope
  rollback [id]     restore the files of a transaction (default: the newest not yet undone)
  history           list transactions
  hosts [dir]       list every host patchbay knows: files per scope on this OS (--platform: another), format, detected?
  doctor [name…]    start each configured MCP server as its host would; report its health
  repair            restore a damaged managed.json (patchbay's ownership record) from the journal
  mcp               run patchbay's MCP server on stdio

Options:
  -h, --help        show help (also: patchbay <command> --help)
  -v, --version     print the version

Exit codes: 0 ok, 1 drift (doctor: a server not ok), 2 usage, 3 refused, 4 apply failed (rolled back),
5 rollback refused, 130 cancelled, 70 internal error. Reference: docs/cli.md in the installed package
(node_modules/patchbay-mcp/docs/cli.md).`;

const PLAN_FLAGS = `  -y, --yes                 apply without asking
      --host <a,b>          only these hosts: ${HOST_IDS.join(', ')}
      --scope <scope>       project (default) or user
      --opencode-version <v> use this OpenCode version's dialect instead of probing \`opencode --version\`
      --dry-run             print the diffs, write nothing
      --json                print one JSON document on stdout`;

const SERVER_FLAGS = `  -y, --yes                 apply without asking
      --host <a,b>          only these hosts (default: the manifest's, else the detected ones)
      --scope <scope>       project (default; recorded in patchbay.jsonc) or user (recorded in the state dir)
      --dry-run             print the diffs, write nothing
      --json                print one JSON document on stdout`;

const COMMANDS: Record<CommandName, string> = {
  search: `Usage: patchbay search <text> [--limit N] [--json] [--registry URL]

Lists the servers of an MCP registry whose names contain <text> (newest versions), with the ways each
can run (npm, pypi, nuget, oci, mcpb, remote). The registry: --registry URL, else $PATCHBAY_REGISTRY,
else the official MCP Registry (https://registry.modelcontextprotocol.io). Reads only.

Options:
      --limit <n>           at most n servers (default 30; cursors are followed)
      --registry <url>      the registry (https; http only on this machine)
      --registry-timeout <ms>  per request (default 15000)
      --json                print one JSON document on stdout`,
  add: `Usage: patchbay add <name> <npm-spec> [-- args…]
       patchbay add <registry-name>[@version] [--as NAME] [--package TYPE | --remote] [--var k=v]…
       patchbay add --from ./server.json [--as NAME]
       patchbay add <name> --pypi <pkg==version> [-- args…]
       patchbay add <name> --url <URL> [--transport http|sse] [--header 'K: V']…
       patchbay add <name> -- <command> [args…]

Adds any MCP server to every selected host in one transaction. An npm range (pkg@^1.2) is resolved
once with your npm (your registry and .npmrc) and the EXACT version is written everywhere; the range
is kept in the manifest for \`patchbay update\`. Secrets by reference: --env GITHUB_TOKEN (or
--env K='\${env:K}') and --header 'Authorization: Bearer \${env:TOKEN}' are written in each host's
own syntax; a literal secret bound for a project file is refused. On a terminal, a local server given
no --env makes add ask which variables it reads: their NAMES only, never values.

Options:
${SERVER_FLAGS}
      --env <K[=V]>         environment for a local server (repeatable); K alone references $K
      --header <'K: V'>     header for a remote server (repeatable)
      --adopt               take over a same-name entry patchbay does not manage
      --force               overwrite a managed entry that was edited by hand
      --allow-literal-secrets  write a secret-looking literal into a project file anyway
  From a registry (a name with a slash, e.g. io.github.github/github-mcp-server):
      --as <name>           the local name (default: the part after the last /)
      --package <type>      run that package (npm, pypi, nuget, oci) instead of the first runnable one
      --remote              use the entry's first remote endpoint
      --var <name=value>    a {variable}, a named argument (--port=8080) or a positional's valueHint
      --from <file>         a local server.json instead of the registry
      --registry <url>, --registry-timeout <ms>   as for search`,
  remove: `Usage: patchbay remove <name…> [options]

Removes servers patchbay manages from every host file and from the manifest. An entry someone added
by hand is never touched; a managed entry edited by hand since is refused without --force.

Options:
${SERVER_FLAGS}
      --force               remove it even if edited by hand`,
  list: `Usage: patchbay list [dir] [options]

Lists every MCP server in every host file (project and user scope), managed or not: host, file,
transport, command or URL (credentials redacted), env and header NAMES, whether patchbay manages it,
and for a managed server its exact pin and state against the manifest: current, stale (another pin:
\`patchbay sync\` re-pins it), modified (edited by hand), foreign (same name, not written by patchbay).

Options:
      --host <a,b>          only these hosts
      --scope <scope>       only project or user files
      --json                print one JSON document on stdout`,
  update: `Usage: patchbay update [name…] [options]

Re-resolves each managed npm server within its range and re-pins every host in one transaction,
printing old -> new. With --latest, moves to the newest version past the range.

Options:
${SERVER_FLAGS}
      --latest              ignore the range`,
  sync: `Usage: patchbay sync [dir] [options]

Makes every host of the manifest match it exactly: adds missing entries, re-pins stale ones, removes
managed entries the manifest dropped. Never touches an entry patchbay does not manage. Run it in CI or
on a teammate's machine after cloning; \`patchbay status\` exits 1 on drift.

Options:
${SERVER_FLAGS}
      --adopt               take over same-name entries patchbay does not manage
      --force               overwrite managed entries edited by hand`,
  init: `Usage: patchbay init [dir] [options]

Registers patchbay's MCP server (npx --yes patchbay-mcp@<version> mcp) in each selected host's config file.
On a terminal, a wizard asks for the hosts (detected ones pre-checked), the scope, shows the diffs and
asks to confirm. Without a terminal pass --yes (the detected hosts; none detected: the generic
user file ~/.config/mcp/mcp.json) or --host.
If [dir]/patchbay.jsonc exists, its hosts and scope are the defaults.

Options:
${PLAN_FLAGS}
      --no-mcp              write the project manifest patchbay.jsonc only; touch no host file`,
  status: `Usage: patchbay status [dir] [options]

Shows, per host and file: the state of patchbay's entry (absent, current, stale, foreign, other-dialect),
its pin, the OpenCode dialect and which file is the target. Hosts: --host, else exactly the ones in
patchbay.jsonc, else exactly the hosts whose files hold a patchbay entry (a host binary on PATH alone
is never drift). Exit 0 when every selected host is current (or nothing is registered), 1 on drift,
3 when a file is malformed.

Options:
      --host <a,b>          only these hosts
      --scope <scope>       project (default) or user
      --opencode-version <v> use this OpenCode version's dialect instead of probing
      --json                print one JSON document on stdout`,
  repair: `Usage: patchbay repair [options]

patchbay's record of what it manages (managed.json in the state dir) decides what it may change: when
it is damaged (empty, truncated, not JSON, the wrong shape) every command refuses with state-invalid.
repair restores the bytes patchbay last wrote to it, kept in the journal of the transaction that wrote
them, through one transaction (\`patchbay rollback\` undoes it). Refuses (state-unrecoverable) when
the journal does not hold them. Nothing to repair: exit 0.

Options:
  -y, --yes                 apply without asking
      --dry-run             show what it would restore, write nothing
      --json                print one JSON document on stdout`,
  migrate: `Usage: patchbay migrate [dir] [options]

Re-pins stale patchbay entries to this version and moves the OpenCode entry between the V1 and V2
dialects when the installed OpenCode changed major version. Shows the diffs and asks to confirm.

Options:
${PLAN_FLAGS}`,
  uninstall: `Usage: patchbay uninstall [dir] [options]

Removes patchbay's entries (current or stale) from every host file in scope and prunes files and
containers patchbay created. An entry named patchbay that patchbay did not write is refused.

Options:
${PLAN_FLAGS}`,
  rollback: `Usage: patchbay rollback [id] [options]

Restores the files of a committed transaction (default: the newest one not yet undone) to their
exact prior bytes.
Refuses, listing the files, when a file changed after patchbay wrote it.

Options:
      --force               restore even files that changed since
      --json                print one JSON document on stdout`,
  history: `Usage: patchbay history [options]

Lists patchbay's transactions, newest first.

Options:
      --json                print one JSON document on stdout`,
  hosts: `Usage: patchbay hosts [dir] [options]

Lists the host catalog: every host patchbay can write (supported) and the ones it knows of but has no
record for yet, with the files of each scope on this OS (first existing wins), the file format, and
whether the host is detected here and why (a binary on PATH answering --version, or a folder of its
own; binaries not on PATH are never run). Read-only.

Options:
      --platform <os>       the table for linux, darwin or win32 (what a teammate on that system gets:
                            %APPDATA%, ~/Library/Application Support, XDG); detection runs on this system only
      --json                print one JSON document on stdout`,
  doctor: `Usage: patchbay doctor [name…] [dir] [options]

Starts every MCP server configured in the selected host files the way that host would (command,
args, env with the host's \${…} references expanded, cwd = the project; URL servers over HTTP with
their headers), runs initialize + tools/list, stops it, and prints one row per host, file and server:
ok, failed, timeout, not-found, missing-env, needs-approval, untrusted, disabled, invalid, unsupported.
A project's server starts only where its host would start it now (that host's own trust and approval
records); otherwise its row is needs-approval/untrusted with the host's way to consent, and nothing is
run. On a terminal doctor asks once (default no). npx/uvx packages are fetched before the timer starts.
An identical launch in several hosts is started once. Read-only. A directory argument must look like
a path (./proj, ., /abs) so it is not taken for a server name.

Options:
      --host <a,b>          only these hosts (patchbay hosts lists all ${HOST_IDS.length})
      --scope <scope>       project or user (default: both)
      --timeout <ms>        per server, from start to the tools/list answer (default 10000)
      --parallel <n>        servers checked at once (default 4)
      --trust               also start project servers their hosts would not start yet (this run only)
      --install-timeout <ms>  fetching an npx/uvx package, before --timeout starts (default 300000)
      --json                print one JSON document on stdout

Exit 0 when every server is ok (disabled ones do not count), 1 otherwise, 2 on usage errors.`,
  mcp: `Usage: patchbay mcp

Runs patchbay's MCP server on stdio (newline-delimited JSON-RPC). Hosts start it; you rarely run it by hand.`,
};

export function helpText(topic?: CommandName): string {
  return `${topic === undefined ? GLOBAL : COMMANDS[topic]}\n`;
}
