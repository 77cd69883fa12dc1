// README's host table is generated from the catalog (scripts/host-table.ts); this fails when they drift.
// And `patchbay hosts --json` lists every catalog host, supported or planned, from the built CLI.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { END, START, hostTableMarkdown, withHostTable } from '../../scripts/host-table.js';
import { HOST_INFO } from '../../src/installers/catalog-data.js';
import { createSandbox } from '../helpers/cli-sandbox.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('README host table', () => {
  test('README holds exactly the table generated from the catalog (run node scripts/gen-host-table.mjs)', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme).toContain(START);
    expect(readme).toContain(END);
    expect(withHostTable(readme, hostTableMarkdown())).toBe(readme);
  });
  test('every supported host has a row; the planned ones are named', () => {
    const table = hostTableMarkdown();
    for (const h of HOST_INFO) expect(table).toContain(`\`${h.id}\``);
    expect(table.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| host')).length).toBe(HOST_INFO.filter((h) => h.supported).length);
  });
  test('a changed table is noticed', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(withHostTable(readme, hostTableMarkdown().replace('`.mcp.json`', '`.mcp.jsonc`'))).not.toBe(readme);
  });
});

describe('patchbay hosts', () => {
  test('--json: every catalog host, supported and planned, with files, format and detection reasons', async () => {
    const sb = await createSandbox();
    try {
      await sb.fakeBinary('gemini', '0.61.0');
      await sb.write('home/.kiro/settings/mcp.json', '{}');
      const r = await sb.run(['hosts', '--json']);
      expect(r.code).toBe(0);
      const doc = JSON.parse(r.stdout) as { hosts: { id: string; supported: boolean; format: string | null; detected: boolean | null; reasons: string[]; version?: string; files: { project: string[]; user: string[] } }[] };
      expect(doc.hosts.map((h) => h.id)).toEqual(HOST_INFO.map((h) => h.id));
      expect(doc.hosts.length).toBeGreaterThanOrEqual(25);
      const by = Object.fromEntries(doc.hosts.map((h) => [h.id, h]));
      expect(by.gemini).toMatchObject({ supported: true, format: 'JSON + comments', detected: true, version: '0.61.0', files: { project: ['.gemini/settings.json'], user: ['~/.gemini/settings.json'] } });
      expect(by.kiro?.detected).toBe(true);
      expect(by.kiro?.reasons.join(' ')).toContain('~/.kiro');
      expect(by.zed).toMatchObject({ detected: false, format: 'JSONC' });
      expect(by.codex).toMatchObject({ supported: true, format: 'TOML' });
      expect(by.openhands).toMatchObject({ supported: false, detected: null, format: null });
      expect(doc.hosts.filter((h) => h.supported).length).toBeGreaterThanOrEqual(45);
    } finally {
      await sb.cleanup();
    }
  });
  test('--platform darwin|win32 --json: the user files that system resolves, no detection', async () => {
    const sb = await createSandbox();
    try {
      await sb.fakeBinary('gemini', '0.61.0');
      const user = async (platform: string) => {
        const r = await sb.run(['hosts', '--platform', platform, '--json']);
        expect(r.code).toBe(0);
        const doc = JSON.parse(r.stdout) as { platform: string; hosts: { id: string; supported: boolean; detected: boolean | null; files: { user: string[] } }[] };
        expect(doc.platform).toBe(platform);
        if (platform !== process.platform) for (const h of doc.hosts) if (h.supported) expect(h.detected).toBeNull();
        return Object.fromEntries(doc.hosts.map((h) => [h.id, h.files.user]));
      };
      const mac = await user('darwin');
      expect(mac['vscode']).toEqual(['~/Library/Application Support/Code/User/mcp.json']);
      expect(mac['claude-desktop']).toEqual(['~/Library/Application Support/Claude/claude_desktop_config.json']);
      expect(mac['cursor']).toEqual(['~/.cursor/mcp.json']);
      expect(mac['claude-code']).toEqual(['~/.claude.json']);
      expect(mac['cline']).toEqual(['~/.cline/data/settings/cline_mcp_settings.json']);
      expect(mac['goose']).toEqual(['~/.config/goose/config.yaml']);
      const win = await user('win32');
      expect(win['vscode']).toEqual(['%APPDATA%\\Code\\User\\mcp.json']);
      expect(win['claude-desktop']).toContain('%APPDATA%\\Claude\\claude_desktop_config.json');
      expect(win['cursor']).toEqual(['%USERPROFILE%\\.cursor\\mcp.json']);
      expect(win['claude-code']).toEqual(['%USERPROFILE%\\.claude.json']);
      expect(win['cline']).toEqual(['%USERPROFILE%\\.cline\\data\\settings\\cline_mcp_settings.json']);
      expect(win['goose']).toEqual(['%APPDATA%\\Block\\goose\\config\\config.yaml']);
      const linux = await user('linux');
      expect(linux['vscode']).toEqual(['~/.config/Code/User/mcp.json']);
    } finally {
      await sb.cleanup();
    }
  });
  test('--platform with another value is a usage error naming the three', async () => {
    const sb = await createSandbox();
    try {
      const r = await sb.run(['hosts', '--platform', 'macos']);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain("--platform must be one of linux, darwin, win32, not 'macos'");
    } finally {
      await sb.cleanup();
    }
  });
  test('the table lists detected hosts first and says which are planned', async () => {
    const sb = await createSandbox();
    try {
      await sb.fakeBinary('droid', '0.225.2');
      const r = await sb.run(['hosts']);
      expect(r.code).toBe(0);
      const rows = r.stdout.split('\n').filter((l) => /^[a-z]/.test(l) && !l.startsWith('id '));
      expect(rows[0]).toMatch(/^factory-droid\s+Factory Droid\s+JSON\s+yes \(0\.225\.2\)/);
      expect(r.stdout).toMatch(/^openhands\s+OpenHands\s+-\s+planned, not supported yet$/m);
      const supported = HOST_INFO.filter((h) => h.supported).length;
      expect(r.stdout).toContain(`${supported} supported, ${HOST_INFO.length - supported} planned, 1 detected here.`);
    } finally {
      await sb.cleanup();
    }
  });
});
