import type { DetectedSaccade } from './engbert-kliegl.ts';
import type { DetectorParams } from './params.ts';
import type { GazeSignal } from './signal.ts';
import type { Segment } from './velocity.ts';

export interface Fixation {
  startMs: number;
  endMs: number;
  durationMs: number;
  /** Mean gaze over the fixation's usable samples, degrees. */
  xDeg: number;
  yDeg: number;
  /** Touches the recording's start or end: its true length is unknown, so means leave it out. */
  censored: boolean;
}

/** A saccade that ends a fixation: a saccade ≥ the split, with any corrective merged into it. */
export interface FixationBreak {
  startMs: number;
  endMs: number;
  /**
   * `saccade`: a detected saccade (and any corrective merged in). `hidden`: gaze moved ≥ the split
   * across missing data; placed at the gap's middle, zero length.
   */
  cause: 'saccade' | 'hidden';
  /** Saccades merged in as correctives. */
  correctives: number;
}

/**
 * Whether saccade `s` is the corrective of `primary` (eye.md §1: above 8° the eye lands at 90–94 % and
 * a corrective follows 110–170 ms later). The detector cannot read the generator's mind, so it judges
 * by what a corrective looks like: soon after a large primary and a small fraction of it. The limits
 * (params) leave room around the model's values; the spec is silent on the detector's side.
 */
export function isCorrective(
  primary: { endMs: number; amplitudeDeg: number },
  s: { startMs: number; amplitudeDeg: number },
  params: DetectorParams,
): boolean {
  return (
    primary.amplitudeDeg >= params.correctiveMinPrimaryDeg &&
    s.startMs - primary.endMs <= params.correctiveMaxGapMs &&
    s.amplitudeDeg <= params.correctiveMaxRatio * primary.amplitudeDeg
  );
}

/**
 * What ends a fixation, eye.md §10: every saccade ≥ `microMaxDeg` (microsaccades do not break a
 * fixation), a corrective merged into its primary (`mergeCorrectives`; at most one per primary); and missing data (a blink) across which the gaze
 * moved ≥ `microMaxDeg` — a saccade the tracker could not see. When it happened inside the gap is
 * unknown, so it is placed at the gap's middle: the two fixations share the gap, which keeps the mean
 * unbiased (putting the whole gap down as saccade would shorten both). A saccade cut short by the
 * gap and the shift across that gap are one movement.
 */
export function fixationBreaks(
  signal: GazeSignal,
  saccades: DetectedSaccade[],
  segments: Segment[],
  params: DetectorParams,
  sampleIntervalMs: number,
): FixationBreak[] {
  const { tMs } = signal;
  const moves: Move[] = saccades
    .filter((s) => s.kind === 'saccade')
    .map((s) => ({ startMs: s.startMs, endMs: s.endMs, amplitudeDeg: s.amplitudeDeg, cause: 'saccade', correctives: 0 }));
  const near = 1.5 * sampleIntervalMs;
  for (let k = 1; k < segments.length; k++) {
    const before = meanPosition(signal, segments[k - 1].end - 2, segments[k - 1].end);
    const after = meanPosition(signal, segments[k].start, segments[k].start + 2);
    const shiftDeg = Math.hypot(after.x - before.x, after.y - before.y);
    if (!(shiftDeg >= params.microMaxDeg)) continue;
    const gapStartMs = tMs[segments[k - 1].end];
    const gapEndMs = tMs[segments[k].start];
    // A saccade running into the gap or out of it is this movement, seen in part.
    const seen = moves.find((m) => m.cause === 'saccade' && (Math.abs(m.endMs - gapStartMs) <= near || Math.abs(m.startMs - gapEndMs) <= near));
    if (seen) {
      seen.amplitudeDeg = Math.max(seen.amplitudeDeg, shiftDeg);
      continue;
    }
    const mid = (gapStartMs + gapEndMs) / 2;
    moves.push({ startMs: mid, endMs: mid, amplitudeDeg: shiftDeg, cause: 'hidden', correctives: 0 });
  }
  moves.sort((a, b) => a.startMs - b.startMs);
  const out: Move[] = [];
  for (const m of moves) {
    const last = out[out.length - 1];
    // One corrective per primary: a merge is not merged again. Chaining let each merge's end reach
    // the next small saccade within the gap, so one 8° primary could swallow a run of them and the
    // real fixations between (11–16 per 120 s on human recordings).
    if (params.mergeCorrectives && last && last.correctives === 0 && isCorrective(last, m, params)) {
      last.endMs = m.endMs;
      last.correctives++;
    } else out.push({ ...m });
  }
  return out.map(({ amplitudeDeg: _a, ...b }) => b);
}

type Move = FixationBreak & { amplitudeDeg: number };

function meanPosition(signal: GazeSignal, from: number, to: number): { x: number; y: number } {
  let x = 0;
  let y = 0;
  let n = 0;
  for (let i = Math.max(0, from); i <= Math.min(signal.tMs.length - 1, to); i++) {
    if (Number.isNaN(signal.xDeg[i]) || Number.isNaN(signal.yDeg[i])) continue;
    x += signal.xDeg[i];
    y += signal.yDeg[i];
    n++;
  }
  return n > 0 ? { x: x / n, y: y / n } : { x: NaN, y: NaN };
}

/**
 * I-VT fixations (Salvucci & Goldberg 2000), counted as eye.md §10 counts them: a fixation is the
 * time between two breaks, velocity-thresholded by the Engbert & Kliegl ellipse (an adaptive I-VT).
 * Blinks inside a fixation are part of it (time between saccades); its position is the mean of the
 * usable samples. The first and last fixations are censored.
 */
export function ivtFixations(signal: GazeSignal, breaks: FixationBreak[], usable: Uint8Array): Fixation[] {
  const { tMs } = signal;
  const n = tMs.length;
  if (n === 0) return [];
  const bounds: { startMs: number; endMs: number; censored: boolean }[] = [];
  let from = tMs[0];
  let censored = true;
  for (const b of breaks) {
    if (b.startMs > from) bounds.push({ startMs: from, endMs: b.startMs, censored });
    from = Math.max(from, b.endMs);
    censored = false;
  }
  if (tMs[n - 1] > from) bounds.push({ startMs: from, endMs: tMs[n - 1], censored: true });
  const out: Fixation[] = [];
  let i = 0;
  for (const f of bounds) {
    let x = 0;
    let y = 0;
    let m = 0;
    while (i < n && tMs[i] < f.startMs) i++;
    for (let j = i; j < n && tMs[j] <= f.endMs; j++) {
      if (!usable[j]) continue;
      x += signal.xDeg[j];
      y += signal.yDeg[j];
      m++;
    }
    out.push({ ...f, durationMs: f.endMs - f.startMs, xDeg: m ? x / m : NaN, yDeg: m ? y / m : NaN });
  }
  return out;
}
