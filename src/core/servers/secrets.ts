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
  if ('url' in spec) check('headers', spec.headers);
  else check('env', spec.env);
  const args = 'url' in spec ? [] : (spec.args ?? []);
  args.forEach((arg, i) => {
    if (!hasReference(arg) && isSecretLikeValue(arg)) found.push({ where: `args[${i}]` });
  });
  return found;
}
