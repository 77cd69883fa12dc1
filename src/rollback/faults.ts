// Test-only fault injection. The engine calls `beforeStep` right before each filesystem operation that
// changes state (and before each journal write), naming the step and the path it is about to act on.
// A hook may throw (an injected failure), sleep (so a crash test can SIGKILL the process at that
// exact point) or tamper with the filesystem (to provoke a real kernel error). When no hooks are
// given, nothing is called and behaviour is identical.

export type StepName =
  | 'journal' // atomic journal write (path = the journal's temp file), or a prior-bytes blob's write (path = the blob)
  | 'mkdir' // create one planned folder
  | 'check' // re-read a file and compare with the plan's hash
  | 'write-temp' // create + write + chmod the temp file next to the target
  | 'fsync-temp'
  | 'rename' // rename the temp file over the target
  | 'unlink' // delete a file the plan deletes
  | 'fsync-dir'
  // the same steps while restoring (apply failure, recovery, rollback)
  | 'restore-write-temp'
  | 'restore-rename'
  | 'restore-unlink'
  | 'remove-temp'
  | 'rmdir';

export interface FaultHooks {
  beforeStep?(step: StepName, path: string): void | Promise<void>;
}

/** Options the public API accepts in addition to EngineOptions, for tests only. */
export interface InternalOptions {
  faults?: FaultHooks;
}

export async function step(faults: FaultHooks | undefined, name: StepName, path: string): Promise<void> {
  if (faults?.beforeStep) await faults.beforeStep(name, path);
}
