// Secrets by reference, enforced: a literal value that looks like a secret, bound for a PROJECT file
// (one people commit), is refused; `${env:NAME}` is the way (each host renders it in its own syntax).
// `--allow-literal-secrets` overrides. User-scope literals are written (the user's own file) but
// never printed: every output goes through the redactor.
import { isSecretKeyName, isSecretLikeValue } from '../../redact.js';
import { hasReference } from '../../servers/env-ref.js';
import type { ServerSpec } from '../../servers/spec.js';


export interface LiteralSecret {
  /** `env.GITHUB_TOKEN` or `headers.Authorization` — names only, never the value. */
  where: string;
}

/** Literal (non-reference) values of a spec that look like secrets, by where they are. */
export function literalSecrets(spec: ServerSpec): LiteralSecret[] {
  const found: LiteralSecret[] = [];
  const check = (kind: 'env' | 'headers', map: Record<string, string> | undefined) => {
    for (const [key, value] of Object.entries(map ?? {})) {
      if (value === '' || hasReference(value)) continue;
      const secretKey = isSecretKeyName(key) || (kind === 'headers' && /^(authorization|proxy-authorization|cookie)$/i.test(key));
      // The redactor's own rules decide what looks like a secret: what it would hide, we refuse to commit.
      if (secretKey || isSecretLikeValue(value)) found.push({ where: `${kind}.${key}` });
    }
  };
  if ('url' in spec) {
    check('headers', spec.headers);
    found.push(...urlSecrets(spec.url));
  }
  else check('env', spec.env);
  const args = 'url' in spec ? [] : (spec.args ?? []);
  args.forEach((arg, i) => {
    if (!hasReference(arg) && isSecretLikeValue(arg)) found.push({ where: `args[${i}]` });
  });
  return found;
}

/**
 * A URL carries secrets in two places: its credentials (`https://user:pass@…`) and its query
 * (`?api_key=sk-…`, `?token=…`). Either, when a literal, is a secret committed with the project file.
 */
function urlSecrets(url: string): LiteralSecret[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return []; // not a URL: the validator refuses it
  }
  const found: LiteralSecret[] = [];
  const literal = (value: string) => value !== '' && !hasReference(decodeURIComponentSafe(value));
  if (literal(parsed.password) || (literal(parsed.username) && parsed.password === '' && isSecretLikeValue(decodeURIComponentSafe(parsed.username)))) {
    found.push({ where: 'url (credentials)' });
  }
  for (const [key, value] of parsed.searchParams) {
    if (value === '' || hasReference(value)) continue;
    if (isSecretKeyName(key) || isSecretLikeValue(value)) found.push({ where: `url (query parameter ${key})` });
  }
  return found;
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
