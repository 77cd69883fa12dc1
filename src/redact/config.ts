// redactConfigText: a whole host configuration file, for diffs. JSON/JSONC is redacted structurally
// (every string of an env/headers object, every value of a secret-looking key, argv flags), keeping
// every other byte, so the two sides of a diff redact the same way and the diff stays patchbay's own
// change; TOML env/headers tables likewise. Then redactText over everything, for what structure
// cannot see (comments, URLs in args, a file the parser could not read).
import { checkDepth, MAX_NESTING } from '../installers/jsonc/depth.js';
import { applyEdits, secretStringEdits } from './json-structure.js';
import { SECRET_CONTAINER_KEYS } from './key-names.js';
import { REDACTED } from './marker.js';
import { redactText } from './text.js';

function redactJsonStructure(text: string): string {
  // Too deep for the (recursive) parser: left to the text pass (the installers refuse the file).
  if (checkDepth(text, MAX_NESTING)) return text;
  try {
    return applyEdits(text, secretStringEdits(text));
  } catch {
    return text; // a structure we cannot read is covered by the text pass
  }
}

const TOML_TABLE = /^\s{0,64}\[\[?\s{0,64}[A-Za-z_"']/;
const TOML_INLINE_SECRET_TABLE = /^(\s{0,64}(?:env|headers|http_headers)\s{0,64}=\s{0,64}\{)/i;

/** TOML: every `key = value` inside an `[...env]` / `[...headers]` table, or an inline env = {…}. */
function redactTomlTables(text: string): string {
  let inSecretTable = false;
  return text
    .split('\n')
    .map((line) => {
      const trimmed = line.trimStart();
      if (trimmed.startsWith('[')) {
        const close = trimmed.indexOf(']');
        let open = 0;
        while (trimmed[open] === '[') open++;
        const name = trimmed.slice(open, close === -1 ? trimmed.length : close);
        const last = (name.split('.').pop() ?? '').replace(/["'\s]/g, '').toLowerCase();
        inSecretTable = SECRET_CONTAINER_KEYS.has(last);
        return line;
      }
      const eq = line.indexOf('=');
      if (inSecretTable) {
        if (eq <= 0 || trimmed === '' || trimmed.startsWith('#')) return line;
        return `${line.slice(0, eq + 1)} "${REDACTED}"`;
      }
      const inline = TOML_INLINE_SECRET_TABLE.exec(line);
      const close = line.lastIndexOf('}');
      if (!inline || close < inline[1]!.length) return line;
      return `${inline[1]}${redactInlineValues(line.slice(inline[1]!.length, close))}${line.slice(close)}`;
    })
    .join('\n');
}

/** `A = "x", B = 'y', C = 3` → every value REDACTED; one pass, quotes found with indexOf from later positions only. */
function redactInlineValues(body: string): string {
  let out = '';
  let i = 0;
  for (let eq = body.indexOf('=', i); eq !== -1; eq = body.indexOf('=', i)) {
    let start = eq + 1;
    while (body[start] === ' ' || body[start] === '\t') start++;
    let end: number;
    const q = body[start];
    if (q === '"' || q === "'") {
      const close = body.indexOf(q, start + 1);
      end = close === -1 ? body.length : close + 1;
    } else {
      const comma = body.indexOf(',', start);
      end = comma === -1 ? body.length : comma;
    }
    out += `${body.slice(i, eq)}= "${REDACTED}"`;
    i = end;
  }
  return out + body.slice(i);
}

function looksLikeToml(trimmed: string): boolean {
  return TOML_TABLE.test(trimmed) && !/^\[\s{0,64}"[^"\n]{0,1024}"\s{0,64}[,\]]/.test(trimmed);
}

/**
 * The structural half alone: values that are secrets because of where they sit, blanked in place
 * (same lines, same layout). For callers that run redactText only over the lines they show (the
 * plan tool's diff hunks) instead of over a whole 1 MiB file.
 */
export function redactConfigStructure(text: string): string {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{') || (trimmed.startsWith('[') && !looksLikeToml(trimmed))) return redactJsonStructure(text);
  return redactTomlTables(text);
}

/** Redacts a whole host configuration file (JSON, JSONC or TOML), keeping its layout. */
export function redactConfigText(text: string): string {
  return redactText(redactConfigStructure(text));
}
