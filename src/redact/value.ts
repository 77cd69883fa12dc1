// redactValue: a JSON value (a parsed entry, a report) deep-redacted: secret-key values and every
// string of an env/headers container, and redactText over every other string.
import { isSecretKeyName, SECRET_CONTAINER_KEYS } from './key-names.js';
import { REDACTED } from './marker.js';
import { redactText } from './text.js';
import { isShownReference } from './reference.js';

export function redactValue<T>(value: T): T {
  return redactDeep(value, false) as T;
}

function redactDeep(value: unknown, insideContainer: boolean): unknown {
  if (typeof value === 'string') return insideContainer && !isShownReference(value) ? REDACTED : redactText(value);
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, insideContainer));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      const container = SECRET_CONTAINER_KEYS.has(key.toLowerCase()) && v !== null && typeof v === 'object' && !Array.isArray(v);
      if (typeof v === 'string' && (insideContainer || isSecretKeyName(key)) && !isShownReference(v)) out[key] = REDACTED;
      else out[key] = redactDeep(v, insideContainer || container);
    }
    return out;
  }
  return value;
}
