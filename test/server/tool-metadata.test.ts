import { describe, expect, it } from 'vitest';
import { TOOLS, buildServer } from '../../src/server/build-server.js';
import { INSTRUCTIONS } from '../../src/server/instructions.js';
import { resolveEnvironment } from '../../src/server/context.js';

describe('tool metadata', () => {
  it('keeps instructions and every tool description under 2 KB (hosts truncate there)', () => {
    expect(Buffer.byteLength(INSTRUCTIONS)).toBeLessThan(2048);
    for (const tool of TOOLS) expect(Buffer.byteLength(tool.description), tool.name).toBeLessThan(2048);
  });

  it('has the seven tools of the contract', () => {
    expect(TOOLS.map((t) => t.name).sort()).toEqual(['check', 'history', 'list_hosts', 'list_servers', 'plan', 'read_doc', 'search_docs']);
  });

  it('builds a server without any I/O', () => {
    // Paths that do not exist: building must not touch them (any read would throw or be needed).
    const server = buildServer(resolveEnvironment({ cwd: '/nonexistent-project', env: { HOME: '/nonexistent-home' } }));
    expect(server.constructor.name).toBe('McpServer');
    expect(server.isConnected()).toBe(false);
  });
});
