// What every command (except mcp) shares: the output, the display roots, crash recovery before doing
// anything, and one place that turns a thrown error into its message and exit code.
import { stat } from 'node:fs/promises';
import type { DisplayRoots } from '../display-path.js';
import { isPatchbayError, PatchbayError } from '../errors.js';
import { recoverPending } from '../rollback/index.js';
import { stateDirProblem } from '../rollback/state-dir.js';
import { resolveEnvironment, rootsOf, type Environment } from '../core/environment.js';
import { errnoCode } from '../rollback/fs-util.js';
import { takesProjectDir, type CommandArgs } from './args.js';
import { EXIT, exitCodeForErrorCode } from './exit-codes.js';
import { errorJson, formatError } from './format.js';
import { Output, processStreams, type Streams } from './output.js';
import { invokedAs } from './invocation.js';

export interface Session {
  args: CommandArgs;
  out: Output;
  roots: DisplayRoots;
  /** The machine, resolved once here; nothing below reads process.env or os.homedir(). */
  environment: Environment;
}

/** Commands that may write (a dry run and status never do; rollback always may). */
export function mayWrite(args: CommandArgs): boolean {
  if (args.command === 'rollback') return true;
  if (['init', 'migrate', 'uninstall', 'add', 'remove', 'update', 'sync'].includes(args.command)) return !args.dryRun;
  return false;
}

/**
 * Rolls back transactions a killed patchbay left pending, and says so on stderr. Finding nothing to do
 * needs no writable state dir and no lock. When there is a pending journal but it cannot be recovered
 * now (the state dir is unusable, or another patchbay holds the lock because the journal is its own,
 * mid-apply), a read-only command still runs with a warning (what it reads may be half-applied); a
 * write command refuses.
 */
async function recover(session: Session): Promise<void> {
  let recovered;
  try {
    ({ recovered } = await recoverPending({ stateDir: session.environment.stateDir }));
  } catch (error) {
    if (mayWrite(session.args) || !(isPatchbayError(error, 'state-dir-unusable') || isPatchbayError(error, 'lock-held'))) throw error;
    session.out.err(`patchbay: warning: could not check for or finish an interrupted transaction: ${error.message}`);
    if (error.details.hint) session.out.err(`  hint: ${error.details.hint}`);
    return;
  }
  for (const tx of recovered) {
    session.out.err(`patchbay: rolled back an interrupted transaction ${tx.id} (${tx.files.length} ${tx.files.length === 1 ? 'file' : 'files'})`);
  }
}

/**
 * [dir] must be an existing folder. patchbay used to create a missing one silently (a typo became a
 * new project with a fresh config) and to fail a file given as [dir] as "apply failed" (exit 4).
 */
async function checkProjectDir(args: CommandArgs): Promise<void> {
  if (!takesProjectDir(args.command)) return;
  const dir = args.projectDir;
  let st;
  try {
    st = await stat(dir);
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw new PatchbayError('usage', `The project folder ${dir} does not exist, and patchbay does not create it.`, {
        hint: `Check the path, or create the folder first (mkdir -p ${dir}); without [dir], patchbay uses the current folder.`,
      });
    }
    if (code === 'ELOOP') {
      throw new PatchbayError('symlink-loop', `The project folder ${dir} is a symbolic link that loops back on itself (ELOOP).`, {
        hint: 'Fix or remove the link, or pass the real project folder.',
        cause: error,
      });
    }
    throw new PatchbayError('not-readable', `Cannot open the project folder ${dir}: ${error instanceof Error ? error.message : String(error)}.`, {
      hint: 'Check the permissions of the folder and its parents, or pass another project folder.',
      cause: error,
    });
  }
  if (!st.isDirectory()) {
    throw new PatchbayError('not-a-directory', `${dir} is a file, not a folder: [dir] is the project folder whose configuration files patchbay reads and writes. Nothing was written.`, {
      hint: 'Pass the folder that holds the project (not a file in it), or leave [dir] out to use the current folder.',
    });
  }
}

export async function runSession(
  args: CommandArgs,
  body: (session: Session) => Promise<number>,
  streams: Streams = processStreams(),
): Promise<number> {
  const out = new Output(streams, { json: args.json, command: invokedAs(streams.env) });
  const environment = resolveEnvironment({ cwd: args.projectDir, env: streams.env });
  const session: Session = { args, out, roots: rootsOf(environment), environment };
  // Decision (issue 10, item 10): say so rather than refuse. Cron jobs and systemd units run without
  // HOME, and the account's home is where their user-scope files are; what must not happen is a silent
  // guess about where ~/.claude.json and the state dir are.
  if (environment.homeFallback !== undefined) {
    out.err(`patchbay: warning: HOME is not set; using ${environment.homeFallback} (your account's home directory) for user-scope host files and the state dir. Set HOME to choose another.`);
  }
  try {
    await checkProjectDir(args);
    // A write command refuses up front (before the wizard, before reading any host file) when it could
    // not journal its changes; apply() checks again for library callers.
    if (mayWrite(args)) {
      const problem = await stateDirProblem(environment.stateDir);
      if (problem) throw problem;
    }
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
    // Declining is the user's answer, not an error: its one sentence, without a code in front of it.
    out.err(pbError.code === 'cancelled' ? pbError.message : formatError(pbError, session.roots, out.style));
    if (!isPatchbayError(error) && error instanceof Error && error.stack && streams.env.PATCHBAY_DEBUG) out.err(error.stack);
    if (out.jsonMode && !out.wroteJson) {
      out.json({ command: args.command, status: exitCode === EXIT.cancelled ? 'cancelled' : 'error', exitCode, error: errorJson(pbError, session.roots) });
    }
    return exitCode;
  }
}
