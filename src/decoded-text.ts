// The text a byte array holds, remembered by whoever already had both (the planning overlay decodes
// every file it reads and encodes every file it changes). Showing a plan's diff needs both sides as
// text again; decoding a 56 MB ~/.claude.json costs about as much as JSON.parse of it, so the diff
// asks here first. Weakly held: an entry lives exactly as long as its bytes.
//
// The map hangs off a registered symbol, not a module variable: the bundle is built in families
// (scripts/build.mjs) and the planner and the diff can come from two copies of this module in
// different chunks; both copies must see one map.
const KEY = Symbol.for('patchbay.decoded-texts');
const holder = globalThis as { [KEY]?: WeakMap<Uint8Array, string> };
const texts = (holder[KEY] ??= new WeakMap<Uint8Array, string>());

/** Records that `bytes` is the UTF-8 encoding of `text` (the caller guarantees it). */
export function rememberText(bytes: Uint8Array, text: string): void {
  texts.set(bytes, text);
}

/**
 * The text of `bytes` without a leading BOM, as `new TextDecoder().decode(bytes)` gives it: from the
 * record when there is one (valid UTF-8 round-trips exactly), decoded otherwise.
 */
export function textOf(bytes: Uint8Array): string {
  const known = texts.get(bytes);
  if (known !== undefined) return known.charCodeAt(0) === 0xfeff ? known.slice(1) : known;
  return new TextDecoder().decode(bytes);
}

/** True when `text` has no lone surrogate, so that encoding it to UTF-8 and back gives it again. */
export function roundTrips(text: string): boolean {
  return (text as string & { isWellFormed(): boolean }).isWellFormed();
}
