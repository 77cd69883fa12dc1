// One hint per unhealthy row: what to do next, in a sentence. Built from the row's data only, so
// the human output and --json say the same thing.
import type { Row } from './types.js';

function failedHint(row: Row): string {
  switch (row.reason) {
    case 'exited':
      return row.stderr && row.stderr.length > 0
        ? 'the server stopped before answering; its last stderr lines are above'
        : `the server stopped before answering and printed nothing; run it by hand to see why: ${row.display}`;
    case 'protocol-violation':
      return 'an MCP stdio server must write only protocol messages to stdout and log to stderr; fix the server (or its flags) so nothing else reaches stdout';
    case 'protocol-mismatch':
      return 'the server speaks no MCP revision doctor knows (2024-11-05 … 2025-11-25); update the server';
    case 'rpc-error':
    case 'invalid-response':
      return 'the server answered the handshake incorrectly; update it or report the message above to its authors';
    case 'unreachable':
      return 'nothing answers at that address: is the server running, and is the URL right?';
    case 'http-status':
      return /\b40[13]\b/.test(row.message ?? '')
        ? 'the server refused the credentials: check the headers of the entry and the variables they reference'
        : 'the server answered with an HTTP error; check the URL and the headers of the entry';
    case 'install-failed':
      return 'the package manager could not fetch the package: check the package name and version, the registry (npm config get registry, .npmrc) and the network';
    case 'spawn-failed':
      return 'the system refused to start the command: check that it is an executable file';
    default:
      return 'see the message above';
  }
}

export function hintFor(row: Row): string | undefined {
  switch (row.status) {
    case 'ok':
    case 'disabled':
      return undefined;
    case 'failed':
      return failedHint(row);
    case 'timeout':
      return row.reason === 'install-timeout'
        ? 'still downloading, not hung: the package was being fetched when the install budget ran out; try a longer --install-timeout'
        : 'no complete handshake within --timeout (an npx/uvx package is fetched first, outside it): the server may wait for input or hang; try a longer --timeout';
    case 'not-found': {
      const wrapper = row.notes.some((n) => n.startsWith('Windows'));
      return wrapper && process.platform !== 'win32'
        ? 'the entry uses the Windows `cmd /c` wrapper, which works on Windows only'
        : 'install the command, or use its absolute path in the entry (hosts started from a GUI may have a shorter PATH than your shell)';
    }
    case 'missing-env':
      return `set ${(row.missingEnv ?? []).join(', ')} in the environment the host starts from (patchbay never prints the values)`;
    case 'needs-approval':
    case 'untrusted':
      // The host's own way to consent (its trust facts); --trust only lets doctor look.
      return row.startedWithout === true || row.scope !== 'project'
        ? row.consent
        : `${row.consent ?? 'consent the host\'s own way'}; or run \`patchbay doctor --trust\` to start it once, for this check only`;
    case 'invalid':
      return 'the host cannot use this entry as written; fix the entry';
    case 'unsupported':
      return 'doctor cannot check this transport; the host may still reach it';
  }
}
