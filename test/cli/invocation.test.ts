// Hints name the command the user ran (SPEC "Manifest v3"): through npx there is no `patchbay` on PATH.
import { describe, expect, it } from 'vitest';
import { asInvoked, invokedAs } from '../../src/cli/invocation.js';

describe('invokedAs', () => {
  it('is `npx patchbay-mcp` under npx / npm exec, `patchbay` otherwise', () => {
    expect(invokedAs({ npm_command: 'exec' })).toBe('npx patchbay-mcp');
    expect(invokedAs({ npm_command: 'run-script' })).toBe('patchbay');
    expect(invokedAs({})).toBe('patchbay');
  });
});

describe('asInvoked', () => {
  const npx = 'npx patchbay-mcp';
  it('rewrites each `patchbay <subcommand>` in a hint, in backticks, quotes or after a colon', () => {
    expect(asInvoked('Undo with: patchbay rollback 2026-x', npx)).toBe('Undo with: npx patchbay-mcp rollback 2026-x');
    expect(asInvoked('run `patchbay init` or `patchbay add`', npx)).toBe('run `npx patchbay-mcp init` or `npx patchbay-mcp add`');
    expect(asInvoked("then 'patchbay status' again (patchbay sync)", npx)).toBe("then 'npx patchbay-mcp status' again (npx patchbay-mcp sync)");
    expect(asInvoked('patchbay doctor --trust', npx)).toBe('npx patchbay-mcp doctor --trust');
  });
  it("leaves words that are not commands: the server name, patchbay's state, patchbay.jsonc, patchbay-mcp", () => {
    const text = "patchbay: warning: patchbay's state in patchbay.jsonc; server patchbay (patchbay-mcp@0.2.0); patchbay initialised";
    expect(asInvoked(text, npx)).toBe(text);
  });
  it('is the identity for a direct run', () => {
    expect(asInvoked('Undo with: patchbay rollback x', 'patchbay')).toBe('Undo with: patchbay rollback x');
  });
});
