// Credentials with a recognisable shape (vendor prefixes), found anywhere in text: a bare `sk-…`
// argument, a `ghp_…` in a comment, an `AKIA…` in a diff line. Names of variables are never matched:
// only values with a vendor's documented prefix and enough random body to be a real key.
//
// Linear by construction: every alternative starts with a literal prefix and may only start where a
// run of token characters starts (the lookbehind), and its body is a BOUNDED character class with
// nothing after it but a class-disjoint literal or a negative lookahead, so a failed attempt costs at
// most the bound, and each run is started at most once per alternative.
import { REDACTED } from './marker.js';
import { NextIndex } from './next-index.js';

interface TokenFormat {
  /** Stable name, for tests and for callers that want to say what was found. */
  name: string;
  /** Regex source of the whole token (prefix + body). */
  source: string;
  /** Vendor keys are random: a long body without a digit is a slug ("sk-learn-contrib-…"), not a key. */
  needsDigit?: boolean;
}

// Bounded bodies: V8 keeps backtracking state per iteration of a quantifier, so an unbounded `{20,}`
// over a 4 MiB run of token characters is slow (~1 s) and can overflow its stack. No real key is
// longer than these bounds; a longer run is a blob, and only its head is redacted.
const BODY = 512;
const JWT_PART = 4096;

export const TOKEN_FORMATS: readonly TokenFormat[] = [
  { name: 'anthropic', source: `sk-ant-[A-Za-z0-9_-]{20,${BODY}}` },
  { name: 'openai', source: `sk-[A-Za-z0-9_-]{20,${BODY}}`, needsDigit: true },
  { name: 'stripe', source: `(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,${BODY}}` },
  { name: 'github', source: `gh[pousr]_[A-Za-z0-9]{20,${BODY}}` },
  { name: 'github-fine-grained', source: `github_pat_[A-Za-z0-9_]{20,${BODY}}` },
  { name: 'gitlab', source: `glpat-[A-Za-z0-9_-]{20,${BODY}}` },
  { name: 'slack', source: `xox[abposr]-[A-Za-z0-9-]{10,${BODY}}` },
  { name: 'slack-app', source: `xapp-[A-Za-z0-9-]{10,${BODY}}` },
  { name: 'aws-access-key-id', source: '(?:AKIA|ASIA)[0-9A-Z]{16}(?![A-Za-z0-9])' },
  { name: 'google-api-key', source: 'AIza[0-9A-Za-z_-]{35}(?![A-Za-z0-9_-])' },
  { name: 'npm', source: 'npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])' },
  { name: 'huggingface', source: `hf_[A-Za-z0-9]{30,${BODY}}` },
  { name: 'pypi', source: `pypi-[A-Za-z0-9_-]{50,${BODY}}` },
  { name: 'groq', source: `gsk_[A-Za-z0-9]{40,${BODY}}` },
  { name: 'perplexity', source: `pplx-[A-Za-z0-9]{32,${BODY}}` },
  { name: 'tavily', source: `tvly-[A-Za-z0-9_-]{20,${BODY}}` },
  { name: 'replicate', source: `r8_[A-Za-z0-9]{30,${BODY}}` },
  { name: 'figma', source: `figd_[A-Za-z0-9_-]{30,${BODY}}` },
  { name: 'linear', source: `lin_api_[A-Za-z0-9]{32,${BODY}}` },
  { name: 'notion', source: `ntn_[A-Za-z0-9]{32,${BODY}}` },
  { name: 'supabase', source: `sbp_[a-f0-9]{40,${BODY}}` },
  { name: 'sentry', source: `sntry[su]_[A-Za-z0-9_=-]{30,${BODY}}` },
  { name: 'digitalocean', source: 'do[opr]_v1_[a-f0-9]{64}' },
  { name: 'atlassian', source: `ATATT[A-Za-z0-9_=-]{30,${BODY}}` },
  { name: 'sendgrid', source: `SG\\.[A-Za-z0-9_-]{16,${BODY}}\\.[A-Za-z0-9_-]{16,${BODY}}` },
  { name: 'jwt', source: `eyJ[A-Za-z0-9_-]{8,${JWT_PART}}\\.eyJ[A-Za-z0-9_-]{8,${JWT_PART}}\\.[A-Za-z0-9_-]{8,${JWT_PART}}` },
];

// One pass for every format. The lookbehind: a token starts where a run of token characters starts
// ("xsk-…" is not an OpenAI key, and a run is never retried from each of its characters).
const KNOWN_TOKEN = new RegExp(`(?<![A-Za-z0-9_-])(?:${TOKEN_FORMATS.map((f) => f.source).join('|')})`, 'g');
const FORMAT_TESTS = TOKEN_FORMATS.map((f) => ({ ...f, re: new RegExp(`^(?:${f.source})`) }));

/** The format a matched token belongs to, or undefined when it fails its extra checks. */
function formatOf(token: string): TokenFormat | undefined {
  // Only a handful of tokens per text reach here, and each is tested by anchored, linear regexes.
  const format = FORMAT_TESTS.find((f) => f.re.test(token));
  if (!format) return undefined;
  if (format.needsDigit && !/[0-9]/.test(token.slice(3))) return undefined;
  return format;
}

// A PEM private key block; the body is found with indexOf, never by a regex that could rescan.
const PEM_BEGIN = /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY-----/g;
const PEM_END = '-----END';

function redactPem(text: string): string {
  if (!text.includes('PRIVATE KEY-----')) return text;
  const ends = [PEM_END, '"', "'", '`'].map((needle) => new NextIndex(text, needle));
  let out = '';
  let last = 0;
  PEM_BEGIN.lastIndex = 0;
  for (let m = PEM_BEGIN.exec(text); m; m = PEM_BEGIN.exec(text)) {
    const bodyStart = m.index + m[0].length;
    // The body ends at the END marker, or, without one, at the end of its string (a quote) or text.
    const end = ends[0]!.next(bodyStart);
    const quotes = ends.slice(1).map((n) => n.next(bodyStart)).filter((i) => i !== -1);
    const bodyEnd = end !== -1 ? end : quotes.length > 0 ? Math.min(...quotes) : text.length;
    if (bodyEnd > bodyStart) {
      out += text.slice(last, bodyStart) + REDACTED;
      last = bodyEnd;
    }
    PEM_BEGIN.lastIndex = bodyEnd;
  }
  return out + text.slice(last);
}

/** Replaces every known-format token (and PEM private key body) in `text` with REDACTED. */
export function redactKnownTokens(text: string): string {
  const replaced = text.replace(KNOWN_TOKEN, (token) => (formatOf(token) ? REDACTED : token));
  return redactPem(replaced);
}

/** True when `text` holds a token of a known vendor format, or a PEM private key (builds no string). */
export function containsKnownToken(text: string): boolean {
  const re = new RegExp(KNOWN_TOKEN.source, 'g');
  for (let m = re.exec(text); m; m = re.exec(text)) if (formatOf(m[0])) return true;
  PEM_BEGIN.lastIndex = 0;
  return text.includes('PRIVATE KEY-----') && PEM_BEGIN.test(text);
}
