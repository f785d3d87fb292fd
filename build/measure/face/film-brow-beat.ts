import { saccadeDurationMs } from '../../model/tuned/gaze/main-sequence.ts';
import { AU_FIELDS } from '../../model/types.ts';
import type { Assertion } from '../caps.ts';
import { detect } from '../detect.ts';
import type { DetectorParams } from '../params.ts';
import type { GazeSignal } from '../signal.ts';
import type { Span } from '../score.ts';
import { FACE } from '../../spec/eye-spec.ts';
import { browOnsetsAtFrames, type FrameBrowAnswer, type FrameBrowOptions } from './brow-onsets-at-frames.ts';

/**
 * How the brow's beat is read from a film (browOnsetsAtFrames): a node has begun to move once it is
 * 0.03 mm from where it was when the saccade began (0.9 px of the 720p film, 0.4 px of its half-size
 * mask, whose edge is read to a few hundredths of a pixel); only answers whose head moves 0.2 mm or
 * more are read (the crossing then comes within ~10–20 ms of the first motion); the chain must have
 * been still for 100 ms before the saccade began; a node that has not moved 450 ms after the
 * landing did not answer it (room for a brow that answers far too late to be measured as such).
 */
export const FILM_BROW_BEAT: FrameBrowOptions = { thresholdMm: 0.03, quietBeforeMs: 100, withinMs: 450, minAnswerMm: 0.3 };

/** A landing's answer is still travelling down the chain this long after it (the band's top, 140 ms, and the head-to-tail travel, ~50 ms, with room), ms. */
const PENDING_MS = 300;

/**
 * Two neighbouring nodes' crossings may swap by this much without the order being broken, ms: the
 * model's stagger is 12.5 ms a node, and a crossing interpolated linearly between frames on a curved
 * rise is off by a few ms (a tail moving more than its neighbour crosses its threshold sooner).
 */
export const ORDER_TOLERANCE_MS = 5;

/**
 * A node near the pivot of a tilting shape (the head rising while the tail falls) barely moves, and a
 * small answer crosses the threshold late: the order is judged over the nodes that move at least this
 * far, mm.
 */
export const ORDER_MIN_REACH_MM = 0.15;

/** Do an answer's clearly moving nodes start head to tail (each within ORDER_TOLERANCE_MS of the one before it, or after)? */
export function headToTail(a: FrameBrowAnswer): boolean {
  let last = -Infinity;
  for (let k = 0; k < a.nodeDelaysMs.length; k++) {
    if (a.nodeReachMm[k] < ORDER_MIN_REACH_MM) continue;
    if (a.nodeDelaysMs[k] < last - ORDER_TOLERANCE_MS) return false;
    last = a.nodeDelaysMs[k];
  }
  return true;
}

/** The trace's columns of the four brow muscles. */
export const BROW_AU_FIELDS = [AU_FIELDS.AU1, AU_FIELDS.AU2, AU_FIELDS.AU4, AU_FIELDS.AU6] as const;

/** The brow's beat in one film, from one signal (the pixel path's, or the model's at the film's frames). */
export interface FilmBrowBeat {
  /** Saccades (≥ the microsaccade bound) the detector found at the film rate, away from the face's feelings: the landings looked at. */
  landings: number;
  answers: FrameBrowAnswer[];
  /** Median head-node onset after the landing over the answers, ms (null: none). */
  headOnsetMedianMs: number | null;
  /** Answers whose clearly moving nodes start head to tail (headToTail). */
  inOrder: number;
}

/**
 * Spans where the brow's muscles (AU1, AU2, AU4, AU6: the trace's activation columns) were changing:
 * there the brow moves for a feeling (a greeting's flash, a wince), not for where the eye looks.
 */
export function browMuscleSpans(tMs: ArrayLike<number>, activations: readonly ArrayLike<number>[]): Span[] {
  const out: Span[] = [];
  let from = -1;
  for (let i = 1; i < tMs.length; i++) {
    const moving = activations.some((c) => c[i] !== c[i - 1]);
    if (moving && from < 0) from = i - 1;
    if (!moving && from >= 0) {
      out.push({ startMs: tMs[from], endMs: tMs[i - 1] });
      from = -1;
    }
  }
  if (from >= 0) out.push({ startMs: tMs[from], endMs: tMs[tMs.length - 1] });
  return out;
}

