// A ~/.claude.json the size long-time Claude Code users have (tens of MB): Claude Code keeps one
// `projects` entry per folder it was ever started in, with prompt history, counters and trust flags,
// and rewrites the whole file as JSON.stringify(value, null, 2). Deterministic for a given size.
// Used by bench/user-file-56mb.mjs.

/** Deterministic PRNG (xorshift32): the same bytes on every run and machine. */
function prng(seed) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 0x100000000;
  };
}

const VOCAB = [
  'please', 'refactor', 'the', 'parser', 'so', 'it', 'keeps', 'comments', 'run', 'npm', 'test', 'and', 'fix', 'what', 'fails',
  'why', 'is', 'this', 'query', 'slow', 'add', 'a', '--dry-run', 'flag', 'rename', 'helper', 'update', 'imports', 'explain',
  'café', 'naïve', '“smart quotes”', '— dash', '✓', '🚀', 'C:\\Users\\dev\\src', '"quoted"', 'tab\there', 'line\nbreak',
];

function words(next, n) {
  let s = '';
  for (let i = 0; i < n; i++) s += (i ? ' ' : '') + VOCAB[Math.floor(next() * VOCAB.length)];
  return s;
}

function hex(next, n) {
  let s = '';
  for (let i = 0; i < n; i++) s += '0123456789abcdef'[Math.floor(next() * 16)];
  return s;
}

function project(next, i) {
  const history = [];
  const entries = 8 + Math.floor(next() * 12);
  for (let h = 0; h < entries; h++) {
    const item = { display: words(next, 10 + Math.floor(next() * 40)), pastedContents: {} };
    if (next() < 0.15) item.pastedContents = { 1: { id: 1, type: 'text', content: words(next, 30 + Math.floor(next() * 60)) } };
    history.push(item);
  }
  const entry = {
    allowedTools: next() < 0.3 ? ['Bash(npm test:*)', 'Edit', 'Read(//tmp/**)'] : [],
    history,
    mcpContextUris: [],
    mcpServers: {},
    enabledMcpjsonServers: [],
    disabledMcpjsonServers: [],
    hasTrustDialogAccepted: next() < 0.8,
    projectOnboardingSeenCount: Math.floor(next() * 5),
    hasClaudeMdExternalIncludesApproved: false,
    hasClaudeMdExternalIncludesWarningShown: false,
    lastCost: Math.round(next() * 1e6) / 1e4,
    lastAPIDuration: Math.floor(next() * 1e6),
    lastDuration: Math.floor(next() * 1e7),
    lastLinesAdded: Math.floor(next() * 500),
    lastLinesRemoved: Math.floor(next() * 300),
    lastTotalInputTokens: Math.floor(next() * 1e6),
    lastTotalOutputTokens: Math.floor(next() * 1e5),
    lastSessionId: `${hex(next, 8)}-${hex(next, 4)}-4${hex(next, 3)}-8${hex(next, 3)}-${hex(next, 12)}`,
    exampleFiles: ['src/index.ts', 'src/cli/main.ts', 'README.md'].slice(0, 1 + Math.floor(next() * 3)),
  };
  if (i % 50 === 0) entry.mcpServers = { github: { type: 'http', url: 'https://api.githubcopilot.com/mcp/', headers: { Authorization: 'Bearer ${GITHUB_TOKEN}' } } };
  return entry;
}

function document(count) {
  const next = prng(0xc1a0de);
  const projects = {};
  for (let i = 0; i < count; i++) projects[`/home/dev/src/${['work', 'oss', 'scratch'][i % 3]}/project-${i}`] = project(next, i);
  const value = {
    numStartups: 1843,
    installMethod: 'npm-global',
    autoUpdates: true,
    tipsHistory: { 'new-user-warmup': 7, 'memory-command': 1912, 'theme-command': 1920 },
    userID: hex(next, 64),
    firstStartTime: '2025-02-24T10:11:12.000Z',
    projects,
    mcpServers: { memory: { type: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], env: {} } },
    oauthAccount: { accountUuid: hex(next, 32), emailAddress: 'dev@example.com', organizationUuid: hex(next, 32) },
    hasCompletedOnboarding: true,
    lastOnboardingVersion: '2.1.332',
  };
  // Claude Code writes 2-space indented JSON without a final newline.
  return JSON.stringify(value, null, 2);
}

/** The file's text, `targetBytes` of UTF-8 give or take a percent. */
export function generateClaudeJson(targetBytes) {
  const sample = 200;
  const perProject = (Buffer.byteLength(document(sample)) - Buffer.byteLength(document(0))) / sample;
  const base = Buffer.byteLength(document(0));
  let count = Math.max(1, Math.round((targetBytes - base) / perProject));
  let text = document(count);
  const bytes = Buffer.byteLength(text);
  // The sample's average is only an estimate: one correction when it missed by more than 1%.
  if (Math.abs(bytes - targetBytes) > targetBytes / 100) {
    count = Math.max(1, Math.round((count * (targetBytes - base)) / (bytes - base)));
    text = document(count);
  }
  return text;
}
