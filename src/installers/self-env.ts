// Env for patchbay's OWN entry, from the internal variable PATCHBAY_SELF_ENV: a JSON object of env
// values (literals or `${env:NAME}` references), rendered into every host's entry through the normal
// env path (Codex: `env_vars` / `[mcp_servers.patchbay.env]`). It exists for the e2e tests: Codex
// starts servers with a fixed environment, so `npx` inside it does not see the sandbox's
// `npm_config_registry` unless the entry forwards it. Not a user feature (not in --help): people who
// need env on a server use the manifest's servers. Unset: {} — the entry is exactly 0.2's.
import type { StringMap } from '../servers/spec.js';

export const SELF_ENV_VARIABLE = 'PATCHBAY_SELF_ENV';

export function selfEnv(env: Readonly<Record<string, string | undefined>>): StringMap {
  const raw = env[SELF_ENV_VARIABLE];
  if (raw === undefined || raw === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed) || !Object.values(parsed).every((v) => typeof v === 'string')) {
    throw new Error(`${SELF_ENV_VARIABLE} must be a JSON object of strings, e.g. {"npm_config_registry":"\${env:npm_config_registry}"}`);
  }
  return parsed as StringMap;
}
