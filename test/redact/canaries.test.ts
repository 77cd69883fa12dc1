// Every form in which a secret reached an answer (audit item 3), as a table: the input, the canary
// that must disappear, and the names that must stay visible. Each row runs through the function that
// handles that shape in production (args → redactArgs, URLs → redactUrl, comments and diff lines →
// redactText, whole files → redactConfigText).
import { describe, expect, it } from 'vitest';
import { REDACTED, redactArgs, redactConfigText, redactText, redactUrl, redactValue } from '../../src/redact.js';

interface Row {
  form: string;
  redact: () => string;
  canary: string;
  visible: string[];
}

const rows: Row[] = [
  // a bare positional vendor token in args
  { form: 'bare sk- token in args', redact: () => redactArgs(['-y', 'tool', 'sk-proj-CANARYa1b2c3d4e5f6g7h8i9']).join(' '), canary: 'CANARYa1b2c3', visible: ['-y', 'tool'] },
  { form: 'bare sk-ant- token in args', redact: () => redactArgs(['sk-ant-api03-CANARYzz9y8x7w6v5u4t3']).join(' '), canary: 'CANARYzz9y8', visible: [] },
  // values after secret-named flags, every separator
  { form: '--key V', redact: () => redactArgs(['--key', 'CANARY-KEY-1a2b']).join(' '), canary: 'CANARY-KEY-1a2b', visible: ['--key'] },
  { form: '--api-key V (one argument)', redact: () => redactText('run --api-key CANARY-APIKEY-77'), canary: 'CANARY-APIKEY-77', visible: ['--api-key'] },
  { form: '--token=V', redact: () => redactArgs(['--token=CANARY-EQ-3c4d']).join(' '), canary: 'CANARY-EQ-3c4d', visible: ['--token='] },
  { form: '--secret:V', redact: () => redactArgs(['--secret:CANARY-COLON-5e6f']).join(' '), canary: 'CANARY-COLON-5e6f', visible: ['--secret:'] },
  { form: 'TOKEN:V', redact: () => redactArgs(['TOKEN:CANARY-TOKCOLON-7a8b']).join(' '), canary: 'CANARY-TOKCOLON-7a8b', visible: ['TOKEN:'] },
  { form: 'API_KEY=V (docker -e)', redact: () => redactArgs(['-e', 'API_KEY=CANARY-DOCKER-9c0d']).join(' '), canary: 'CANARY-DOCKER-9c0d', visible: ['API_KEY='] },
  { form: '--password V with V looking like a flag value', redact: () => redactArgs(['--password', 'CANARY pass phrase']).join(' '), canary: 'CANARY pass', visible: ['--password'] },
  // comments
  { form: '// token: V', redact: () => redactText('  // token: CANARY-CMT-1111'), canary: 'CANARY-CMT-1111', visible: ['// token:'] },
  { form: '// ghp_…', redact: () => redactText('  // old: ghp_CANARY0123456789abcdefghijklmnop'), canary: 'CANARY0123456789', visible: ['// old:'] },
  { form: "// curl -H 'X-Api-Key: V'", redact: () => redactText("  // curl -H 'X-Api-Key: CANARY-CURL-2222' https://api.example.com"), canary: 'CANARY-CURL-2222', visible: ['X-Api-Key:', 'https://api.example.com'] },
  { form: '// Authorization: Bearer V', redact: () => redactText('  // Authorization: Bearer CANARY-BEARER-3333'), canary: 'CANARY-BEARER-3333', visible: ['Authorization: Bearer'] },
  { form: '# api_key = V (TOML comment)', redact: () => redactText('# api_key = "CANARY-TOML-4444"'), canary: 'CANARY-TOML-4444', visible: ['api_key'] },
  { form: '/* password=V */', redact: () => redactText('/* password=CANARY-BLOCK-5555 */'), canary: 'CANARY-BLOCK-5555', visible: ['password='] },
  // diff context lines (the plan tool's diff: " ", "-", "+" prefixes)
  { form: 'diff context line with a quoted secret pair', redact: () => redactText('   "clientSecret": "CANARY-CTX-6666",'), canary: 'CANARY-CTX-6666', visible: ['"clientSecret"'] },
  { form: 'diff removed line with key: value in a comment', redact: () => redactText('-  // signing_key: CANARY-DEL-7777'), canary: 'CANARY-DEL-7777', visible: ['signing_key:'] },
  // webhooks: every segment is short, together they are the secret
  { form: 'Slack webhook, segments < 20 chars', redact: () => redactUrl('https://hooks.slack.com/services/T0CANARY1/B0CANARY2/CANARYwh3x'), canary: 'CANARY', visible: ['https://hooks.slack.com/services/'] },
  { form: 'Discord webhook', redact: () => redactUrl('https://discord.com/api/webhooks/1234567890/CANARY-disc0rd'), canary: 'CANARY', visible: ['https://discord.com/api/webhooks/'] },
  { form: 'webhook URL inside text', redact: () => redactText('"url": "https://hooks.example.com/T0AB/B0CD/CANARY9z"'), canary: 'CANARY9z', visible: ['"url"', 'hooks.example.com'] },
  // vendor formats anywhere in text
  { form: 'AWS access key id in prose', redact: () => redactText('key AKIACANARY0123456789 here'), canary: 'AKIACANARY0123456789', visible: ['key', 'here'] },
  { form: 'Google API key', redact: () => redactText('AIzaCANARY_0123456789abcdefghijklmnopqr'), canary: 'CANARY_0123', visible: [] },
  { form: 'npm token', redact: () => redactText('//registry.npmjs.org/:_authToken=npm_CANARY0123456789abcdefghijklmnopqrstu'), canary: 'CANARY0123', visible: ['_authToken='] },
  { form: 'GitLab token', redact: () => redactText('glpat-CANARY0123456789abcd'), canary: 'CANARY0123', visible: [] },
  { form: 'Slack bot token', redact: () => redactText('xoxb-1234-CANARY-abcdef'), canary: 'CANARY', visible: [] },
  { form: 'GitHub fine-grained PAT', redact: () => redactText('github_pat_11CANARY0123456789abcdefghij'), canary: 'CANARY0123', visible: [] },
];

