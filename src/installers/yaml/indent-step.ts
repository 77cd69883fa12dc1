// A file's indentation step from a tally of the steps seen between a key and its nested mapping's keys:
// the most common, ties to the smaller, 2 when nothing is nested. Shared by layout.ts (counting over the
// package's nodes) and simple-document.ts (over the plain reader's lines), which must agree.
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
