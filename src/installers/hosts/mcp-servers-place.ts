// The one place every `mcpServers` host (Claude Code, Cursor, generic) keeps its servers.
import type { Place, } from '../places.js';

export const MCP_SERVERS_PLACE: Place = { path: ['mcpServers'], shape: 'mcpServers' };
