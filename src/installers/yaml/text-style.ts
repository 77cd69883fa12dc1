// A YAML file's style from its text and an indentation tally, shared by layout.ts (tallying over the
// package's nodes) and simple-document.ts (over the plain reader's lines), which must agree.
import type { DocumentStyle } from '../document/types.js';
import { detectEol } from '../text/text.js';

/** The indentation step from a tally of the steps between a key and its nested mapping's keys: the most common, ties to the smaller, 2 when nothing is nested. */
export function indentStep(steps: ReadonlyMap<number, number>): number {
  let unit = 2;
  let best = 0;
  for (const [step, count] of steps) {
    if (count > best || (count === best && step < unit)) {
      unit = step;
      best = count;
    }
  }
  return unit;
}

/** The style of a YAML text (BOM-less) indented by `unit` spaces. */
export function textStyle(text: string, bom: boolean, unit: number): DocumentStyle {
  return {
    eol: detectEol(text),
    indentUnit: ' '.repeat(unit),
    // A new (0-byte) file gets the default final newline; any other file keeps what it has (YAML
    // breaks lines at a lone \r too).
    finalNewline: text === '' || /[\r\n]$/.test(text),
    bom,
  };
}
