// The environment for a real host CLI (or npx) run in isolation: a throw-away HOME with every XDG dir
// inside it, npm pointed at the local registry with a private cache, and the hosts' network/telemetry
// switches off. Shared by test/e2e and bench/ so both measure the same thing.
import path from 'node:path';

// Variables that would make a host or npm read the developer's real config, or a parent `npm test`'s
// settings (npm exports its whole config as npm_config_* to scripts, e.g. npm_config_registry).
const STRIP = [
  /^npm_/i,
  /^XDG_/,
  /^OPENCODE_/,
  /^CLAUDE_/,
  /^ANTHROPIC_/,
  /^CODEX_/,
  /^GEMINI_/,
  /^PATCHBAY_/,
  /^INIT_CWD$/,
  /^NODE_OPTIONS$/,
  /^VITEST/,
];

/**
 * @param {{home: string, registry?: string, npmCache?: string, extraPath?: string[], extra?: Record<string,string>}} o
 * @returns {Record<string,string>}
 */
export function sandboxEnv({ home, registry, npmCache, extraPath = [], extra = {} }) {
  /** @type {Record<string,string>} */
  const env = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v !== undefined && !STRIP.some((re) => re.test(k))) env[k] = v;
  }
  // Drop a parent npm script's node_modules/.bin dirs so only the tools we name are found.
  const inherited = (process.env.PATH ?? '').split(path.delimiter).filter((p) => p && !p.includes(`node_modules${path.sep}.bin`));
  Object.assign(env, {
    PATH: [...extraPath, ...inherited].join(path.delimiter),
    HOME: home,
    USERPROFILE: home,
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_DATA_HOME: path.join(home, '.local', 'share'),
    XDG_STATE_HOME: path.join(home, '.local', 'state'),
    XDG_CACHE_HOME: path.join(home, '.cache'),
    PATCHBAY_STATE_DIR: path.join(home, '.local', 'state', 'patchbay'),
    NO_COLOR: '1',
    // npm / npx
    npm_config_update_notifier: 'false',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_userconfig: path.join(home, '.npmrc'),
    // OpenCode
    OPENCODE_DISABLE_MODELS_FETCH: '1',
    OPENCODE_DISABLE_AUTOUPDATE: '1',
    // Claude Code
    DISABLE_AUTOUPDATER: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    // A wrong entry should fail in seconds, not after the hosts' 30 s default.
    MCP_TIMEOUT: '20000',
  });
  if (registry) env.npm_config_registry = registry;
  if (npmCache) env.npm_config_cache = npmCache;
  return Object.assign(env, extra);
}

/** Host CLIs colour their output even with NO_COLOR and no TTY (OpenCode always emits ESC[90m). */
export function stripAnsi(text) {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');
}
