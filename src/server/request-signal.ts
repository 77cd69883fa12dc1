// The AbortSignal of the request a handler serves: the SDK aborts it on notifications/cancelled and
// when the connection closes (stdin EOF, SIGTERM). Handlers pass it to whatever can stop early.
export function requestSignal(ctx: unknown): AbortSignal | undefined {
  return (ctx as { mcpReq?: { signal?: AbortSignal } } | undefined)?.mcpReq?.signal;
}
