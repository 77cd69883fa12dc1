// isSecretLikeValue: the predicate the any-server feature will use to refuse literal secrets bound
// for committed project files, and the redactor's own rules. Known formats, references, and the
// high-entropy heuristic's two sides: random keys it must catch, identifiers it must not.
import { describe, expect, it } from 'vitest';
import { TOKEN_FORMATS, isSecretLikeValue, redactText } from '../../src/redact.js';

/** One real-shaped sample per vendor format (fake values). A new format without a sample fails below. */
const SAMPLES: Record<string, string> = {
  anthropic: 'sk-ant-api03-Zx8vQ2mN4pL6rT1yU3iO5aS7dF9gH',
  openai: 'sk-proj-4fJ9kL2mN8pQ1rS5tU7vW3xY6zA0bC',
  stripe: 'sk_live_51Hq2kL9mN3pQ7rS1tU5v',
  github: 'ghp_1a2B3c4D5e6F7g8H9i0J1k2L3m4N5o6P7q8R',
  'github-fine-grained': 'github_pat_11ABCDEFG0123456789_abcdefghijklmnop',
  gitlab: 'glpat-xY9zA8bC7dE6fG5hI4jK',
  slack: 'xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOp',
  'slack-app': 'xapp-1-A0123456789-1234567890123-abc',
  'aws-access-key-id': 'AKIAIOSFODNN7EXAMPLE',
  'google-api-key': 'AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q',
  npm: 'npm_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8',
  huggingface: 'hf_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7',
  pypi: 'pypi-AgEIcHlwaS5vcmcCJDEyMzQ1Njc4LTEyMzQtMTIzNC0xMjM0LTEyMzQ1Njc4OTAxMg',
  groq: 'gsk_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8s9T0',
  perplexity: 'pplx-a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8',
  tavily: 'tvly-dev-a1B2c3D4e5F6g7H8i9J0',
  replicate: 'r8_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R',
  figma: 'figd_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8',
  linear: 'lin_api_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8',
  notion: 'ntn_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8',
  supabase: 'sbp_0123456789abcdef0123456789abcdef01234567',
  sentry: 'sntrys_eyJpYXQiOjE3MDAwMDAwMDAuMDAwMDAwLCJ1cmwiOiJodHRwcw',
  digitalocean: 'dop_v1_0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
  atlassian: 'ATATT3xFfGF0a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6',
  sendgrid: 'SG.a1B2c3D4e5F6g7H8i9J0kL.m1N2o3P4q5R6s7T8u9V0w1X2y3Z4',
  jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
};

describe('isSecretLikeValue', () => {
  it('has a sample for every known token format, and each is caught alone and inside text', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(TOKEN_FORMATS.map((f) => f.name).sort());
    for (const [name, sample] of Object.entries(SAMPLES)) {
      expect(isSecretLikeValue(sample), name).toBe(true);
      expect(isSecretLikeValue(`Bearer ${sample}`), `${name} after Bearer`).toBe(true);
      expect(redactText(`x ${sample} y`), name).toBe('x <redacted> y');
    }
  });

  it('catches literal credentials in header and URL values, and PEM keys', () => {
    for (const yes of [
      'Bearer abcdefgh12345678',
      'Basic dXNlcjpwYXNzd29yZA==',
      'https://alice:hunter2@db.example.com/x',
      'https://api.example.com/mcp?api_key=abc',
      '-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----',
      'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    ]) {
      expect(isSecretLikeValue(yes), yes).toBe(true);
    }
  });

  it('does not flag references, which name a secret instead of holding it', () => {
    for (const ref of ['${env:GITHUB_TOKEN}', '${GITHUB_TOKEN}', '{env:GITHUB_TOKEN}', '$GITHUB_TOKEN', '%GITHUB_TOKEN%', 'Bearer ${env:GITHUB_TOKEN}', 'https://api.example.com/mcp?token=${env:T}']) {
      expect(isSecretLikeValue(ref), ref).toBe(false);
    }
  });

  it('does not flag what people put in configs', () => {
    for (const plain of [
      '', 'npx', 'prod', '--yes', '@modelcontextprotocol/server-filesystem', 'mcp-server-git==2025.1.14', '/home/me/project',
      'https://api.githubcopilot.com/mcp/', 'mcp/postgres@sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', '550e8400-e29b-41d4-a716-446655440000',
      'ServerMain2024BuildScript', 'MyAwesomeServerV2Release3', 'AppleWebKit537Safari', 'x86_64-unknown-linux-gnu',
      'GITHUB_PERSONAL_ACCESS_TOKEN', 'ghcr.io/github/github-mcp-server', 'Win64X64Build2022Release', 'OAuth2ClientCredentialsFlow',
      'K8sClusterAutoscalerV1Beta1', 'sk-learn-contrib-mcp-server', '<redacted>',
    ]) {
      expect(isSecretLikeValue(plain), plain).toBe(false);
    }
    // Known false positive, accepted: short-word CamelCase with digits switches class as often as a
    // random key ("GetUserProfileByIdV2Handler"). Over-redaction only; the refusal has an override.
  });

  it('catches randomly generated keys without a vendor prefix (seeded sample)', () => {
    // xorshift32: the same "random" keys on every run.
    let state = 0x2545f491;
    const next = () => {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      return (state >>> 0) / 2 ** 32;
    };
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    const key = (n: number) => Array.from({ length: n }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
    for (const [length, minShare] of [
      [24, 0.95],
      [32, 0.98],
      [40, 0.99],
    ] as const) {
      const caught = Array.from({ length: 1000 }, () => key(length)).filter(isSecretLikeValue).length;
      expect(caught / 1000, `${length}-char keys`).toBeGreaterThanOrEqual(minShare);
    }
  });
});
