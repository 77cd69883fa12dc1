// The real-host proof of issue 23: for each pinned host CLI, a project whose own config file holds one
// stdio server, in each consent state that host has (not consented, then consented its own way), and
// the check that doctor's verdict for that host's row equals what the REAL CLI reports: does the host
// start (or load) the server now? doctor's verdict "would start" is a row `ok`; "would not" is
// `untrusted` / `needs-approval`, and then doctor started nothing. Hosts without a consent step
// (OpenCode, Kilo, Droid) have one state: a fresh clone, which they start.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { explain, patchbay, requireBundle, run, type RunResult } from './helpers/run.js';
import { makeSandbox, type Sandbox } from './helpers/sandbox.js';
import { hostBinDir, prepareTools, type ToolName } from './helpers/tools.js';

const HOSTS = ['opencode', 'claude-code', 'gemini', 'qwen-code', 'codex', 'copilot-cli', 'factory-droid', 'kilo'] as const satisfies readonly ToolName[];
const tools = await prepareTools([...HOSTS]);
const SERVER = fileURLToPath(new URL('./fixtures/fixture-mcp/server.mjs', import.meta.url));
const NAME = 'fx';
const STARTS_LOG = 'starts.log';

interface HostCase {
  tool: (typeof HOSTS)[number];
  /** patchbay's host id. */
  host: string;
  /** The binary's name on PATH (tools.ts hostBinDir). */
  bin: string;
  /** The project file the host reads, and its content holding the server `fx`. */
  write(b: Sandbox): Promise<void>;
  /** The real CLI's own report: does it start (or, where it lists only, load) `fx` now? */
  cli(b: Sandbox): Promise<{ starts: boolean; r: RunResult }>;
  /** Consent the host's own way (absent: the host has no consent step). */
  consent?(b: Sandbox): Promise<void>;
}

const put = async (file: string, text: string) => {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
};
const mcpServers = (extra: Record<string, unknown> = {}) => JSON.stringify({ mcpServers: { [NAME]: { ...extra, command: process.execPath, args: [SERVER] } } }, null, 2);
const localEntry = JSON.stringify({ mcp: { [NAME]: { type: 'local', command: [process.execPath, SERVER] } } }, null, 2);
const cliRun = (b: Sandbox, bin: string, args: string[]) => run(path.join(b.binDir, bin), args, { cwd: b.project, env: b.env, timeoutMs: 120_000 });
/** The server line of a host's list output, whatever the colours. */
const line = (r: RunResult) => r.text.split('\n').find((l) => new RegExp(`\\b${NAME}\\b`).test(l)) ?? '';

const CASES: HostCase[] = [
  {
    tool: 'opencode', host: 'opencode', bin: 'opencode',
    write: (b) => put(path.join(b.project, 'opencode.json'), localEntry),
    async cli(b) {
      const r = await cliRun(b, 'opencode', ['mcp', 'list']);
      return { starts: /✓\s*fx\s+connected/.test(r.text), r };
    },
  },
  {
    tool: 'claude-code', host: 'claude-code', bin: 'claude',
    write: (b) => put(path.join(b.project, '.mcp.json'), mcpServers()),
    async cli(b) {
      const r = await cliRun(b, 'claude', ['mcp', 'list']);
      return { starts: /✔ Connected/.test(line(r)), r };
    },
    // real-hosts.md §2: ~/.claude/settings.json approves without the trust dialog.
    consent: (b) => put(path.join(b.home, '.claude', 'settings.json'), JSON.stringify({ enableAllProjectMcpServers: true })),
  },
  {
    tool: 'gemini', host: 'gemini', bin: 'gemini',
    write: (b) => put(path.join(b.project, '.gemini', 'settings.json'), mcpServers()),
    async cli(b) {
      const r = await cliRun(b, 'gemini', ['mcp', 'list']);
      return { starts: /Connected/.test(line(r)), r };
    },
    consent: (b) => put(path.join(b.home, '.gemini', 'trustedFolders.json'), JSON.stringify({ [b.project]: 'TRUST_FOLDER' })),
  },
  {
    tool: 'qwen-code', host: 'qwen-code', bin: 'qwen',
    write: (b) => put(path.join(b.project, '.qwen', 'settings.json'), mcpServers()),
    async cli(b) {
      const r = await cliRun(b, 'qwen', ['mcp', 'list']);
      return { starts: /Connected/.test(line(r)), r };
    },
    // Qwen's own approval, hash-bound to the entry: doctor must compute the same hash to agree.
    async consent(b) {
      const r = await cliRun(b, 'qwen', ['mcp', 'approve', NAME]);
      expect(r.exitCode, explain('qwen mcp approve', r)).toBe(0);
    },
  },
  {
    tool: 'codex', host: 'codex', bin: 'codex',
    write: (b) => put(path.join(b.project, '.codex', 'config.toml'), `[mcp_servers.${NAME}]\ncommand = ${JSON.stringify(process.execPath)}\nargs = [${JSON.stringify(SERVER)}]\n`),
    // `codex mcp list` spawns nothing: it says whether Codex LOADS the project's server at all.
    async cli(b) {
      const r = await cliRun(b, 'codex', ['mcp', 'list', '--json']);
      const list = JSON.parse(r.stdout.slice(r.stdout.indexOf('['))) as Array<{ name: string; enabled: boolean }>;
      return { starts: list.some((s) => s.name === NAME && s.enabled), r };
    },
    consent: (b) => put(path.join(b.home, '.codex', 'config.toml'), `[projects.${JSON.stringify(b.project)}]\ntrust_level = "trusted"\n`),
  },
  {
    tool: 'copilot-cli', host: 'copilot-cli', bin: 'copilot',
    write: (b) => put(path.join(b.project, '.mcp.json'), mcpServers()),
    // `copilot mcp list` spawns nothing (host-facts.md): it says whether Copilot loads the workspace server.
    async cli(b) {
      const r = await cliRun(b, 'copilot', ['mcp', 'list', '--json']);
      const servers = r.stdout.trim().startsWith('{') ? ((JSON.parse(r.stdout) as { mcpServers?: Record<string, { source?: string }> }).mcpServers ?? {}) : {};
      return { starts: servers[NAME]?.source === 'workspace', r };
    },
    consent: (b) => put(path.join(b.home, '.copilot', 'config.json'), JSON.stringify({ trusted_folders: [b.project] })),
  },
  {
    tool: 'factory-droid', host: 'factory-droid', bin: 'droid',
    write: (b) => put(path.join(b.project, '.factory', 'mcp.json'), mcpServers({ type: 'stdio' })),
    async cli(b) {
      const r = await cliRun(b, 'droid', ['mcp', 'list']);
      return { starts: /\bconnected\b/i.test(line(r)), r };
    },
  },
  {
    tool: 'kilo', host: 'kilo', bin: 'kilo',
    write: (b) => put(path.join(b.project, 'kilo.json'), localEntry),
    async cli(b) {
      const r = await cliRun(b, 'kilo', ['mcp', 'list']);
      return { starts: /✓\s*fx\s+connected/.test(r.text), r };
    },
  },
];

