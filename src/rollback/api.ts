// The public surface of the transaction engine, as types. src/rollback/index.ts implements it.
import type { Plan } from './types.js';

export interface EngineOptions {
  /** State dir; default $PATCHBAY_STATE_DIR, else $XDG_STATE_HOME/patchbay, else ~/.local/state/patchbay. */
  stateDir?: string;
  /** How long to wait for a held lock before failing with `lock-held` (ms). Default 0 (fail at once). */
  lockWaitMs?: number;
}

export type TransactionStatus = 'pending' | 'committed' | 'rolled-back' | 'reverted';

export interface TransactionSummary {
  id: string;
  status: TransactionStatus;
  description: string;
  createdAt: string; // ISO 8601
  files: { path: string; existedBefore: boolean; deleted: boolean }[];
  /** Set on a transaction made by `rollback`: the id of the transaction it restored. */
  revertOf?: string;
}

export interface ApplyResult {
  id: string;
  /** Files written or deleted, in order. */
  written: string[];
  /** Pending transactions of a killed process that apply rolled back before starting (rare: the CLI
   * normally calls recoverPending first). */
  recovered?: TransactionSummary[];
}

export interface RecoveryResult {
  /** Transactions that were found pending (a killed process) and rolled back. */
  recovered: TransactionSummary[];
}

export interface RollbackOptions extends EngineOptions {
  force?: boolean;
}

export interface Engine {
  apply(plan: Plan, options?: EngineOptions): Promise<ApplyResult>;
  recoverPending(options?: EngineOptions): Promise<RecoveryResult>;
  /** Restore a committed transaction (default: the newest committed one). */
  rollback(id?: string, options?: RollbackOptions): Promise<TransactionSummary>;
  history(options?: EngineOptions): Promise<TransactionSummary[]>;
}
