// What every command (except mcp) shares: the output, the display roots, crash recovery before doing
// anything, and one place that turns a thrown error into its message and exit code.
import type { DisplayRoots } from '../display-path.js';
import { resolveEnvironment, rootsOf, type Environment } from '../core/environment.js';
import { isPatchbayError, PatchbayError } from '../errors.js';
import { recoverPending } from '../rollback/index.js';
import type { CommandArgs } from './args.js';
import { EXIT, exitCodeForErrorCode } from './exit-codes.js';
import { errorJson, formatError } from './format.js';
import { Output, processStreams, type Streams } from './output.js';

export interface Session {
  args: CommandArgs;
  out: Output;
  roots: DisplayRoots;
  /** The machine, resolved once here; nothing below reads process.env or os.homedir(). */
  environment: Environment;
}

/** Rolls back transactions a killed patchbay left pending, and says so on stderr. */
async function recover(session: Session): Promise<void> {
  const { recovered } = await recoverPending({ stateDir: session.environment.stateDir });
  for (const tx of recovered) {
    session.out.err(`patchbay: rolled back an interrupted transaction ${tx.id} (${tx.files.length} ${tx.files.length === 1 ? 'file' : 'files'})`);
  }
}

export async function runSession(
  args: CommandArgs,
  body: (session: Session) => Promise<number>,
  streams: Streams = processStreams(),
): Promise<number> {
  const out = new Output(streams, { json: args.json });
  const environment = resolveEnvironment({ cwd: args.projectDir, env: streams.env });
  const session: Session = { args, out, roots: rootsOf(environment), environment };
  try {
    await recover(session);
    return await body(session);
  } catch (error) {
    const pbError = isPatchbayError(error)
      ? error
      : new PatchbayError('internal', `internal error: ${error instanceof Error ? error.message : String(error)}`, {
          hint: 'This is a bug in patchbay; please report it with the command you ran.',
          cause: error,
        });
    const exitCode = exitCodeForErrorCode(pbError.code);
    out.err(formatError(pbError, session.roots, out.style));
    if (!isPatchbayError(error) && error instanceof Error && error.stack && streams.env.PATCHBAY_DEBUG) out.err(error.stack);
    if (out.jsonMode && !out.wroteJson) {
      out.json({ command: args.command, status: exitCode === EXIT.cancelled ? 'cancelled' : 'error', exitCode, error: errorJson(pbError, session.roots) });
    }
    return exitCode;
  }
}
