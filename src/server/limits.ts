// Size limits of the MCP server, in one place so the transport, the tool layer, the docs and the
// tests agree. 256 KiB is far above any answer patchbay needs (a plan for every host is a few KiB)
// and far below what would hurt a host: Claude Code warns above ~10k tokens and caps at 25k.

/** An incoming JSON-RPC line longer than this (bytes, without the newline) is rejected with -32600. */
export const MAX_MESSAGE_BYTES = 256 * 1024;

/** An outgoing JSON-RPC message longer than this (bytes, serialized) is replaced. */
export const MAX_RESPONSE_BYTES = 256 * 1024;

/**
 * Tool results are checked against a slightly smaller budget: the transport's JSON-RPC framing and
 * the text copy of the envelope double the structured size, so the tool layer measures the whole
 * CallToolResult and leaves headroom for the `{"jsonrpc":"2.0","id":...,"result":...}` wrapper.
 */
export const MAX_TOOL_RESULT_BYTES = MAX_RESPONSE_BYTES - 1024;

/** How long the server keeps answering requests already read after stdin ends, before it closes. */
export const DRAIN_ON_EOF_MS = 3000;

/**
 * After SIGTERM/SIGINT the server closes at once; if anything still holds the event loop this long
 * after, it exits anyway (the contract: gone within 1 s, even in the middle of a call).
 */
export const SIGNAL_EXIT_MS = 500;

/**
 * Worker threads for the tools that read host files (offload/pool.ts). Two, so a slow plan on a huge
 * file does not queue a quick list_hosts behind it, and few, because the box may have two cores.
 */
export const TOOL_WORKERS = 2;

/** Upper bound for read_doc's max_bytes, and its default. */
export const READ_DOC_MAX_BYTES = 64 * 1024;
export const READ_DOC_DEFAULT_BYTES = 16 * 1024;
