// "Did you mean …?" for mistyped commands, flags and host ids: the closest valid word by edit
// distance, offered only when it is close enough to be a plausible typo (not a different word).

/**
 * Optimal-string-alignment distance: insert, delete, substitute, and swap of two neighbours (the
 * commonest typo, `hots` for `host`), each costing 1.
 */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((rows[i - 1]![j] as number) + 1, (row[j - 1] as number) + 1, (rows[i - 1]![j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, (rows[i - 2]![j - 2] as number) + 1);
      row[j] = best;
    }
    rows.push(row);
  }
  return rows[a.length]![b.length] as number;
}

/** The closest candidate within a typo's reach (a third of the word, at least 1, at most 3), else undefined. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const limit = Math.min(3, Math.max(1, Math.floor(word.length / 3)));
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (distance <= limit && (best === undefined || distance < best.distance)) best = { candidate, distance };
  }
  return best?.candidate;
}

/** " Did you mean `status`?" or '' — ready to append to a sentence. */
export function didYouMean(word: string, candidates: readonly string[], render: (c: string) => string = (c) => `\`${c}\``): string {
  const match = closest(word, candidates);
  return match === undefined ? '' : ` Did you mean ${render(match)}?`;
}
