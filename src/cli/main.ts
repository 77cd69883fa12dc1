// The CLI entry (esbuild bundles this file into dist/patchbay.mjs). It parses argv and then imports
// ONLY the module of the command asked for: `patchbay mcp` never evaluates prompts or the wizard, and
// `--version` evaluates nothing but this file and the argv parser. Keep the static imports below tiny.
import { parseArgv, type CommandArgs, type CommandName } from './args.js';
import { EXIT, exitCodeForErrorCode } from './exit-codes.js';
import { isPatchbayError } from '../errors.js';
import { PATCHBAY_VERSION } from '../version.js';
import { asInvoked, invokedAs } from './invocation.js';

type CommandModule = { run(args: CommandArgs): Promise<number> };

/** One loader per command; each import() is a separate lazy chunk of the bundle. */
const COMMAND_LOADERS: Record<CommandName, () => Promise<CommandModule>> = {
  init: () => import('./commands/init.js'),
  add: () => import('./commands/add.js'),
  remove: () => import('./commands/remove.js'),
  list: () => import('./commands/list.js'),
  update: () => import('./commands/update.js'),
  sync: () => import('./commands/sync.js'),
  status: () => import('./commands/status.js'),
  search: () => import('./commands/search.js'),
  migrate: () => import('./commands/migrate.js'),
  repair: () => import('./commands/repair.js'),
  uninstall: () => import('./commands/uninstall.js'),
  rollback: () => import('./commands/rollback.js'),
  history: () => import('./commands/history.js'),
  hosts: () => import('./commands/hosts.js'),
  doctor: () => import('./commands/doctor.js'),
  mcp: () => {
    // The server is what `mcp` spends its start on: start loading it now, next to the command module
    // (which imports the same module when it runs), instead of one import after the other.
    void import('../server/index.js').catch(() => undefined);
    return import('./commands/mcp.js');
  },
};

async function main(argv: readonly string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgv(argv, process.cwd());
  } catch (error) {
    if (!isPatchbayError(error)) throw error;
    const wantsJson = argv.includes('--json');
    if (wantsJson) {
      process.stdout.write(
        `${JSON.stringify({ command: argv[0] ?? null, status: 'error', exitCode: exitCodeForErrorCode(error.code), error: { code: error.code, message: error.message, hint: error.details.hint } }, null, 2)}\n`,
      );
    }
    const command = invokedAs(process.env);
    process.stderr.write(`patchbay: ${asInvoked(error.message, command)}\n`);
    if (error.details.hint) process.stderr.write(`  ${asInvoked(error.details.hint, command)}\n`);
    return exitCodeForErrorCode(error.code);
  }
  if (parsed.kind === 'version') {
    process.stdout.write(`${PATCHBAY_VERSION}\n`);
    return EXIT.ok;
  }
  if (parsed.kind === 'help') {
    const { helpText } = await import('./help.js');
    process.stdout.write(helpText(parsed.topic));
    return EXIT.ok;
  }
  const module = await COMMAND_LOADERS[parsed.args.command]();
  return module.run(parsed.args);
}

/**
 * `patchbay status | head -1`: the reader exits early and our next write fails with EPIPE, which Node
 * raises as an unhandled 'error' event (a stack trace and exit 1, possibly in the middle of an apply).
 * A reader that went away wants no more output, so drop it and let the command finish: an apply still
 * commits or rolls back whole, and the exit code stays the command's. Once a stream has failed, later
 * writes to it are no-ops (Node never emits a second error for a destroyed stream).
 */
function dropOutputWhenReaderLeaves(stream: NodeJS.WriteStream, name: string): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') return;
    // Anything else (EIO, EBADF...) is unexpected: say so where we still can, once, without a crash.
    const other = stream === process.stdout ? process.stderr : process.stdout;
    other.write(`patchbay: cannot write to ${name}: ${error.message}\n`);
  });
}

function reportInternal(error: unknown): void {
  process.stderr.write(`patchbay: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = EXIT.internal;
}

// `patchbay mcp`'s tool worker threads start on their own entry (src/server/offload/worker-main.ts),
// never on this file.
dropOutputWhenReaderLeaves(process.stdout, 'stdout');
dropOutputWhenReaderLeaves(process.stderr, 'stderr');
main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
}, reportInternal);
