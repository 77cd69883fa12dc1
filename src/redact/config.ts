// redactConfigText: a whole host configuration file, for diffs. JSON/JSONC is redacted structurally
// (every string of an env/headers object, every value of a secret-looking key, argv flags), keeping
// every other byte, so the two sides of a diff redact the same way and the diff stays patchbay's own
// change; TOML env/headers tables likewise. Then redactText over everything, for what structure
// cannot see (comments, URLs in args, a file the parser could not read).
import { parseTree, type Node } from 'jsonc-parser';
import { checkDepth, MAX_JSON_DEPTH } from '../installers/jsonc/depth.js';
import { redactArgs } from './args.js';
import { isSecretKeyName, SECRET_CONTAINER_KEYS } from './key-names.js';
import { REDACTED } from './marker.js';
import { redactText } from './text.js';

interface Edit {
  offset: number;
  length: number;
  /** Replacement JSON text (a quoted string). */
  text: string;
}

const QUOTED_REDACTED = JSON.stringify(REDACTED);

/** Collects the string value nodes that must be blanked. Recursion is bounded by MAX_JSON_DEPTH. */
function collectSecretNodes(node: Node | undefined, insideContainer: boolean, edits: Edit[]): void {
  if (!node) return;
  if (node.type === 'string' && insideContainer) {
    edits.push({ offset: node.offset, length: node.length, text: QUOTED_REDACTED });
    return;
  }
  if (node.type === 'object') {
    for (const prop of node.children ?? []) {
      const keyNode = prop.children?.[0];
      const valueNode = prop.children?.[1];
      const key = typeof keyNode?.value === 'string' ? keyNode.value : '';
      const container = SECRET_CONTAINER_KEYS.has(key.toLowerCase());
      if (valueNode?.type === 'string' && (insideContainer || isSecretKeyName(key))) {
        edits.push({ offset: valueNode.offset, length: valueNode.length, text: QUOTED_REDACTED });
      } else {
        collectSecretNodes(valueNode, insideContainer || container, edits);
      }
    }
    return;
  }
  if (node.type === 'array') {
    const children = node.children ?? [];
    // An argv array: `--token X` and `--token=X` carry secrets that no key name announces.
    const strings = children.map((c) => (c.type === 'string' && typeof c.value === 'string' ? c.value : null));
    if (!insideContainer && strings.every((v) => v !== null)) {
      const redacted = redactArgs(strings as string[]);
      children.forEach((c, i) => {
        if (redacted[i] !== strings[i]) edits.push({ offset: c.offset, length: c.length, text: JSON.stringify(redacted[i]) });
      });
      return;
    }
    for (const child of children) collectSecretNodes(child, insideContainer, edits);
  }
}

/** Applies non-overlapping edits in one pass (not one string copy per edit: 5,000 servers make 15,000 edits). */
function applyEdits(text: string, edits: Edit[]): string {
  edits.sort((a, b) => a.offset - b.offset);
  const parts: string[] = [];
  let last = 0;
  for (const e of edits) {
    if (e.offset < last) continue;
    parts.push(text.slice(last, e.offset), e.text);
    last = e.offset + e.length;
  }
  parts.push(text.slice(last));
  return parts.join('');
}

function redactJsonStructure(text: string): string {
  // Too deep for a recursive parser: leave it to the text pass (the installers refuse the file).
  if (checkDepth(text, MAX_JSON_DEPTH)) return text;
  const edits: Edit[] = [];
  try {
    collectSecretNodes(parseTree(text, [], { allowTrailingComma: true, disallowComments: false }), false, edits);
  } catch {
    // a tree we cannot read is covered by the text pass
  }
  return applyEdits(text, edits);
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

/** Redacts a whole host configuration file (JSON, JSONC or TOML), keeping its layout. */
export function redactConfigText(text: string): string {
  const trimmed = text.trimStart();
  let out: string;
  if (trimmed.startsWith('{') || (trimmed.startsWith('[') && !looksLikeToml(trimmed))) out = redactJsonStructure(text);
  else out = redactTomlTables(text);
  return redactText(out);
}