/**
 * The beat from a film's gaze signal (landings) and its five node heights at the same frames, head →
 * tail. Saccades whose look (from `quietBeforeMs` before the start to `withinMs` after the landing) overlaps a span in
 * `feelingSpans` (browMuscleSpans: the face's muscles moving the brow) are left out: the beat is the
 * brow's answer to the eye, which a greeting's flash would cover.
 */
export function filmBrowBeat(
  signal: GazeSignal,
  nodes: readonly ArrayLike<number>[],
  params: DetectorParams,
  feelingSpans: readonly Span[] = [],
  o: FrameBrowOptions = FILM_BROW_BEAT,
): FilmBrowBeat {
  const found = detect(signal, params)
    .saccades.filter((s) => s.kind === 'saccade')
    .map((s) => {
      // At a film's rate the detector widens a saccade by about a frame at each end (1995 and 2013
      // scripts at 30 fps: its start ~25 ms early, its end ~24–30 ms late), evenly: its middle holds,
      // and the main sequence (eye.md §1) gives the flight's length from the amplitude it measured.
      const mid = (s.startMs + s.endMs) / 2;
      const half = saccadeDurationMs(s.amplitudeDeg) / 2;
      return { startMs: mid - half, endMs: mid + half };
    });
  // The brow's answer to a landing takes a beat and the chain's travel: a saccade starting within
  // PENDING_MS of the last landing would have its answer mixed into this one's.
  const saccades = found.filter(
    (s, i) => (i === 0 || s.startMs - found[i - 1].endMs >= PENDING_MS) && !feelingSpans.some((f) => f.endMs >= s.startMs - o.quietBeforeMs && f.startMs <= s.endMs + o.withinMs),
  );
  const answers = browOnsetsAtFrames(signal.tMs, nodes, saccades, o);
  const heads = answers.map((a) => a.nodeDelaysMs[0]).sort((a, b) => a - b);
  return {
    landings: saccades.length,
    answers,
    headOnsetMedianMs: heads.length ? heads[heads.length >> 1] : null,
    inOrder: answers.filter(headToTail).length,
  };
}

/**
 * Clear answers a film needs for its beat to be a number: the band is for the beat's median, and one
 * landing followed by a microsaccade (the brow waits that out too) is not a median.
 */
export const FILM_BROW_BEAT_MIN_ANSWERS = 3;

/**
 * The beat as assertions (eye.md §7: a beat, 100–140 ms, after the eye lands; head to tail). A film
 * with fewer than FILM_BROW_BEAT_MIN_ANSWERS clear answers (a short film, a brow kept moving by the
 * face, as in the visitor scenes) has nothing to measure: reported, and it passes, as a film's other
 * unmeasurable numbers do.
 */
export function browBeatAssertions(scene: string, beat: FilmBrowBeat, label: string, note: string): Assertion[] {
  const b = FACE.browAfterLandingMs;
  const n = beat.answers.length;
  const measurable = n >= FILM_BROW_BEAT_MIN_ANSWERS;
  const heads = beat.answers.map((a) => a.nodeDelaysMs[0]);
  const range = measurable ? `; heads ${Math.min(...heads).toFixed(0)}–${Math.max(...heads).toFixed(0)} ms` : '';
  const onset = beat.headOnsetMedianMs;
  const share = measurable ? beat.inOrder / n : null;
  return [
    {
      scene,
      name: `${label}: brow onset after the eye lands`,
      metric: 'film.browOnsetAfterLandingMs',
      value: onset,
      cap: measurable ? { min: b.min, max: b.max } : {},
      capText: measurable ? `${b.min}–${b.max} ms` : `not measurable: ${n} clear answers (≥ ${FILM_BROW_BEAT_MIN_ANSWERS} needed)`,
      pass: !measurable || (onset !== null && onset >= b.min && onset <= b.max),
      note: `${note}; median head-node onset over ${n} answered landings of ${beat.landings}${range}`,
    },
    {
      scene,
      name: `${label}: brow node onsets head to tail`,
      metric: 'film.browHeadToTailShare',
      value: share,
      cap: measurable ? { min: 1 } : {},
      capText: measurable ? '= 1' : `not measurable: ${n} clear answers (≥ ${FILM_BROW_BEAT_MIN_ANSWERS} needed)`,
      pass: !measurable || share === 1,
      note: `${note}; ${beat.inOrder} of ${n} answers whose nodes moving ≥ ${ORDER_MIN_REACH_MM} mm start head to tail (within ${ORDER_TOLERANCE_MS} ms)`,
    },
  ];
}
