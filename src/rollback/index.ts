// The transaction engine: plan -> preview (diffPlan) -> apply; recovery after a crash; rollback.
import type { Engine } from './api.js';
import { apply } from './apply.js';
import { history } from './history.js';
import { recoverPending } from './recover.js';
import { rollback } from './revert.js';

export { apply, history, recoverPending, rollback };
export { createPlan, deserializePlan, dirsToCreate, makeChange, readBefore, serializePlan } from './plan-builder.js';
export { diffPlan } from './diff.js';
export { resolveStateDir } from './state-dir.js';
export type { FaultHooks, InternalOptions, StepName } from './faults.js';
export type * from './api.js';
export type * from './types.js';

/** The engine as one object, for callers that inject it (tests of the CLI, the MCP server). */
export const engine: Engine = { apply, history, recoverPending, rollback };
