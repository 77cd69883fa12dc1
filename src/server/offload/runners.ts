// The tools that read host files (parse, inspect, plan, diff, redact): the work that grows with the
// size of a user's configuration and may take seconds on a pathological one. They run off the main
// thread (see pool.ts); search_docs, read_doc and history stay on it (bounded, in-memory or tiny).
import type { ServerEnvironment } from '../context.js';
import type { Envelope } from '../envelope.js';
import { errorDiagnostic } from '../present.js';
import { makeEnvelope } from '../envelope.js';
import { rootsOf } from '../context.js';
import { check } from '../tools/check.js';
import { listHosts, listServers } from '../tools/hosts.js';
import { planTool } from '../tools/plan.js';

type Runner = (environment: ServerEnvironment, input: never) => Promise<Envelope<unknown>>;

export const OFFLOADED_TOOLS: Readonly<Record<string, Runner>> = {
  list_hosts: listHosts as Runner,
  list_servers: listServers as Runner,
  check: check as Runner,
  plan: planTool as Runner,
};

export function isOffloaded(tool: string): boolean {
  return Object.hasOwn(OFFLOADED_TOOLS, tool);
}

/** Runs one offloaded tool; a throw becomes an `unavailable` envelope, as on the main thread. */
export async function runTool(environment: ServerEnvironment, tool: string, input: unknown): Promise<Envelope<unknown>> {
  const run = OFFLOADED_TOOLS[tool];
  if (!run) return makeEnvelope(tool, 'unavailable', undefined, [{ code: 'internal', severity: 'error', message: `no offloaded tool named ${tool}` }]);
  try {
    return await run(environment, input as never);
  } catch (error) {
    return makeEnvelope(tool, 'unavailable', undefined, [errorDiagnostic(error, rootsOf(environment))]);
  }
}
