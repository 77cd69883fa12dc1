// Secrets by reference, enforced: a literal value that looks like a secret, bound for a PROJECT file
// (one people commit), is refused; `${env:NAME}` is the way (each host renders it in its own syntax).
// `--allow-literal-secrets` overrides. User-scope literals are written (the user's own file) but
// never printed: every output goes through the redactor.
import { isSecretKeyName } from '../../redact.js';
import { hasReference } from '../../servers/env-ref.js';
import type { ServerSpec } from '../../servers/spec.js';

/** Known token formats: OpenAI/Anthropic, GitHub, GitLab, Slack, AWS, Google, npm. */
const TOKEN = /\b(?:sk-(?:ant-)?[A-Za-z0-9_-]{16,}|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|glpat-[A-Za-z0-9_-]{16,}|xox[abpr]-[A-Za-z0-9-]{10,}|AKIA[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{30,}|npm_[A-Za-z0-9]{30,})\b/;

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
      if (secretKey || TOKEN.test(value)) found.push({ where: `${kind}.${key}` });
    }
  };
  if ('url' in spec) check('headers', spec.headers);
  else check('env', spec.env);
  const args = 'url' in spec ? [] : (spec.args ?? []);
  args.forEach((arg, i) => {
    if (!hasReference(arg) && TOKEN.test(arg)) found.push({ where: `args[${i}]` });
  });
  return found;
}
