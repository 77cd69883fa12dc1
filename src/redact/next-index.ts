// indexOf with memory, for scanners that look ahead from positions that only move forward.
// `text.indexOf(needle, from)` called at every candidate would rescan the same stretch once per
// candidate (quadratic on a long line with many candidates and no match); remembering the last
// answer makes the total work of all calls O(text length) per needle while `from` never decreases.
export class NextIndex {
  private from = -1;
  private at = -1;

  constructor(
    private readonly text: string,
    private readonly needle: string,
  ) {}

  /** The first index >= from where the needle occurs, or -1. */
  next(from: number): number {
    // The remembered answer holds for any later `from` up to it; "none after x" holds for all later.
    const valid = this.from !== -1 && from >= this.from && (this.at === -1 || this.at >= from);
    if (!valid) {
      this.from = from;
      this.at = this.text.indexOf(this.needle, from);
    }
    return this.at;
  }
}
