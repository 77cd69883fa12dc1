// Item: a host file nested thousands of levels deep crashed init and status with "Maximum call stack
// size exceeded" (exit 70). It is now a `too-deep` diagnostic at line:column (exit 3), found before
// anything recursive reads the file; the manifest gets the same cap.
import fc from 'fast-check';
import { visit } from 'jsonc-parser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkDepth } from '../../src/installers/jsonc/depth.js';
import { createSandbox, type Sandbox } from '../helpers/cli-sandbox.js';

let sb: Sandbox;
beforeEach(async () => {
  sb = await createSandbox();
});
afterEach(async () => {
  await sb.cleanup();
});

const deep = (levels: number): string => '['.repeat(levels) + ']'.repeat(levels);

describe('a file nested 3000 levels deep', () => {
  it('init and status refuse it with too-deep at line:column (exit 3), no stack trace, nothing written', async () => {
    // Brackets in a comment and a string must not count; the real nesting starts on line 3.
    await sb.write('project/.mcp.json', `{\n  "note": "[[[[ {{{{",\n  "a": ${deep(3000)}\n}\n`);
    const before = await sb.snapshot();
    for (const args of [['init', '--yes', '--host', 'claude-code'], ['status', '--host', 'claude-code']]) {
      const r = await sb.run(args);
      expect(r.code, `${args[0]}: ${r.stderr}`).toBe(3);
      // `"a": ` puts the first [ at column 8; 255 more fit under the cap, the 256th is refused.
      expect(r.stderr).toMatch(/^\.mcp\.json:3:263 too-deep .*more than 256 levels/m);
      expect(r.stderr).toContain('hint:');
      expect(r.stderr).not.toMatch(/Maximum call stack|internal error|\n\s+at /);
    }
    const json = await sb.run(['status', '--host', 'claude-code', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ exitCode: 3, diagnostics: [expect.objectContaining({ code: 'too-deep', path: '.mcp.json', line: 3, column: 263 })] });
    expect(await sb.snapshot()).toEqual(before);
  });

  it('a JSONC file (OpenCode) and the manifest are capped the same way', async () => {
    await sb.write('project/opencode.jsonc', `// a {{{ comment\n{ "x": ${deep(5000)} }\n`);
    const r = await sb.run(['init', '--yes', '--host', 'opencode', '--opencode-version', '1.18.33']);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toMatch(/^opencode\.jsonc:2:\d+ too-deep /m);
    await sb.write('project/patchbay.jsonc', `{ "hosts": ${deep(4000)} }`);
    const m = await sb.run(['status']);
    expect(m.code, m.stderr).toBe(3);
    expect(m.stderr).toMatch(/^patchbay\.jsonc:1:\d+ manifest-invalid .*256 levels/m);
    expect(m.stderr).not.toMatch(/Maximum call stack|internal error/);
  });

  it('256 levels are still read (the cap is not off by one)', async () => {
    // The root object is level 1, so 255 more brackets make 256.
    await sb.write('project/.mcp.json', `{ "a": ${deep(255)} }\n`);
    const ok = await sb.run(['init', '--yes', '--host', 'claude-code']);
    expect(ok.code, ok.stderr).toBe(0);
    await sb.write('project/.mcp.json', `{ "a": ${deep(256)} }\n`);
    expect((await sb.run(['status', '--host', 'claude-code'])).code).toBe(3);
  });
});

describe('checkDepth', () => {
  /** How deep jsonc-parser's recursive descent actually goes on `text`, malformed or not. */
  function parserDepth(text: string): number {
    let depth = 0;
    let max = 0;
    const down = () => void (max = Math.max(max, ++depth));
    const up = () => void depth--;
    visit(text, { onObjectBegin: down, onArrayBegin: down, onObjectEnd: up, onArrayEnd: up }, { allowTrailingComma: true });
    return max;
  }

  it('never counts less than the parser recurses, on any text (error recovery included)', () => {
    const alphabet = fc.constantFrom('{', '}', '[', ']', '"', '\\', '/', '*', '\n', '\r', ',', ':', 'a', '1', ' ');
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 80 }).map((cs) => cs.join('')), (text) => {
        const d = parserDepth(text);
        // With a cap one below the parser's depth, checkDepth must have seen that depth too.
        if (d > 0) expect(checkDepth(text, d - 1), JSON.stringify(text)).toBeDefined();
      }),
      { numRuns: 3000 },
    );
  });

  it('ignores brackets in strings and comments, and reports the first bracket past the cap', () => {
    expect(checkDepth('{"[[[[": "{{{{" /* [[[[ */ // [[[\n}', 1)).toBeUndefined();
    expect(checkDepth('{\r\n  "a": [[1]]\r\n}', 2)).toEqual({ line: 2, column: 9 });
    // An unterminated string ends at the line break, as in jsonc-parser: the brackets after it count.
    expect(checkDepth('"abc\n[[[', 2)).toEqual({ line: 2, column: 3 });
    // A closer of the wrong kind does not close anything (the parser skips it while recovering).
    expect(checkDepth('[}[}[}', 2)).toEqual({ line: 1, column: 5 });
  });
});
