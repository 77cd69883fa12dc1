// Printing one scalar so that every YAML reader gets back exactly our value. Strings are plain when
// that is safe and double-quoted otherwise. "Safe" is decided twice: a conservative shape check (no
// indicator first, no `: ` or ` #`, printable, one line, no surrounding spaces) and then the `yaml`
// package itself must read the plain text back as this very string, in the context it will sit in,
// under both YAML 1.1 (where yes/on/y, 1:20, 017 and 2001-12-14 are not strings) and YAML 1.2.
// Goose reads with a Rust YAML library and Continue with `yaml`; a string both schemas agree on is
// one neither host can misread.
import { parse } from 'yaml';

export type ScalarValue = string | number | boolean | null;

/** Where the scalar goes: decides which characters a plain scalar may hold. */
export type ScalarContext = 'block-key' | 'block-value' | 'flow-key' | 'flow-value';

export function printScalar(value: ScalarValue, context: ScalarContext): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return printNumber(value);
  return plainIsSafe(value, context) ? value : doubleQuoted(value);
}

function printNumber(n: number): string {
  if (Number.isNaN(n)) return '.nan';
  if (!Number.isFinite(n)) return n > 0 ? '.inf' : '-.inf';
  if (Object.is(n, -0)) return '-0';
  const s = String(n);
  // YAML 1.1 reads an exponent only after a decimal point: 1.0e+21, not 1e+21 (a string there).
  return s.includes('e') && !s.includes('.') ? s.replace('e', '.0e') : s;
}

const NON_PRINTABLE = /[\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function plainIsSafe(s: string, context: ScalarContext): boolean {
  if (s === '' || /^\s|\s$/.test(s) || NON_PRINTABLE.test(s)) return false;
  // Indicators cannot start a plain scalar; `-` can, before a non-space (`-y`, `--stdio`).
  if (/^[?:,[\]{}#&*!|>'"%@`]/.test(s) || /^-(\s|$)/.test(s)) return false;
  if (/: |\s#|:$/.test(s)) return false;
  if (context.startsWith('flow') && /[,[\]{}]/.test(s)) return false;
  return (['1.1', '1.2'] as const).every((version) => readsBack(s, context, version));
}

const PROBES: Record<ScalarContext, { text: (s: string) => string; holds: (parsed: unknown, s: string) => boolean }> = {
  // mapAsMap keeps key types: `1: x` has the number 1 as key, which a plain object would hide.
  'block-key': { text: (s) => `${s}: 0`, holds: (m, s) => m instanceof Map && m.size === 1 && m.get(s) === 0 },
  'block-value': { text: (s) => `k: ${s}`, holds: (m, s) => m instanceof Map && m.get('k') === s },
  'flow-key': { text: (s) => `{${s}: 0}`, holds: (m, s) => m instanceof Map && m.size === 1 && m.get(s) === 0 },
  'flow-value': { text: (s) => `[${s}]`, holds: (a, s) => Array.isArray(a) && a.length === 1 && a[0] === s },
};

function readsBack(s: string, context: ScalarContext, version: '1.1' | '1.2'): boolean {
  const probe = PROBES[context];
  try {
    return probe.holds(parse(probe.text(s), { version, mapAsMap: true, logLevel: 'error' }), s);
  } catch {
    // A syntax error or a value that cannot be built (`<<` is a merge key in 1.1): not plain.
    return false;
  }
}

const ESCAPES: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A double-quoted scalar: one line, every non-printable character escaped. */
function doubleQuoted(s: string): string {
  const special = new RegExp(`["\\\\]|${NON_PRINTABLE.source}`, 'g');
  return '"' + s.replace(special, (c) => ESCAPES[c] ?? '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0')) + '"';
}
