import type { DetectedBlink } from './blinks.ts';
import { median, type GazeSignal } from './signal.ts';

/**
 * How far the gaze turns per unit of lid closure, degrees (Bell's phenomenon: ~9° up at a shut lid).
 * Vertical only: the roll is upward (eye.md §4), and a horizontal term fitted from a few blinks would
 * be at the mercy of any horizontal saccade that shares one.
 */
export interface BellGain {
  yDegPerClosure: number;
  /** Samples the estimate rests on (0: no blinks, no correction). */
  samples: number;
}

/** Closing-phase samples shallower than this carry too little roll to weigh. */
const MIN_CLOSURE = 0.1;

/**
 * Bell's phenomenon measured from the recording itself: as a lid closes the globe rolls (up, eye.md §4),
 * in proportion to the closure. For every blink, each sample of its closing and its opening (still
 * visible: closure ≤ `maxClosure`) gives a ratio (change of gaze since just before onset) / (change of closure); the gain
 * is the median ratio, robust to the odd saccade that shares a blink. The detectors then read gaze
 * with that roll taken out, so a half-shut lid's samples are usable and the slow roll back down while
 * the last tenth of an opening creeps (≤ 3.4°/s) is not mistaken for drift or a microsaccade.
 */
export function estimateBellGain(signal: GazeSignal, closure: Float64Array, blinks: readonly DetectedBlink[], maxClosure: number): BellGain {
  const n = signal.yDeg.length;
  // Each phase against the open sample on its own side: the closing phase (onset → deepest) against
  // the sample before onset, the opening phase (deepest → end) against the sample after the end. A
  // film's tracker loses the pupil early in a 70 ms closing (2 frames at 30 fps), so the slower opening
  // is where most of a film's visible roll is.
  const phase = (ry: number[], ref: number, from: number, to: number): void => {
    if (ref < 0 || ref >= n || Number.isNaN(signal.yDeg[ref]) || Number.isNaN(closure[ref])) return;
    for (let i = from; i <= to; i++) {
      const c = closure[i];
      if (!(c >= MIN_CLOSURE && c <= maxClosure) || Number.isNaN(signal.yDeg[i])) continue;
      ry.push((signal.yDeg[i] - signal.yDeg[ref]) / (c - closure[ref]));
    }
  };
  // One vote per blink (its own median), then the median of the votes: a long, slow lid movement that
  // is not a blink's roll (a held squint while the eye pursues a pointer gave 22 samples of −18…−77
  // °/closure) is one odd vote, not the majority of the samples.
  const votes: number[] = [];
  let samples = 0;
  for (const b of blinks) {
    const ry: number[] = [];
    phase(ry, b.startIndex - 1, b.startIndex, b.peakIndex);
    phase(ry, b.endIndex + 1, b.peakIndex + 1, b.endIndex);
    if (ry.length === 0) continue;
    votes.push(median(Float64Array.from(ry)));
    samples += ry.length;
  }
  if (votes.length === 0) return { yDegPerClosure: 0, samples: 0 };
  return { yDegPerClosure: median(Float64Array.from(votes)), samples };
}

/**
 * The gaze with the lid's roll taken out: gaze − gain · (closure − a straight line between its levels
 * at the two ends of the lid's movement), within each movement only. A movement is one blink's span,
 * or several touching spans (a double's second starts while the first still creeps open, so the
 * roll never returns to rest between them). Outside a movement, and in the small offset a window
 * estimate of the open level can leave at its ends, "closure" is the lids riding with the gaze (a
 * down-gaze between two up-gazes dips the opening a little), which brings no roll; measuring from the
 * line keeps the correction 0 at both ends, so it adds no step. A movement cut by the recording's
 * start or end has only one end at rest, and the line is flat at its level.
 */
export function withoutBell(signal: GazeSignal, closure: Float64Array, blinks: readonly DetectedBlink[], gain: BellGain): GazeSignal {
  if (gain.samples === 0 || blinks.length === 0) return signal;
  const yDeg = signal.yDeg.slice();
  const t = signal.tMs;
  const at = (i: number) => (Number.isNaN(closure[i]) ? 0 : closure[i]);
  for (let k = 0; k < blinks.length; ) {
    const i0 = blinks[k].spanStartIndex;
    let i1 = blinks[k].spanEndIndex;
    for (k++; k < blinks.length && blinks[k].spanStartIndex <= i1 + 1; k++) i1 = Math.max(i1, blinks[k].spanEndIndex);
    // A movement the recording's start or end cuts is not at rest there: the line runs level from its other end.
    const n1 = yDeg.length - 1;
    const c0 = i0 === 0 && i1 < n1 ? at(i1) : at(i0);
    const c1 = i1 === n1 && i0 > 0 ? at(i0) : at(i1);
    for (let i = i0; i <= i1; i++) {
      if (Number.isNaN(closure[i])) continue;
      const ref = i1 > i0 ? c0 + ((c1 - c0) * (t[i] - t[i0])) / (t[i1] - t[i0]) : c0;
      const c = Math.max(0, closure[i] - ref);
      yDeg[i] -= gain.yDegPerClosure * c;
    }
  }
  return { ...signal, yDeg };
}
