// Where the `mcpServers` hosts (Claude Code, Cursor, generic) keep their servers: the same container,
// each with its own entry style (reference syntax, remote `type`).
import type { Place } from '../places.js';
import { CLAUDE_STYLE, CURSOR_STYLE, GENERIC_STYLE, type EntryStyle } from '../shapes.js';

function mcpServersPlace(style: EntryStyle): Place {
  return { path: ['mcpServers'], style };
}

export const CLAUDE_PLACE = mcpServersPlace(CLAUDE_STYLE);
export const CURSOR_PLACE = mcpServersPlace(CURSOR_STYLE);
export const GENERIC_PLACE = mcpServersPlace(GENERIC_STYLE);