describe('every form of secret seen in an answer is redacted, names stay visible', () => {
  for (const row of rows) {
    it(row.form, () => {
      const out = row.redact();
      expect(out).not.toContain(row.canary);
      expect(out).toContain(REDACTED);
      for (const name of row.visible) expect(out).toContain(name);
    });
  }

  it('a whole JSONC host file: comments, args, webhook URL and env values', () => {
    const file = `{
  // token: CANARY-FILE-1
  // curl -H 'X-Api-Key: CANARY-FILE-2'
  "mcpServers": {
    "a": { "command": "npx", "args": ["-y", "a-mcp", "sk-proj-CANARYfile3abcdefghij12345", "--key", "CANARY-FILE-4", "--secret:CANARY-FILE-5"] },
    "hook": { "url": "https://hooks.slack.com/services/T0FILE6/B0FILE7/CANARYfile8" },
    "e": { "command": "srv", "env": { "ANYTHING": "CANARY-FILE-9" } }
  }
}
`;
    const out = redactConfigText(file);
    expect(out).not.toMatch(/CANARY|FILE6|FILE7/);
    for (const name of ['// token:', 'X-Api-Key:', '"--key"', '--secret:', '"ANYTHING"', '"command": "npx"', 'hooks.slack.com']) expect(out).toContain(name);
    // Layout is kept line for line (diffs of redacted files line up with the real ones).
    expect(out.split('\n')).toHaveLength(file.split('\n').length);
  });

  it('leaves ordinary configuration alone', () => {
    for (const plain of [
      '"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/home/me/project"]',
      'uvx mcp-server-git==2025.1.14 --repository .',
      'docker run -i --rm mcp/postgres@sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      '"env": { "GITHUB_TOKEN": "${env:GITHUB_TOKEN}" }',
      '"Authorization": "Bearer ${GITHUB_TOKEN}"',
      'https://api.githubcopilot.com/mcp/',
      'the token expired; pass a new one',
    ]) {
      expect(redactText(plain), plain).toBe(plain);
    }
  });
});

describe('structural redaction of JSON host files', () => {
  it('blanks by position: env/headers subtrees (also arrays in them), secret keys, argv values across lines', () => {
    const file = `{
  "mcpServers": {
    "a": {
      "command": "srv",
      "args": [
        "--port", "8080",
        "--token",
        "CANARY-S1"
      ],
      "env": { "LIST": ["CANARY-S2", "CANARY-S3"], "NESTED": { "DEEP": "CANARY-S4" } },
      "headers": "CANARY-S5",
      "clientSecret": "CANARY-S6",
      "mixed": ["--token", 1, "kept-because-not-argv"]
    }
  }
}
`;
    const out = redactConfigText(file);
    expect(out).not.toMatch(/CANARY/);
    for (const kept of ['"--port", "8080"', '"--token"', '"LIST"', '"DEEP"', '"kept-because-not-argv"', '"command": "srv"']) expect(out).toContain(kept);
    expect(out.split('\n')).toHaveLength(file.split('\n').length);
  });
});

describe('a value that only names a secret is shown as it is (the reference is what a diff must show)', () => {
  const shown = ['Bearer ${env:GITHUB_TOKEN}', 'Bearer ${GITHUB_TOKEN}', 'Bearer {env:GITHUB_TOKEN}', '${env:API_KEY}', '${API_KEY}', '{env:API_KEY}', 'token ${GH}'];
  const hidden = [
    'Bearer CANARY-ghp-literal-token',
    '$CANARYpassword', // a bare $word may be a password that starts with `$`
    'Bearer ${env:GITHUB_TOKEN} CANARY-extra',
    '${CANARY not a name}',
    'CANARY-prefix ${env:X}',
    'Bearer ${env:X}${CANARY}', // two references glued: not one name
  ];
  it('in a JSON host file (the diff side)', () => {
    for (const value of shown) {
      const out = redactConfigText(JSON.stringify({ mcpServers: { a: { url: 'https://x.example/mcp', headers: { Authorization: value }, env: { K: value } } } }, null, 2));
      expect(out.split(JSON.stringify(value)).length - 1, out).toBe(2);
    }
    for (const value of hidden) {
      const out = redactConfigText(JSON.stringify({ mcpServers: { a: { headers: { Authorization: value }, env: { K: value }, apiKey: value } } }, null, 2));
      expect(out, value).not.toMatch(/CANARY/);
    }
  });
  it('in a parsed value (list, status)', () => {
    for (const value of shown) expect(redactValue({ headers: { Authorization: value }, token: value })).toEqual({ headers: { Authorization: value }, token: value });
    for (const value of hidden) expect(JSON.stringify(redactValue({ headers: { Authorization: value }, env: { K: value }, token: value })), value).not.toMatch(/CANARY/);
  });
});
