// The files each host record resolves on each platform, with the platform and env injected (the
// Environment carries them; nothing reads process.platform): what the writer uses on that system,
// and what `patchbay hosts --platform` prints. Facts: docs/host-facts.md and the hosts' own docs.
import { describe, expect, test } from 'vitest';
import { createHostContext, describeFiles, hostRecord, HOSTS } from '../../src/installers/index.js';
import type { HostId } from '../../src/installers/types.js';

const DARWIN = createHostContext({ projectDir: '/Users/me/p', home: '/Users/me', env: {}, platform: 'darwin' });
const WIN = createHostContext({
  projectDir: 'C:\\Users\\me\\p', home: 'C:\\Users\\me', platform: 'win32',
  env: { APPDATA: 'C:\\Users\\me\\AppData\\Roaming', LOCALAPPDATA: 'C:\\Users\\me\\AppData\\Local', USERPROFILE: 'C:\\Users\\me' },
});

const userFiles = (id: HostId, ctx: typeof WIN) => hostRecord(id).files(ctx, 'user');

describe('user files on macOS and Windows (injected platform and env)', () => {
  test.each([
    ['vscode', '/Users/me/Library/Application Support/Code/User/mcp.json', 'C:\\Users\\me\\AppData\\Roaming\\Code\\User\\mcp.json'],
    ['claude-desktop', '/Users/me/Library/Application Support/Claude/claude_desktop_config.json', 'C:\\Users\\me\\AppData\\Roaming\\Claude\\claude_desktop_config.json'],
    ['cline', '/Users/me/.cline/data/settings/cline_mcp_settings.json', 'C:\\Users\\me\\.cline\\data\\settings\\cline_mcp_settings.json'],
    ['cline-cli', '/Users/me/.cline/data/settings/cline_mcp_settings.json', 'C:\\Users\\me\\.cline\\data\\settings\\cline_mcp_settings.json'],
    ['cursor', '/Users/me/.cursor/mcp.json', 'C:\\Users\\me\\.cursor\\mcp.json'],
    ['claude-code', '/Users/me/.claude.json', 'C:\\Users\\me\\.claude.json'],
    ['goose', '/Users/me/.config/goose/config.yaml', 'C:\\Users\\me\\AppData\\Roaming\\Block\\goose\\config\\config.yaml'],
    ['codex', '/Users/me/.codex/config.toml', 'C:\\Users\\me\\.codex\\config.toml'],
    ['continue', '/Users/me/.continue/config.yaml', 'C:\\Users\\me\\.continue\\config.yaml'],
  ] as const)('%s: %s / %s', (id, darwin, win32) => {
    expect(userFiles(id, DARWIN)).toContain(darwin);
    expect(userFiles(id, WIN)).toContain(win32);
  });
  test('Claude Desktop on Windows: the MSIX copy first, the classic %APPDATA% file created when neither exists', () => {
    expect(userFiles('claude-desktop', WIN)).toEqual([
      'C:\\Users\\me\\AppData\\Local\\Packages\\Claude_pzs8sxrjxfjjc\\LocalCache\\Roaming\\Claude\\claude_desktop_config.json',
      'C:\\Users\\me\\AppData\\Roaming\\Claude\\claude_desktop_config.json',
    ]);
    expect(hostRecord('claude-desktop').createFile?.(WIN, 'user')).toBe('C:\\Users\\me\\AppData\\Roaming\\Claude\\claude_desktop_config.json');
  });
  test('without %APPDATA% the Windows default under the profile is used', () => {
    const bare = createHostContext({ projectDir: 'C:\\p', home: 'C:\\Users\\u', env: {}, platform: 'win32' });
    expect(userFiles('vscode', bare)).toEqual(['C:\\Users\\u\\AppData\\Roaming\\Code\\User\\mcp.json']);
  });
  test('a Windows override variable holding a drive path is absolute; a POSIX-looking one is not', () => {
    const ctx = createHostContext({ projectDir: 'C:\\p', home: 'C:\\Users\\u', env: { CODEX_HOME: 'D:\\codex', COPILOT_HOME: 'rel' }, platform: 'win32' });
    expect(userFiles('codex', ctx)).toEqual(['D:\\codex\\config.toml']);
    expect(userFiles('copilot-cli', ctx)).toEqual(['C:\\Users\\u\\.copilot\\mcp-config.json']);
  });
  test('project files resolve under the project with the platform\'s separators', () => {
    expect(hostRecord('vscode').files(WIN, 'project')).toEqual(['C:\\Users\\me\\p\\.vscode\\mcp.json']);
    expect(hostRecord('vscode').files(DARWIN, 'project')).toEqual(['/Users/me/p/.vscode/mcp.json']);
  });
  test('every supported host has a user or project file on each of the three platforms, and describes it', () => {
    for (const h of HOSTS) {
      for (const platform of ['linux', 'darwin', 'win32'] as const) {
        const described = [...describeFiles(h, 'user', platform), ...describeFiles(h, 'project', platform)];
        expect(described.length, `${h.id} on ${platform} has no file`).toBeGreaterThan(0);
        if (platform === 'win32') for (const f of describeFiles(h, 'user', platform)) expect(f, `${h.id}: ${f}`).toMatch(/^%(USERPROFILE|APPDATA|LOCALAPPDATA)%\\/);
        else for (const f of describeFiles(h, 'user', platform)) expect(f, `${h.id}: ${f}`).toMatch(/^~\//);
      }
    }
  });
});
