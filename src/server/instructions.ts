// What hosts inject into the model's context (Claude Code truncates at 2 KB: keep it short, most
// important first; a unit test holds the limit).
export const INSTRUCTIONS = `patchbay wires MCP servers into AI coding hosts (OpenCode, Claude Code, Cursor, generic mcp.json). This server is read-only: it never writes a file; to change anything, show the user the command line that plan returns.

Every tool answers {contract_version:"patchbay-mcp/v1", tool, status, data?, diagnostics?}; status is ok | empty | diagnostic | invalid | unavailable. Diagnostics have a stable code, a message, and where known a path (project-relative or ~/), JSON pointer, line, column and hint.

- list_hosts: which hosts are installed (and why), their config files and the file an install would write.
- list_servers: every MCP server registered in any host file (env and header NAMES only).
- check: every problem patchbay status/init would report (malformed files, foreign or stale entries).
- plan {action: init|migrate|uninstall}: the diffs the command would write and the exact command to run.
- history: past patchbay transactions (rollback with \`patchbay rollback <id>\`).
- search_docs / read_doc: patchbay's documentation, offline.

Secrets (env values, header values, credentials in URLs) are always redacted.`;
