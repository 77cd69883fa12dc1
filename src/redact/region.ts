// Structural redaction of one region of a JSON/JSONC document, with the decisions the whole-document
// pass (json-structure.ts) makes. A diff shows a few lines of a file that may be 56 MB
// (~/.claude.json); redacting both whole sides to show them cost more than everything else init did.
//
// Whether a string is a secret depends only on where it sits: the keys on its path (is it under an
// env/headers object? is its own key secret-looking?) and, in an argv array, on that array's other
// strings. So the region is redacted by walking down from the root, one object level at a time:
//  - a member that does not touch the region is skipped (its text is jumped over, not parsed);
//  - a member whose value is a big object only partly in the region is entered, carrying its context
//    (inside an env/headers subtree, and the key);
//  - any other touching member's value is redacted whole by secretStringEdits with that context
//    (arrays always whole: an argv array is judged as one).
// The result is exactly the whole-document pass restricted to the region, for any document the
// installers accept (property test: test/redact/region.test.ts). Anything the level scanner does not
// expect (a root that is not an object, malformed text) returns undefined: the caller then redacts the
// whole document as before. One deliberate difference: the whole-document pass skips structural
// redaction entirely for a file nested deeper than MAX_NESTING (the installers refuse such a file,
// so no plan edits one); here only the visited values are checked, so such a file is redacted more.
import { checkDepth, MAX_NESTING } from '../installers/jsonc/depth.js';
import { skipContainer } from '../installers/jsonc/level.js';
import { FAIL, scanString, skipTrivia, stringValue } from '../installers/jsonc/lex.js';
import { isContainerKey, secretStringEdits, type Edit, type ValueContext } from './json-structure.js';

/** An object value this long or longer, only partly inside the region, is entered instead of redacted whole
 * (a parameter only so that tests can make every object count as big). */
const ENTER_MIN = 16 * 1024;

interface Member {
  key: string;
  start: number;
  valueStart: number;
  valueEnd: number;
  object: boolean;
}

/** Offset after the scalar value at `i` (string, number, literal), or FAIL. */
function skipScalar(body: string, i: number): number {
  if (body.charCodeAt(i) === 34) return scanString(body, i, { escaped: false });
  const stop = /[\s,}\]/]/g;
  stop.lastIndex = i;
  const m = stop.exec(body);
  const end = m ? m.index : body.length;
  return end > i ? end : FAIL;
}

/** The members of the object opening at `open`, and the offset after its `}`; undefined on surprise. */
function members(body: string, open: number): { list: Member[]; end: number } | undefined {
  const list: Member[] = [];
  const str = { escaped: false };
  let i = skipTrivia(body, open + 1);
  if (body.charCodeAt(i) === 125) return { list, end: i + 1 };
  for (;;) {
    if (body.charCodeAt(i) !== 34) return undefined;
    const keyEnd = scanString(body, i, str);
    if (keyEnd === FAIL) return undefined;
    const key = stringValue(body, i, keyEnd, str.escaped);
    const colon = skipTrivia(body, keyEnd);
    if (body.charCodeAt(colon) !== 58) return undefined;
    const valueStart = skipTrivia(body, colon + 1);
    if (valueStart === FAIL) return undefined;
    const c = body.charCodeAt(valueStart);
    const valueEnd = c === 123 || c === 91 ? skipContainer(body, valueStart) : skipScalar(body, valueStart);
    if (valueEnd === FAIL) return undefined;
    list.push({ key, start: i, valueStart, valueEnd, object: c === 123 });
    i = skipTrivia(body, valueEnd);
    if (body.charCodeAt(i) === 125) return { list, end: i + 1 };
    if (body.charCodeAt(i) !== 44) return undefined;
    i = skipTrivia(body, i + 1);
    if (body.charCodeAt(i) === 125) return { list, end: i + 1 }; // a trailing comma (JSONC)
  }
}

/**
 * The structural redaction edits (offsets in `body`) of the strings inside [start, end), as
 * secretStringEdits(body) would make them; undefined when the caller must use the whole-document pass.
 */
export function regionEdits(body: string, start: number, end: number, enterMin = ENTER_MIN): Edit[] | undefined {
  const root = skipTrivia(body, 0);
  if (body.charCodeAt(root) !== 123) return undefined;
  const edits: Edit[] = [];
  // The objects to read, each with the context its members' values sit in (the root: none).
  // `depth`: how many containers are open at the object's members (the root: 1), for the nesting cap.
  const todo: Array<{ open: number; inside: boolean; depth: number }> = [{ open: root, inside: false, depth: 1 }];
  while (todo.length > 0) {
    const { open, inside, depth } = todo.pop() as { open: number; inside: boolean; depth: number };
    const level = members(body, open);
    if (!level) return undefined;
    for (const m of level.list) {
      if (m.valueEnd <= start || m.start >= end) continue; // does not touch the region
      const context: ValueContext = { inside, key: m.key };
      const whollyInside = m.valueStart >= start && m.valueEnd <= end;
      if (m.object && !whollyInside && m.valueEnd - m.valueStart >= enterMin) {
        todo.push({ open: m.valueStart, inside: inside || isContainerKey(m.key), depth: depth + 1 });
        continue;
      }
      const text = body.slice(m.valueStart, m.valueEnd);
      if (checkDepth(text, MAX_NESTING - depth)) return undefined;
      for (const e of secretStringEdits(text, context)) {
        const offset = e.offset + m.valueStart;
        if (offset >= start && offset + e.length <= end) edits.push({ ...e, offset });
      }
    }
  }
  return edits;
}
