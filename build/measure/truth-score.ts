import type { TruthEvent } from '../model/types.ts';
import type { Detection } from './detect.ts';
import type { SaccadeKind } from './engbert-kliegl.ts';
import { matchByOverlap, scoreCounts, scoreEvents, type Score } from './score.ts';

/** How well the detectors found what the generator did, per event type. */
export interface DetectorAccuracy {
  saccade: Score;
  microsaccade: Score;
  blink: Score;
  /**
   * Truth saccades and microsaccades that fell wholly inside missing data (a blink's masked span): no
   * tracker sees them, so they are left out of the scores above, and counted here.
   */
  hidden: { saccade: number; microsaccade: number };
  /** Detected blinks that were the stage's cut closing the lid (matched to a cut, left out of blink scoring). */
  cutClosures: number;
}

type TruthSaccade = Extract<TruthEvent, { kind: 'saccade' | 'microsaccade' }>;

/**
 * Which class a truth saccade belongs to: by its amplitude against the same split the detector uses
 * (eye.md §10 counts "saccades < 0.6°" as microsaccades), so a 0.5° corrective that the generator
 * files under `saccade` is scored as the microsaccade the caps count it as.
 */
export function truthClass(e: TruthSaccade, microMaxDeg: number): SaccadeKind {
  return e.amplitudeDeg < microMaxDeg ? 'microsaccade' : 'saccade';
}

/**
 * Score a detection against the generator's labels. Saccadic events that no sample shows (wholly
 * inside a blink's missing data) are set aside and counted. The rest are scored per class: the truth
 * events of a class against the detections of that class, matched one-to-one by overlap (a 0.6°
 * saccade read as 0.59° is a missed saccade and a false microsaccade). Blinks are matched among
 * themselves, after setting aside detections that were a cut. Events starting in the recording's last
 * second are not scored (their labels may not exist yet).
 */
export function scoreDetection(truth: readonly TruthEvent[], d: Detection, microMaxDeg: number, recordingEndMs = Infinity): DetectorAccuracy {
  // The generator labels an event when it ends (a blink 700 ms after onset, with its creep): in the
  // last second of a recording, what started may have no label yet. Neither side is scored there.
  const scoredUntil = recordingEndMs - LABEL_LAG_MS;
  const early = <T extends { startMs: number }>(e: T) => e.startMs <= scoredUntil;
  truth = truth.filter(early);
  d = { ...d, saccades: d.saccades.filter(early), blinks: d.blinks.filter(early) };
  const allSacc = truth.filter((e): e is TruthSaccade => e.kind === 'saccade' || e.kind === 'microsaccade').sort(byStart);
  const hidden = { saccade: 0, microsaccade: 0 };
  const seen: TruthSaccade[] = [];
  for (const e of allSacc) {
    if (insideMissing(e, d)) hidden[truthClass(e, microMaxDeg)]++;
    else seen.push(e);
  }
  const scoreClass = (cls: SaccadeKind) =>
    scoreEvents(
      seen.filter((e) => truthClass(e, microMaxDeg) === cls),
      d.saccades.filter((s) => s.kind === cls),
    );

  const cuts = truth.filter((e) => e.kind === 'cut').sort(byStart);
  const cutMatch = matchByOverlap(cuts, d.blinks);
  const fromCuts = new Set([...cutMatch].filter((m) => m >= 0));
  const blinksFound = d.blinks.filter((_, j) => !fromCuts.has(j));
  const tBlinks = truth.filter((e) => e.kind === 'blink').sort(byStart);
  const blinkMatch = matchByOverlap(tBlinks, blinksFound);
  let tp = 0;
  for (const m of blinkMatch) if (m >= 0) tp++;
  return {
    saccade: scoreClass('saccade'),
    microsaccade: scoreClass('microsaccade'),
    blink: scoreCounts(tp, blinksFound.length - tp, tBlinks.length - tp),
    hidden,
    cutClosures: fromCuts.size,
  };
}

/** Longest a label can lag its event's start (a blink with its 0.4 s creep is 0.7 s), with room. */
const LABEL_LAG_MS = 1000;

const byStart = (a: { startMs: number }, b: { startMs: number }) => a.startMs - b.startMs;

/** The event lies wholly outside every usable segment. */
function insideMissing(e: { startMs: number; endMs: number }, d: Detection): boolean {
  // Spans are few (one per blink); a linear scan per event keeps this simple and is fast enough.
  return !d.usableSpans.some((s) => s.startMs <= e.endMs && s.endMs >= e.startMs);
}