describe.skipIf(!tools.ok)('doctor says what each real host would do with a project server (issue 23)', () => {
  const boxes: Sandbox[] = [];
  afterAll(async () => {
    await Promise.all(boxes.map((b) => b.cleanup()));
  });

  async function box(c: HostCase): Promise<Sandbox> {
    const b = await makeSandbox({ extra: { FIXTURE_MCP_LOG: '' } });
    boxes.push(b);
    if (tools.ok) await hostBinDir(b.binDir, { [c.tool]: tools.bins[c.tool] });
    await c.write(b);
    return b;
  }

  /** doctor's verdict for the host's project row, and whether doctor itself started the server. */
  async function doctor(b: Sandbox, host: string): Promise<{ starts: boolean; status: string; started: boolean; r: RunResult }> {
    const log = path.join(b.root, STARTS_LOG);
    await rm(log, { force: true });
    const r = await patchbay(['doctor', '--json', '--host', host, '--scope', 'project'], { cwd: b.project, env: { ...b.env, FIXTURE_MCP_LOG: log }, timeoutMs: 60_000 });
    const rows = (JSON.parse(r.stdout) as { rows: Array<{ host: string; name: string; status: string }> }).rows.filter((row) => row.host === host && row.name === NAME);
    expect(rows, explain(`doctor --host ${host}`, r)).toHaveLength(1);
    const status = rows[0]?.status ?? '';
    const started = (await readFile(log, 'utf8').catch(() => '')).trim() !== '';
    return { starts: status === 'ok', status, started, r };
  }

  for (const c of CASES) {
    it(`${c.host}: ${c.consent ? 'before and after the host\'s own consent' : 'a fresh clone (no consent step)'}, doctor's row = the real CLI`, async () => {
      requireBundle();
      const b = await box(c);
      const states = c.consent ? ['not consented', 'consented'] : ['fresh clone'];
      const seen: boolean[] = [];
      for (const state of states) {
        if (state === 'consented') await c.consent?.(b);
        const host = await c.cli(b);
        const doc = await doctor(b, c.host);
        expect(doc.starts, `${c.host}, ${state}: doctor says ${doc.status}; ${explain(`${c.bin} (real CLI)`, host.r)}\n${explain('doctor', doc.r)}`).toBe(host.starts);
        // Nothing runs that the host would not run: a withheld row started nothing.
        expect(doc.started, `${c.host}, ${state}: doctor started the server: ${doc.status}`).toBe(doc.starts);
        seen.push(host.starts);
      }
      // The states really differ for the host itself (so the comparison is not vacuous).
      expect(seen).toEqual(c.consent ? [false, true] : [true]);
    }, 300_000);
  }

  it('gemini: a USER server is suppressed in an untrusted folder too, and doctor says so (it still runs it: the user\'s own)', async () => {
    requireBundle();
    const c = CASES.find((x) => x.host === 'gemini') as HostCase;
    const b = await box(c);
    await rm(path.join(b.project, '.gemini'), { recursive: true, force: true });
    await put(path.join(b.home, '.gemini', 'settings.json'), mcpServers());
    const log = path.join(b.root, STARTS_LOG);
    for (const trusted of [false, true]) {
      if (trusted) await c.consent?.(b);
      const host = await c.cli(b);
      const r = await patchbay(['doctor', '--json', '--host', 'gemini', '--scope', 'user'], { cwd: b.project, env: { ...b.env, FIXTURE_MCP_LOG: log }, timeoutMs: 60_000 });
      const row = (JSON.parse(r.stdout) as { rows: Array<{ name: string; status: string; tools?: number }> }).rows.find((x) => x.name === NAME);
      expect(host.starts, explain('gemini mcp list', host.r)).toBe(trusted);
      expect(row, explain('doctor --scope user', r)).toMatchObject({ status: trusted ? 'ok' : 'untrusted', tools: 1 });
    }
  }, 300_000);
});
