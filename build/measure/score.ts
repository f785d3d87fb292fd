/** An interval to match: truth or detected. */
export interface Span {
  startMs: number;
  endMs: number;
}

export interface Score {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number;
  recall: number;
  f1: number;
}

/** Precision, recall and F1 from counts. With nothing to find and nothing found, all are 1. */
export function scoreCounts(tp: number, fp: number, fn: number): Score {
  const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 1 : tp / (tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { truePositives: tp, falsePositives: fp, falseNegatives: fn, precision, recall, f1 };
}

/**
 * One-to-one matching by overlap: a truth and a detected span that overlap in time (closed intervals,
 * so a sample-long event still matches) may be matched; the matching pairs as many as possible
 * (a maximum bipartite matching, Kuhn's augmenting paths), each truth trying its most-overlapping
 * candidates first. Greedy "most overlap first" is not enough: a blink's label runs on through its
 * 0.4 s creep, so a double's first label overlaps the second detected blink as much as its own, and
 * greed can leave the second label with nothing. Returns, for each truth span, the index of its
 * detected match or −1. Both lists must be sorted by start.
 */
export function matchByOverlap(truth: readonly Span[], found: readonly Span[]): Int32Array {
  const candidates: number[][] = [];
  let first = 0;
  for (let t = 0; t < truth.length; t++) {
    const a = truth[t];
    // Truth starts are sorted: a detected span ending before this truth starts cannot match a later one.
    while (first < found.length && found[first].endMs < a.startMs) first++;
    const list: { d: number; overlap: number }[] = [];
    for (let d = first; d < found.length && found[d].startMs <= a.endMs; d++) {
      const b = found[d];
      if (b.endMs < a.startMs) continue;
      list.push({ d, overlap: Math.min(a.endMs, b.endMs) - Math.max(a.startMs, b.startMs) });
    }
    list.sort((p, q) => q.overlap - p.overlap || p.d - q.d);
    candidates.push(list.map((c) => c.d));
  }
  const match = new Int32Array(truth.length).fill(-1);
  const owner = new Int32Array(found.length).fill(-1);
  const seen = new Int32Array(found.length).fill(-1);
  const augment = (t: number, round: number): boolean => {
    for (const d of candidates[t]) {
      if (seen[d] === round) continue;
      seen[d] = round;
      if (owner[d] < 0 || augment(owner[d], round)) {
        owner[d] = t;
        match[t] = d;
        return true;
      }
    }
    return false;
  };
  for (let t = 0; t < truth.length; t++) augment(t, t);
  return match;
}

/** Precision, recall and F1 of `found` against `truth`, matched one-to-one by overlap. */
export function scoreEvents(truth: readonly Span[], found: readonly Span[]): Score {
  const match = matchByOverlap(truth, found);
  let tp = 0;
  for (const m of match) if (m >= 0) tp++;
  return scoreCounts(tp, found.length - tp, truth.length - tp);
}
