// Host ids as users type them (--host, MCP inputs), checked against the catalog. Import-light on
// purpose: the argv parser runs it before any command module is loaded.
import { PatchbayError } from '../errors.js';
import { HOST_IDS, PLANNED_HOST_IDS } from '../installers/catalog-data.js';
import type { HostId } from '../installers/types.js';
import { closest } from './suggest.js';

/** Validates host ids against the catalog: a typo gets "did you mean", a known-but-unsupported host says so. */
export function validateHosts(ids: readonly string[]): HostId[] {
  const planned = ids.filter((id) => PLANNED_HOST_IDS.includes(id));
  if (planned.length > 0) {
    throw new PatchbayError(
      'unsupported-host',
      `${planned.map((u) => `'${u}'`).join(', ')} ${planned.length === 1 ? 'is a host' : 'are hosts'} patchbay knows but does not support yet; supported: ${HOST_IDS.join(', ')}.`,
      { hint: `Leave ${planned.join(', ')} out of --host, or add the entry by hand for now.` },
    );
  }
  const unknown = ids.filter((id) => !HOST_IDS.includes(id));
  if (unknown.length > 0) {
    const guess = unknown.length === 1 ? closest(unknown[0] as string, [...HOST_IDS, ...PLANNED_HOST_IDS]) : undefined;
    throw new PatchbayError(
      'unknown-host',
      `Unknown host ${unknown.map((u) => `'${u}'`).join(', ')}: valid host ids are ${HOST_IDS.join(', ')}.${guess ? ` Did you mean '${guess}'?` : ''}`,
      { hint: `Pass --host with a comma-separated list of: ${HOST_IDS.join(', ')}.` },
    );
  }
  return [...new Set(ids)];
}
