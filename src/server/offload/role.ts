// How a thread of the bundle knows it was started as a tool worker. Kept in its own tiny module:
// the CLI entry imports it on every run, so it must pull in nothing else.
export const TOOL_WORKER_ROLE = 'patchbay-mcp-tool-worker';

export function isToolWorker(workerData: unknown): boolean {
  return typeof workerData === 'object' && workerData !== null && (workerData as { role?: unknown }).role === TOOL_WORKER_ROLE;
}
